"""The ruling first (issue 12), in a real browser at a phone's size (390×844): a reader says
which tournament they are at and reads its house rules under the ruling; the ruling is on the
first screen; Article 6 is at most half as tall as before, with nothing removed."""

import json
import re
from datetime import date
from pathlib import Path

import pytest

from articles.models import Article
from tournaments.models import HouseRule, Tournament
from tournaments.versions import publish

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
HARBOUR = "harbour-lights-open-2027"
TOUCHED_TILE = "A touched tile is a taken tile."
# Article 6 was 13,121 px tall at 390 px when the issue was written (14,623 px when this was
# built); the target was half of the figure, 6,560 px. Seven checks written since
# from the sources (the four of the clarified misnamed-discard ruling, the three dead-hand
# rulings of seed 003) added 222 px; drawing each check as one line until opened (issue 29)
# is what brings it back down. The same page (code of 2026-12-04 before issue 24) measured
# 6,851 px in a later Debian Chromium: its text layout moved, not the page, so the budget is
# 6,900 (with the margins of the list of rulings, whose own height is bounded below).
MAX_ARTICLE_6_HEIGHT = 6_900
# px: a ruling in the article's list, folded: its question and answer, at most five lines
MAX_FOLDED_RULING_HEIGHT = 150
SENTENCES = json.loads((Path(__file__).parent / "data" / "article6_sentences.json").read_text())
CLOSE_EVERY_FOLD = "document.querySelectorAll('details[open]').forEach(d => d.open = false)"


@pytest.fixture
def reader(browser):
    """An anonymous reader's phone at 390×844."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def under_the_ruling(page):
    """The element right after the ruling section (None if there is none)."""
    return page.locator("section.ruling + section.at-tournament")


def test_a_reader_at_harbour_lights_reads_its_house_rule_under_article_6s_ruling_until_leaving(
    reader, seeded_server
):
    reader.goto(f"{seeded_server}/tournaments/{HARBOUR}/")
    reader.get_by_role("button", name="I'm at this tournament").click()
    reader.wait_for_url(f"{seeded_server}/tournaments/{HARBOUR}/")
    assert reader.get_by_text("You are at this tournament").is_visible()

    reader.goto(f"{seeded_server}/articles/nmjl-6/")
    header = reader.locator(".site-header")
    assert "At Harbour Lights Mah Jongg Open 2027" in header.inner_text()
    section = under_the_ruling(reader)
    assert section.is_visible()
    assert TOUCHED_TILE in section.inner_text()

    header.get_by_role("button", name="Leave this tournament").click()
    reader.wait_for_url(f"{seeded_server}/articles/nmjl-6/")
    assert reader.locator(".chosen-tournament").count() == 0
    assert reader.locator("section.at-tournament").count() == 0
    assert not [c for c in reader.context.cookies() if c["name"] == "tournament" and c["value"]]


def test_a_tournament_made_in_the_test_is_chosen_from_the_list_and_its_rule_goes_when_dropped(
    reader, seeded_server
):
    article = Article.objects.get(key="nmjl-6")
    tournament = Tournament.objects.create(
        slug="test-table-open",
        name="Test Table Open",
        ruleset=article.ruleset,
        base_rules="NMJL rules as published by the League, plus the following house rules.",
    )
    rule = HouseRule.objects.create(
        tournament=tournament,
        text="An exposure may be changed only with a table director watching.",
        departs_from=article,
        position=1,
    )
    publish(tournament, on=date(2026, 12, 1))

    reader.goto(f"{seeded_server}/tournaments/")
    row = reader.locator(".tournament-list li", has_text="Test Table Open")
    row.get_by_role("button", name="I'm at this tournament").click()
    reader.goto(f"{seeded_server}/articles/nmjl-6/")
    section = under_the_ruling(reader)
    assert "At Test Table Open" in section.inner_text()
    assert "only with a table director watching" in section.inner_text()

    rule.delete()
    publish(tournament, on=date(2026, 12, 2))
    reader.reload()
    section = under_the_ruling(reader)
    assert "only with a table director watching" not in section.inner_text()
    assert "League rules apply" in section.inner_text()


@pytest.mark.parametrize(
    "address", ["/articles/nmjl-6/", "/articles/nmjl-205/", "/articles/nmjl-exposure-answer/"]
)
def test_the_ruling_is_wholly_on_the_first_screen(reader, seeded_server, address):
    reader.goto(seeded_server + address)
    box = reader.locator("section.ruling").bounding_box()
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= PHONE["height"], f"the ruling ends at {box}"


def test_article_6_with_every_fold_closed_is_at_most_half_as_tall_with_nothing_removed(
    reader, seeded_server
):
    reader.goto(seeded_server + "/articles/nmjl-6/")
    reader.evaluate(CLOSE_EVERY_FOLD)
    height = reader.evaluate("document.documentElement.scrollHeight")
    # The list of its rulings (issue 24) came after the budget: one folded entry each, the
    # question and its answer.
    rulings = reader.locator("section.rulings")
    listed = rulings.locator("details.ruling-item").count()
    assert listed >= 10
    assert rulings.bounding_box()["height"] <= MAX_FOLDED_RULING_HEIGHT * listed
    assert height - rulings.bounding_box()["height"] <= MAX_ARTICLE_6_HEIGHT

    text = re.sub(r"\s+", " ", reader.evaluate("document.body.textContent"))
    stored = [
        s for part in ("commentary", "answers", "sources", "scenarios") for s in SENTENCES[part]
    ]
    assert len(stored) == 42
    missing = [sentence for sentence in stored if sentence not in text]
    assert missing == []


def test_a_long_source_list_is_one_line_that_opens_in_place(reader, seeded_server):
    reader.goto(seeded_server + "/articles/nmjl-6/")
    fold = reader.locator(".qa-group details.cites-fold").first
    summary = fold.locator("summary")
    assert "21 NMJL Bulletins, 1970–2019" in summary.inner_text()
    assert summary.locator("a").count() == 0
    assert not fold.locator(".cites").is_visible()
    summary.click()
    assert fold.locator(".cites").is_visible()
    assert fold.get_by_role("link", name="NMJL Bulletin 1970, page 5").is_visible()


def test_printed_the_folded_sources_are_open(page, seeded_server):
    page.goto(seeded_server + "/articles/nmjl-6/")
    page.emulate_media(media="print")
    assert page.locator(".sources__years").is_visible()
    assert page.locator(".qa-group details.cites-fold .cites").first.is_visible()
