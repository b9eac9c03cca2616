"""Scenario text → runnable scenarios, or the problems that stop it, in plain words.

The problems are told in the text's language (English, or Dutch for a text written with
``# language: nl``: see ``languages.py`` and ``messages.py``), with its Gherkin keywords.

Parsing is done by the official Gherkin parser; this module only turns its output into
plain data (one `ScenarioCase` per scenario or Examples row) and adds the checks the parser
does not make. Gherkin stays silent about several mistakes that would otherwise let a
scenario "pass" without checking anything, so each is reported here as a problem:

- a misspelt keyword ("Givn East holds 7D") becomes description text;
- a step written before any Scenario becomes description text;
- a scenario with no steps compiles and checks nothing;
- an outline whose Examples table has no rows runs nothing;
- a ``<placeholder>`` that names no Examples column stays in the step text.

An Examples column no step names is allowed, whatever its name, as Cucumber allows it; a
column named with regex characters (``n+1``, ``(n)``) is filled in like any other, since
placeholders are filled by name (``_Compiler``), not through a pattern made of the name.

Checking costs time in proportion to a text's *size in steps* (`size_in_steps`): its steps
as written, each outline's steps once per Examples row, a Background's steps once (the
runner runs a Background once and reuses the table it leaves). A text over `MAX_STEPS` is
refused here, before anything is compiled or run. So that the Background is not copied into
every scenario (a long Background and many scenarios would cost their product), its steps
are kept once, in a `BackgroundCase` each scenario points to.

A text is parsed once: `parse_text` remembers its last few answers, and the site takes the
title, the `@article:` keys and the Gherkin document for drawing from the same answer.

Pure Python: nothing here may import Django.
"""

from __future__ import annotations

import bisect
import difflib
import re
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, cast, overload

from gherkin.errors import (
    CompositeParserException,
    NoSuchLanguageException,
    ParserError,
    ParserException,
    UnexpectedEOFException,
    UnexpectedTokenException,
)
from gherkin.parser import Parser
from gherkin.parser_types import Background, Cell, Scenario, Step, Tag
from gherkin.pickles.compiler import Compiler, GherkinDocumentWithURI
from gherkin.token_scanner import TokenScanner

from .document import Child, Described, Document, DocumentWithUri, Feature, Pickle
from .languages import ENGLISH, dialect_name, gherkin_keywords, known, or_list
from .languages import dialect as gherkin_dialect
from .languages import number as grouped
from .messages import say, token_names
from .registry import NEAREST_CHARS, Registry, normalise
from .results import Problem

# A scenario text is a few dozen lines; the cap keeps a pasted novel from tying up a worker.
MAX_TEXT_CHARS: Final = 200_000
# What a text may ask the runner to do (see size_in_steps): about a second of running.
MAX_STEPS: Final = 20_000
# Tags over every scenario run, each with those it inherits (see tags_in_all): Gherkin copies
# a Feature's tags into every scenario, so 5,000 tags on 5,000 scenarios would be 25 million.
MAX_TAGS: Final = 50_000
# Characters of every scenario run (its name, steps, tables and doc strings; see
# chars_in_all): an outline repeats them for each Examples row, so a long name or step on
# many rows would fill the memory with copies.
MAX_EXPANDED_CHARS: Final = 2_000_000
# Description lines are compared letter by letter with the keywords (for a misspelt
# keyword) and with every phrase (for a step written as prose). A comparison with a keyword
# costs some microseconds, one with every phrase some milliseconds, so a text gets only so
# many (repeated words are compared once); a text needing more is prose, not a typo, and
# past them a word is a keyword, or a line a step, only when it is one exactly.
KEYWORD_COMPARISONS: Final = 20_000
PHRASE_LIKE_LINES: Final = 20
ARTICLE_TAG: Final = "@article:"

STEP_KEYWORDS: Final = ("Given", "When", "Then", "And", "But")
BLOCK_KEYWORDS: Final = (
    "Feature",
    "Rule",
    "Background",
    "Scenario",
    "Scenario Outline",
    "Scenario Template",
    "Example",
    "Examples",
    "Scenarios",
)
# Keyword type of a compiled step → the registry table it is matched in.
STEP_TYPES: Final = {"Context": "given", "Action": "when", "Outcome": "then"}

# What each token the parser expected means, for a reader who does not know Gherkin's names
# (messages.py has them in each language).
TOKEN_NAMES: Final = token_names(ENGLISH)

PLACEHOLDER: Final = re.compile(r"<[^<>\n]+>")


@dataclass(frozen=True)
class _Words:
    """A text's language (of its phrases and messages) and its Gherkin keywords."""

    language: str = ENGLISH
    steps: tuple[str, ...] = STEP_KEYWORDS
    blocks: tuple[str, ...] = BLOCK_KEYWORDS
    outlines: tuple[str, ...] = ("Scenario Outline", "Scenario Template")
    # Block keywords a line may start with and forget its colon after, longest first.
    colon_needed: tuple[str, ...] = ("Scenario Outline", "Scenario", "Background")
    features: tuple[str, ...] = ("Feature",)


def _words(text: str) -> _Words:
    """The words of a text in English (as ever) or in another Gherkin language."""
    dialect = dialect_name(text)
    if dialect == ENGLISH:
        return _Words()
    steps, blocks, outlines = gherkin_keywords(dialect)
    found = gherkin_dialect(dialect)
    if found is None:
        return _Words(known(dialect))
    scenarios = [*found.scenario_outline_keywords, *found.scenario_keywords]
    colon_needed = [*scenarios, *found.background_keywords]
    return _Words(
        known(dialect),
        steps,
        blocks,
        outlines,
        tuple(sorted((k.strip() for k in colon_needed), key=len, reverse=True)),
        tuple(k.strip() for k in found.feature_keywords),
    )


_PLACEHOLDER_NAME: Final = re.compile(r"<([^<>]*)>")


class _Compiler(Compiler):
    """gherkin-official's compiler, with an outline's <placeholders> filled in one pass over
    each text. The original runs one regex substitution per Examples column, for every step,
    cell and name of every row, each compiling its pattern anew once a table has more columns
    than Python's regex cache holds: a wide table on a long outline took minutes. It also
    builds each pattern from the column's name unescaped, so ``n+1`` or ``(n)`` was misread;
    here a name is looked up as it is written. A column whose name holds < or > is not
    filled in, and is reported as an unknown placeholder.
    """

    _row: Sequence[Cell] | None = None
    _values: dict[str, str] = {}

    @overload
    def _interpolate(
        self, name: str, variable_cells: Iterable[Cell], value_cells: Sequence[Cell]
    ) -> str: ...

    @overload
    def _interpolate(
        self, name: None, variable_cells: Iterable[Cell], value_cells: Sequence[Cell]
    ) -> None: ...

    def _interpolate(
        self, name: str | None, variable_cells: Iterable[Cell], value_cells: Sequence[Cell]
    ) -> str | None:
        if name is None or "<" not in name:
            return name
        if value_cells is not self._row:  # one row's steps come in turn: map it once
            self._row, self._values = value_cells, {}
            for variable, value in zip(variable_cells, value_cells, strict=False):
                self._values.setdefault(variable["value"], value["value"])
        values = self._values
        return _PLACEHOLDER_NAME.sub(lambda m: values.get(m.group(1), m.group(0)), name)


@dataclass
class StepCase:
    """One step as it will run: its line, keyword as written, table and text."""

    line: int
    keyword: str  # as written: "Given", "And", "*", …
    kind: str | None  # "given" / "when" / "then"; None when Gherkin cannot tell ("*")
    text: str
    data_table: list[list[str]] | None = None
    doc_string: str | None = None


@dataclass
class BackgroundCase:
    """The Background steps scenarios run first (the Feature's, then their Rule's), kept
    once and shared by every scenario that runs them."""

    key: str  # the Background(s) it is made of: equal keys, equal steps
    steps: list[StepCase]
    last_type: str | None = None  # Gherkin's keyword type of its last step, for a leading And


@dataclass
class ScenarioCase:
    """One scenario, or one Examples row of an outline, ready to run."""

    name: str
    line: int
    keyword: str
    steps: list[StepCase]  # its own steps, after the Background's
    tags: list[str] = field(default_factory=list)
    example_line: int | None = None
    example_values: dict[str, str] = field(default_factory=dict)
    background: BackgroundCase | None = None

    @property
    def all_steps(self) -> list[StepCase]:
        """The Background's steps and its own, as Gherkin runs them."""
        return [*(self.background.steps if self.background else []), *self.steps]


@dataclass
class ParsedText:
    """A parsed text. Shared by everything that asks for the same text: read it, never
    change it."""

    uri: str
    name: str = ""
    language: str = ENGLISH  # of its phrases and messages: see languages.py
    tags: list[str] = field(default_factory=list)  # the Feature's own tags
    scenarios: list[ScenarioCase] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    document: Document | None = None  # the Gherkin document; None when Gherkin cannot read it
    article_keys: list[str] = field(default_factory=list)  # every @article: key, in order
    size_in_steps: int = 0

    @property
    def title(self) -> str:
        """The Feature's name, as a scenario's title."""
        return self.name.strip()


class _Recent:
    """The last few texts parsed, so that saving or drawing a text parses it once however
    many parts of the site read it. A text of 200,000 characters parses to tens of
    megabytes: only a few are kept."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[str, tuple[Registry[Any] | None, ParsedText]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, text: str, registry: Registry[Any] | None) -> ParsedText | None:
        with self.lock:
            entry = self.entries.get(text)
            if entry is None or entry[0] is not registry:
                return None
            self.entries.move_to_end(text)
            return entry[1]

    def put(self, text: str, registry: Registry[Any] | None, parsed: ParsedText) -> None:
        with self.lock:
            self.entries[text] = (registry, parsed)
            self.entries.move_to_end(text)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


recent = _Recent(size=4)


def parse_text(text: str, uri: str = "", registry: Registry[Any] | None = None) -> ParsedText:
    """Parse one scenario text. Problems, if any, mean the text must not be run.

    `registry` sharpens the misspelt-keyword check: a description line is only taken for a
    misspelt step when the rest of it reads like a known phrase. The answer for a text
    parsed lately (with the same registry) is given again, not parsed anew.
    """
    if not isinstance(text, str):
        return _parse(text, uri, registry)
    parsed = recent.get(text, registry)
    if parsed is None:
        parsed = _parse(text, uri, registry)
        recent.put(text, registry, parsed)
    return parsed if parsed.uri == uri else replace(parsed, uri=uri)


def _parse(text: str, uri: str, registry: Registry[Any] | None) -> ParsedText:
    parsed = ParsedText(uri=uri)
    if not isinstance(text, str):
        parsed.problems.append(Problem(1, None, say(ENGLISH, "not_text")))
        return parsed
    words = _words(text[:MAX_TEXT_CHARS])
    language = parsed.language = words.language
    if len(text) > MAX_TEXT_CHARS:
        message = say(
            language,
            "too_long",
            chars=grouped(len(text), language),
            limit=grouped(MAX_TEXT_CHARS, language),
        )
        parsed.problems.append(Problem(1, None, message))
        return parsed
    try:
        # gherkin's own type leaves a Feature's children unreadable: see document.py.
        document = cast(Document, Parser().parse(TokenScanner(text)))
    except CompositeParserException as error:
        parsed.problems.extend(_plain_problem(e, text, words) for e in error.errors)
        return parsed
    except ParserError as error:
        parsed.problems.append(_plain_problem(error, text, words))
        return parsed

    feature = document.get("feature")
    if not feature:
        parsed.problems.append(Problem(1, None, say(language, "no_feature")))
        return parsed
    parsed.document = document
    parsed.name = feature.get("name", "")
    parsed.tags = [tag["name"] for tag in feature.get("tags", [])]
    parsed.article_keys = _article_keys(feature)
    parsed.size_in_steps = size = size_in_steps(feature)
    if size > MAX_STEPS:
        message = say(
            language,
            "too_many_steps",
            size=grouped(size, language),
            limit=grouped(MAX_STEPS, language),
        )
        parsed.problems.append(Problem(1, None, message))
        return parsed
    chars = chars_in_all(feature)
    if chars > MAX_EXPANDED_CHARS:
        message = say(
            language,
            "too_many_chars",
            chars=grouped(chars, language),
            limit=grouped(MAX_EXPANDED_CHARS, language),
        )
        parsed.problems.append(Problem(1, None, message))
        return parsed
    tags = tags_in_all(feature)
    if tags > MAX_TAGS:
        message = say(
            language,
            "too_many_tags",
            tags=grouped(tags, language),
            limit=grouped(MAX_TAGS, language),
        )
        parsed.problems.append(Problem(1, None, message))
        return parsed
    index = _AstIndex(feature)
    problems = _silent_traps(index, registry, _line_numbers(text), words)

    backgrounds: dict[str, BackgroundCase] = {}
    pickles = _compiled(_without_background_steps(document, uri))
    parsed.scenarios = [_scenario_case(pickle, index, backgrounds) for pickle in pickles]
    problems.extend(_unknown_placeholders(parsed.scenarios, language))
    if not parsed.scenarios and not problems:
        problems.append(Problem(feature["location"]["line"], None, say(language, "no_scenarios")))
    if problems:
        # A text with any problem is not run at all: half a check would read as a pass.
        parsed.scenarios = []
        parsed.problems = sorted(problems, key=lambda p: (p.line, p.column or 0))
    return parsed


def _compiled(document: DocumentWithUri) -> list[Pickle]:
    """The document's scenarios compiled; gherkin's types for them are read as document.py's."""
    pickles = _Compiler().compile(cast(GherkinDocumentWithURI, document))
    return cast(list[Pickle], pickles)


def _step_weight(step: Step) -> int:
    """A step, plus its table's rows and doc string's lines: an outline copies them into
    every row it runs, so they cost what steps cost."""
    table = step.get("dataTable")
    doc = step.get("docString")
    return (
        1
        + (len(table.get("rows", [])) if table else 0)
        + (doc.get("content", "").count("\n") + 1 if doc else 0)
    )


def size_in_steps(feature: Feature) -> int:
    """The steps a text asks the runner to run: each scenario's steps (an outline's once per
    Examples row) and each Background's steps once — the Feature's once more for each Rule
    with a Background of its own, since that Rule's scenarios run both, from the start.
    Counted on the Gherkin document, before anything is compiled, so a text too big to run
    costs only its parse."""
    total = feature_background = 0
    for child in feature.get("children", []):
        if "background" in child:
            feature_background = _steps_weight(child["background"])
            total += feature_background
        elif "scenario" in child:
            total += _scenario_weight(child["scenario"])
        elif "rule" in child:
            for node in child["rule"].get("children", []):
                if "background" in node:
                    own = _steps_weight(node["background"])
                    total += own + (feature_background if own else 0)
                elif "scenario" in node:
                    total += _scenario_weight(node["scenario"])
    return total


def chars_in_all(feature: Feature) -> int:
    """The characters of every scenario run: its name and its steps' text, tables and doc
    strings, an outline's once per Examples row; a Background's once."""
    total = 0
    for child in feature.get("children", []):
        nodes = child["rule"].get("children", []) if "rule" in child else [child]
        for node in nodes:
            if "background" in node:
                total += _steps_chars(node["background"])
            elif "scenario" in node:
                scenario = node["scenario"]
                examples = scenario.get("examples", [])
                runs = sum(len(e.get("tableBody", [])) for e in examples) if examples else 1
                total += runs * (len(scenario.get("name", "")) + _steps_chars(scenario))
    return total


def _steps_chars(node: Background | Scenario) -> int:
    total = 0
    for step in node.get("steps", []):
        total += len(step.get("text", ""))
        table = step.get("dataTable")
        for row in table.get("rows", []) if table else []:
            total += sum(len(cell.get("value", "")) for cell in row.get("cells", []))
        doc = step.get("docString")
        total += len(doc.get("content", "")) if doc else 0
    return total


def tags_in_all(feature: Feature) -> int:
    """The tags of every scenario run, counting those each inherits from its Feature, its
    Rule and its Examples table, as Gherkin gives them to it."""
    total = 0
    feature_tags = len(feature.get("tags", []))
    for child in feature.get("children", []):
        rule = child.get("rule")
        inherited = feature_tags + (len(rule.get("tags", [])) if rule else 0)
        for node in rule.get("children", []) if rule else [child]:
            scenario = node.get("scenario")
            if scenario is None:
                continue
            own = inherited + len(scenario.get("tags", []))
            examples = scenario.get("examples", [])
            if not examples:
                total += own
            for table in examples:
                total += len(table.get("tableBody", [])) * (own + len(table.get("tags", [])))
    return total


def _steps_weight(node: Background | Scenario) -> int:
    return sum(_step_weight(step) for step in node.get("steps", []))


def _scenario_weight(scenario: Scenario) -> int:
    examples = scenario.get("examples", [])
    runs = sum(len(e.get("tableBody", [])) for e in examples) if examples else 1
    return runs * _steps_weight(scenario)


def _article_keys(feature: Feature) -> list[str]:
    """Every `@article:` key in the text — the Feature's, each Rule's, each scenario's and
    each Examples' tags (a scenario inherits them all) — in the order first tagged, once."""
    keys: list[str] = []
    for tag in _every_tag(feature):
        name = tag["name"]
        if name.startswith(ARTICLE_TAG):
            key = name[len(ARTICLE_TAG) :].strip()
            if key and key not in keys:
                keys.append(key)
    return keys


def _every_tag(feature: Feature) -> Iterator[Tag]:
    yield from feature.get("tags", [])
    for child in feature.get("children", []):
        rule = child.get("rule")
        if rule:
            yield from rule.get("tags", [])
        for node in rule.get("children", []) if rule else [child]:
            scenario = node.get("scenario")
            if not scenario:
                continue
            yield from scenario.get("tags", [])
            for examples in scenario.get("examples", []):
                yield from examples.get("tags", [])


def _without_background_steps(document: Document, uri: str) -> DocumentWithUri:
    """A copy of the document to compile, its Backgrounds emptied (the compiler would copy
    their steps into every scenario); the parsed document itself is left whole for drawing."""

    def emptied(children: list[Child]) -> list[Child]:
        out: list[Child] = []
        for child in children:
            if "background" in child:
                child = {"background": {**child["background"], "steps": []}}
            elif "rule" in child:
                rule = child["rule"]
                child = {"rule": {**rule, "children": emptied(rule.get("children", []))}}
            out.append(child)
        return out

    feature = document["feature"]
    return {
        **document,
        "uri": uri,
        "feature": {**feature, "children": emptied(feature.get("children", []))},
    }


class _AstIndex:
    """The parts of the Gherkin document the compiled scenarios point back to, by id."""

    def __init__(self, feature: Feature) -> None:
        self.feature = feature
        self.scenarios: dict[str, Scenario] = {}
        self.steps: dict[str, Step] = {}
        self.rows: dict[str, tuple[int, dict[str, str]]] = {}
        self.containers: list[Described] = [feature]  # everything that may hold a description
        # Each scenario's id → the Background nodes it runs after (the Feature's, its Rule's).
        self.backgrounds: dict[str, list[Background]] = {}
        self._walk(feature.get("children", []), [])

    def _walk(self, children: list[Child], backgrounds: list[Background]) -> None:
        backgrounds = list(backgrounds)
        for child in children:
            if "rule" in child:
                self.containers.append(child["rule"])
                self._walk(child["rule"].get("children", []), backgrounds)
            if "background" in child:
                backgrounds = [*backgrounds, child["background"]]  # earlier lists stay as they are
            if "scenario" in child:
                self.backgrounds[child["scenario"]["id"]] = backgrounds
            background = child.get("background")
            if background is not None:
                self.containers.append(background)
                for step in background.get("steps", []):
                    self.steps[step["id"]] = step
            scenario = child.get("scenario")
            if scenario is not None:
                self.containers.append(scenario)
                self.scenarios[scenario["id"]] = scenario
                for step in scenario.get("steps", []):
                    self.steps[step["id"]] = step
                for examples in scenario.get("examples", []):
                    self.containers.append(examples)
                    header = examples.get("tableHeader")
                    columns = [c["value"] for c in header["cells"]] if header else []
                    for row in examples.get("tableBody", []):
                        values = dict(
                            zip(columns, (c["value"] for c in row["cells"]), strict=False)
                        )
                        self.rows[row["id"]] = (row["location"]["line"], values)


def _scenario_case(
    pickle: Pickle, index: _AstIndex, backgrounds: dict[str, BackgroundCase]
) -> ScenarioCase:
    scenario = index.scenarios[pickle["astNodeIds"][0]]
    case = ScenarioCase(
        name=pickle.get("name", ""),
        line=scenario["location"]["line"],
        keyword=scenario.get("keyword", "Scenario").strip(),
        steps=[],
        tags=[tag["name"] for tag in pickle.get("tags", [])],
    )
    if len(pickle["astNodeIds"]) > 1:
        case.example_line, case.example_values = index.rows[pickle["astNodeIds"][1]]
    for step in pickle.get("steps", []):
        node = index.steps[step["astNodeIds"][0]]
        argument = step.get("argument", {})
        table = argument.get("dataTable")
        doc = argument.get("docString")
        case.steps.append(
            StepCase(
                line=node["location"]["line"],
                keyword=node.get("keyword", "").strip(),
                kind=STEP_TYPES.get(step.get("type", "")),
                text=step.get("text", ""),
                data_table=(
                    [[cell["value"] for cell in row["cells"]] for row in table["rows"]]
                    if table
                    else None
                ),
                doc_string=doc.get("content") if doc else None,
            )
        )
    nodes = index.backgrounds.get(scenario["id"], [])
    if case.steps and any(node.get("steps") for node in nodes):
        case.background = _background_case(nodes, backgrounds)
        # As Gherkin does: an And that opens the scenario continues the Background's last step.
        for own, node in zip(case.steps, scenario.get("steps", []), strict=False):
            if node.get("keywordType") != "Conjunction":
                break
            own.kind = STEP_TYPES.get(case.background.last_type or "")
    return case


def _background_case(nodes: list[Background], known: dict[str, BackgroundCase]) -> BackgroundCase:
    """The steps of these Background nodes as one case, made once per distinct list."""
    key = " ".join(node["id"] for node in nodes)
    if key in known:
        return known[key]
    steps: list[StepCase] = []
    last_type: str | None = "Unknown"
    for node in (step for background in nodes for step in background.get("steps", [])):
        if node.get("keywordType") != "Conjunction":
            last_type = node.get("keywordType")
        table = node.get("dataTable")
        doc = node.get("docString")
        steps.append(
            StepCase(
                line=node["location"]["line"],
                keyword=node.get("keyword", "").strip(),
                kind=STEP_TYPES.get(last_type or ""),
                text=node.get("text", ""),
                data_table=(
                    [[cell["value"] for cell in row["cells"]] for row in table["rows"]]
                    if table
                    else None
                ),
                doc_string=doc.get("content") if doc else None,
            )
        )
    known[key] = BackgroundCase(key, steps, last_type)
    return known[key]


# -- the traps the parser does not catch ---------------------------------------------------


class _FuzzyBudget:
    """How many more comparisons of description words with the keywords, and of
    description lines with every phrase, one text may cost (see KEYWORD_COMPARISONS)."""

    def __init__(
        self, comparisons: int = KEYWORD_COMPARISONS, phrase_lines: int = PHRASE_LIKE_LINES
    ) -> None:
        self.comparisons = comparisons
        self.phrase_lines = phrase_lines
        self.known: dict[tuple[str, str, float], bool] = {}

    def close(self, written: str, keyword: str, cutoff: float = 0.8) -> bool:
        """`_close`, each distinct comparison made once; past the budget, the same word only."""
        key = (written.strip().lower(), keyword.lower(), cutoff)
        if key not in self.known:
            if not _may_be_similar(key[0], key[1], cutoff):
                return False  # free: no need to remember it
            if self.comparisons <= 0:
                return key[0] == key[1]
            self.comparisons -= 1
            self.known[key] = _similar(*key)
        return self.known[key]

    def spend(self) -> bool:
        self.phrase_lines -= 1
        return self.phrase_lines >= 0


def _silent_traps(
    index: _AstIndex,
    registry: Registry[Any] | None,
    line_numbers: dict[str, list[int]],
    words: _Words | None = None,
) -> list[Problem]:
    words = words or _Words()
    language = words.language
    problems: list[Problem] = []
    fuzzy = _FuzzyBudget()
    for node in index.containers:
        problems.extend(_keyword_lookalikes(node, registry, line_numbers, fuzzy, words))
    for scenario in index.scenarios.values():
        line = scenario["location"]["line"]
        name = scenario.get("name") or say(language, "no_name")
        if not scenario.get("steps"):
            problems.append(Problem(line, None, say(language, "no_steps", name=name)))
        examples = scenario.get("examples", [])
        outline = scenario.get("keyword", "").strip() in words.outlines
        if outline and not examples:
            problems.append(Problem(line, None, say(language, "outline_no_examples", name=name)))
        for table in examples:
            if not table.get("tableHeader") or not table.get("tableBody"):
                message = say(language, "examples_no_rows", name=name)
                problems.append(Problem(table["location"]["line"], None, message))
    return problems


def _keyword_lookalikes(
    node: Described,
    registry: Registry[Any] | None,
    line_numbers: dict[str, list[int]],
    fuzzy: _FuzzyBudget | None = None,
    words: _Words | None = None,
) -> list[Problem]:
    """Description lines surely meant as keywords (a misspelling turns them into prose)."""
    description = node.get("description") or ""
    if not description.strip():
        return []
    # Gherkin records no line for a description, and drops comments and leading blank
    # lines from it: find each of its lines in the source, in order, after the keyword line.
    cursor = node["location"]["line"]
    problems: list[Problem] = []
    for raw in description.split("\n"):
        stripped = raw.strip()
        if not stripped:
            continue
        numbers = line_numbers.get(stripped, [])
        later = bisect.bisect_right(numbers, cursor)
        line = cursor = numbers[later] if later < len(numbers) else cursor + 1
        message = _keyword_lookalike(stripped, registry, fuzzy, words)
        if message is None:
            continue
        column = len(raw) - len(raw.lstrip()) + 1
        problems.append(Problem(line, column, message))
    return problems


def _keyword_lookalike(
    line: str,
    registry: Registry[Any] | None,
    fuzzy: _FuzzyBudget | None = None,
    words: _Words | None = None,
) -> str | None:
    """Why a description line must have been meant as a keyword line, or None for prose."""
    if line.startswith(("#", "@", "|")):
        return None
    words = words or _Words()
    language = words.language
    close = fuzzy.close if fuzzy is not None else _close
    head, colon, _rest = line.partition(":")
    if colon and len(head) <= 20:
        for keyword in words.blocks:
            # "Rules:" or "Features:" ("Regels:", "Voorbeelden:") are ordinary words in a
            # description, not typos.
            if head.lower() in (keyword.lower() + "s", keyword.lower() + "en"):
                continue
            if close(head, keyword):
                return say(language, "not_block_keyword", head=head, keyword=keyword)
    lowered = line.lower()
    for keyword in words.colon_needed:
        if lowered == keyword.lower() or lowered.startswith(keyword.lower() + " "):
            return say(language, "no_colon", line=line, keyword=keyword)
    first, _space, rest = line.partition(" ")
    if first in (*words.steps, "*") and _reads_like_step(rest, registry, fuzzy, language):
        return say(language, "step_outside_scenario", line=line)
    for keyword in words.steps:
        near = first.lower() == keyword.lower() or (
            len(keyword) > 3 and close(first, keyword, cutoff=0.74)
        )
        if near and _reads_like_step(rest, registry, fuzzy, language):
            return say(language, "not_step_keyword", first=first, keyword=keyword)
    return None


def _close(written: str, keyword: str, cutoff: float = 0.8) -> bool:
    return _similar(written.strip().lower(), keyword.lower(), cutoff)


def _may_be_similar(a: str, b: str, cutoff: float) -> bool:
    """difflib's real_quick_ratio (a bound from the lengths alone) without building a matcher."""
    total = len(a) + len(b)
    return not total or 2 * min(len(a), len(b)) / total >= cutoff


def _similar(a: str, b: str, cutoff: float) -> bool:
    """difflib's ratio at least `cutoff`, its cheap upper bounds tried first (each line of a
    long description is compared with several keywords)."""
    if not _may_be_similar(a, b, cutoff):
        return False
    matcher = difflib.SequenceMatcher(None, a, b)
    return matcher.quick_ratio() >= cutoff and matcher.ratio() >= cutoff


def _reads_like_step(
    rest: str,
    registry: Registry[Any] | None,
    fuzzy: _FuzzyBudget | None = None,
    language: str = ENGLISH,
) -> bool:
    """Whether the words after a would-be keyword read like a known phrase: one exactly, or
    (for the first lines of a text, see PHRASE_LIKE_LINES) nearly."""
    rest = normalise(rest)
    if not rest:
        return False
    if registry is None:
        return True
    unreadable: list[Exception] = []  # the words matched but a value could not be read
    if registry.match(None, rest, unreadable, language) or unreadable:
        return True
    if fuzzy is not None and not fuzzy.spend():
        return False
    rest = rest[:NEAREST_CHARS]  # a line far longer than any phrase is no misspelt step
    return any(_similar(rest, phrase.example, 0.65) for phrase in registry.phrases(None, language))


def _unknown_placeholders(scenarios: list[ScenarioCase], language: str = ENGLISH) -> list[Problem]:
    """A <placeholder> left in an outline's step after expansion names no Examples column
    (a Background's steps are never expanded: each is looked at once)."""
    problems: list[Problem] = []
    seen: set[tuple[int, str]] = set()
    backgrounds_seen: set[str] = set()
    for case in scenarios:
        if case.example_line is None:
            continue
        columns = ", ".join(case.example_values) or say(language, "no_columns")
        steps = case.steps
        if case.background and case.background.key not in backgrounds_seen:
            backgrounds_seen.add(case.background.key)
            steps = case.all_steps
        for step in steps:
            cells = [cell for row in step.data_table or [] for cell in row]
            for text in [step.text, *cells]:
                for placeholder in PLACEHOLDER.findall(text):
                    if (step.line, placeholder) in seen:
                        continue
                    seen.add((step.line, placeholder))
                    message = say(
                        language, "unknown_placeholder", placeholder=placeholder, columns=columns
                    )
                    problems.append(Problem(step.line, None, message))
    return problems


# -- plain-English parse errors --------------------------------------------------------------


def _plain_problem(error: Exception, text: str, words: _Words | None = None) -> Problem:
    location = getattr(error, "location", None) or {}
    line = int(location.get("line") or 1)
    column = location.get("column") or None
    message = _plain_message(error, text, line, words or _Words())
    return Problem(line, column, message)


def _plain_message(error: Exception, text: str, line: int, words: _Words) -> str:
    language = words.language
    if isinstance(error, NoSuchLanguageException):
        name = str(error).rsplit(":", 1)[-1].strip()
        return say(language, "unknown_language", language=name)
    if isinstance(error, UnexpectedEOFException):
        expected = _expected_tokens(str(error))
        if "#FeatureLine" in expected:
            return say(language, "ends_before_feature")
        if "#DocStringSeparator" in expected:
            return say(language, "doc_string_open")
        return say(language, "ends_early", expected=_plain_list(expected, language))
    if isinstance(error, UnexpectedTokenException):
        got = _source_line(text, line).strip()
        expected = _expected_tokens(str(error))
        if any(got.startswith((f"{k}:", f"{k} ")) for k in words.features):
            return say(language, "second_feature")
        first = got.split(" ", 1)[0].rstrip(":")
        meant = [k for k in words.steps + words.blocks if _close(first, k, cutoff=0.74)]
        if "#StepLine" in expected and meant and first not in meant:
            return say(language, "not_keyword_meant", first=first, keyword=meant[0], line=got)
        if "#TableRow" in expected and got.startswith("|"):
            return say(language, "row_not_closed", line=got)
        return say(language, "not_understood", line=got, expected=_plain_list(expected, language))
    if isinstance(error, ParserException):
        message = re.sub(r"^\(\d+:\d+\):\s*", "", str(error))
        if "inconsistent cell count" in message:
            return say(language, "cell_count")
        if "whitespace" in message and "tag" in message.lower():
            return say(language, "tag_spaces")
        return say(language, "cannot_read_here", reason=message)
    return say(language, "cannot_read", reason=error)


def _expected_tokens(message: str) -> list[str]:
    match = re.search(r"expected: (.*?)(?:, got '|$)", message, re.DOTALL)
    if not match:
        return []
    return [token.strip() for token in match.group(1).split(",") if token.strip()]


def _plain_list(tokens: list[str], language: str = ENGLISH) -> str:
    # Comments and blank lines are allowed everywhere; naming them only adds noise.
    meanings = token_names(language)
    names = [meanings.get(t, t) for t in tokens if t not in ("#Comment", "#Empty")]
    if not names:
        return say(language, "something_else")
    return or_list(names, language)


def _source_lines(text: str) -> list[str]:
    # Gherkin counts lines at "\n" only; str.splitlines() also splits at \f, \x1c, \u2028 ….
    return text.split("\n")


def _line_numbers(text: str) -> dict[str, list[int]]:
    """Each source line's text, stripped → the numbers of the lines holding it, in order."""
    numbers: dict[str, list[int]] = defaultdict(list)
    for number, line in enumerate(_source_lines(text), start=1):
        numbers[line.strip()].append(number)
    return numbers


def _source_line(text: str, line: int) -> str:
    lines = _source_lines(text)
    return lines[line - 1] if 0 < line <= len(lines) else ""
