"""The Gherkin document and its compiled scenarios ("pickles"), as this package reads them.

gherkin-official types most of its nodes (a Scenario, a Step, a Tag …), and those types are
used as they are. Three of its types do not say what the parser and compiler build: a
Feature's or Rule's child is an empty ``Envelope``, a pickle step's argument another, and
a document always has a ``feature`` (a text without a "Feature:" line has none). The types
below say it; ``parsing.py`` casts gherkin's to them where it parses and where it compiles,
and nowhere else.

Types only: each of these is a plain dict at run time.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from gherkin.parser_types import Background, Comment, Examples, Location, Scenario, Tag
from gherkin.pickles.compiler import PickleArgumentDataTable, PickleArgumentDocString, PickleTag

__all__ = [
    "Child",
    "Described",
    "Document",
    "DocumentWithUri",
    "Feature",
    "Pickle",
    "PickleArgument",
    "PickleStep",
    "Rule",
]


class Child(TypedDict, total=False):
    """A child of a Feature or of a Rule: exactly one of these (a Rule only in a Feature)."""

    background: Background
    scenario: Scenario
    rule: Rule


class Rule(TypedDict):
    id: str
    location: Location
    tags: list[Tag]
    keyword: str
    name: str
    description: str
    children: list[Child]


class Feature(TypedDict):
    location: Location
    tags: list[Tag]
    language: str
    keyword: str
    name: str
    description: str
    children: list[Child]


class Document(TypedDict):
    feature: NotRequired[Feature]  # none in a text with no "Feature:" line
    comments: list[Comment]


class DocumentWithUri(Document):
    """A document as the compiler takes it."""

    uri: str


# Every node that may hold a description (prose under its keyword line).
Described = Feature | Rule | Background | Scenario | Examples


class PickleArgument(TypedDict, total=False):
    dataTable: PickleArgumentDataTable
    docString: PickleArgumentDocString


class PickleStep(TypedDict):
    astNodeIds: list[str]  # the step's node in the document
    id: str
    type: str  # "Context", "Action", "Outcome" or "Unknown"
    text: str
    argument: NotRequired[PickleArgument]


class Pickle(TypedDict):
    """One scenario as compiled: an outline gives one per Examples row."""

    astNodeIds: list[str]  # the scenario's node, then for an outline its Examples row's
    id: str
    location: Location
    tags: list[PickleTag]
    name: str
    language: str
    steps: list[PickleStep]
    uri: str
