"""A scenario check is shown by its title and the verdict it demonstrates, never by its
Gherkin: no table bars, `#` comments, tags or <placeholders> in a snippet."""

import pytest

from articles.models import Article, RuleSet
from rulings.models import Scenario
from search.documents.rulings import readable
from search.ranking import search

pytestmark = pytest.mark.django_db

GHERKIN = """@article:nmjl-205
Feature: Wrong counts during the Charleston
  A seat short a tile from the deal takes it before the first discard.

  # Seed 004: "North may take the missing tile and the game continues."
  Scenario Outline: A seat short a tile takes it before East discards
    Given North has <count> tiles
    When North takes the missing tile
    Then that is <verdict>

    Examples:
      | count | verdict |
      | 12    | allowed |

  Scenario: Two wrong counts throw the tiles in
    Given it is the Charleston
    And North has 12 tiles
    And West has 14 tiles
    When East discards 7D
    Then that is refused
"""


def test_a_scenario_reads_as_its_description_and_each_verdict():
    prose, steps = readable(GHERKIN)
    assert prose.splitlines() == [
        "A seat short a tile from the deal takes it before the first discard.",
        "A seat short a tile takes it before East discards.",
        "Two wrong counts throw the tiles in: refused.",
    ]
    assert "North takes the missing tile" in steps


def test_no_snippet_shows_gherkin_bars_comments_tags_or_placeholders(db):
    Scenario.objects.create(slug="counts", title="Wrong counts", text=GHERKIN)
    for words in ("missing tile", "seed 004", "north", "count verdict", "throw tiles"):
        for hit in search(words).hits:
            plain = hit.snippet.replace("<mark>", "").replace("</mark>", "")
            for noise in ("|", "#", "@", "&lt;", "Given", "Examples"):
                assert noise not in plain, (words, plain)


def test_a_scenario_is_still_found_by_its_steps(db):
    nmjl = RuleSet.objects.create(key="nmjl", name="NMJL")
    Article.objects.create(ruleset=nmjl, key="nmjl-205", number="205", title="Wrong counts")
    Scenario.objects.create(slug="counts", title="Wrong counts", text=GHERKIN)
    # Only its steps say who holds fourteen (a text that did not run clean would be a draft,
    # which readers, and so search, do not see).
    assert [hit.url for hit in search("west has 14 tiles").hits] == ["/scenarios/counts/"]
