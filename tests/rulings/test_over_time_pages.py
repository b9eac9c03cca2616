"""Rulings through time and across sources on the site: the article page's "How this ruling
changed" and "Where sources disagree", and the page of what changed between two dates.
Real engine, the seed content imported once for the module."""

import re
from datetime import date

import pytest
from mahjong_rules.engine import dated
from mahjong_rules.engine.dated import Setting
from mahjong_rules.presentation import split_tiles

from pagecache.generation import bump_generation, forget_known_generation
from pagecache.pages import forget_local_copies
from tests.tournaments.conftest import content, real_results  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("content", "real_results")]

BULLETIN_2025 = (
    "Since the NMJL Bulletin 2025, a joker exchange ends the window for changing an "
    "exposure; before, the exposure could still be changed until the discard."
)


def draw_pages_again():
    """A dated change is code, not a save: pages cached before it must be drawn again (as
    a deploy does)."""
    bump_generation()
    forget_local_copies()
    forget_known_generation()


@pytest.fixture(autouse=True)
def fresh_pages():
    draw_pages_again()


def page(client, url):
    """The page as a reader reads it: each tile picture by its name (its alt text)."""
    response = client.get(url)
    assert response.status_code == 200
    return re.sub(r'<img class="tile"[^>]*\balt="([^"]*)"[^>]*>', r"\1", response.content.decode())


def test_article_6_says_the_2025_bulletin_closed_the_window_after_a_joker_exchange(client):
    html = page(client, "/articles/nmjl-6/")
    assert "How this ruling changed" in html
    assert BULLETIN_2025 in html
    # both verdicts of a check it flipped, in a reader's words
    assert (
        "South adds 7 Dots to the exposure — <strong>Not allowed</strong> since then; "
        "before, allowed." in html
    )


def test_the_changes_are_folded_and_name_no_engine_identifiers(client):
    html = page(client, "/articles/nmjl-6/")
    start = html.index('id="ruling-changes"')
    section = html[start : html.index("</section>", start)]
    assert '<details class="fold">' in section  # folded: the page stays short
    for identifier in ("joker-exchange-locks-exposure", "closed-by-joker-exchange", "<code>"):
        assert identifier not in section
    # no rule function's name either (they are snake_case words)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", section)


def test_an_article_whose_checks_never_flipped_says_nothing_of_changes(client):
    html = page(client, "/articles/nmjl-charleston/")
    assert "How this ruling changed" not in html


def test_a_made_up_dated_change_shows_a_new_flip_and_removing_it_removes_it(client, monkeypatch):
    made_up = Setting(
        "touched-tile-is-taken", date(2026, 3, 1), True, "Made-up League letter, March 2026"
    )
    monkeypatch.setattr(dated, "HISTORY", (*dated.HISTORY, made_up))
    html = page(client, "/articles/nmjl-6/")
    sentence = (
        "Since the Made-up League letter, March 2026, a called tile the caller has touched "
        "must be taken; before, a caller could give the called tile back until it was racked "
        "or exposed."
    )
    assert sentence in html
    assert "West withdraws the call — <strong>Not allowed</strong> since then" in html
    assert BULLETIN_2025 in html  # the real change is still there

    monkeypatch.setattr(dated, "HISTORY", tuple(s for s in dated.HISTORY if s is not made_up))
    draw_pages_again()
    html = page(client, "/articles/nmjl-6/")
    assert "Made-up League letter" not in html
    assert BULLETIN_2025 in html


def test_article_6_shows_each_reading_of_the_joker_exchange_with_its_verdict_and_sources(client):
    html = page(client, "/articles/nmjl-6/")
    start = html.index('id="source-disagreements"')
    section = html[start : html.index("</section>", start)]
    assert "Whether a joker exchange on the turn an exposure is made ends the window" in section
    assert "The exposure may change until the caller discards, joker exchange or not." in section
    assert "League ruling reported by mahjblog (2019)" in section
    assert "<td>Allowed</td><td>Not allowed</td>" in section
    # a reading some sources give that the checks do not judge is still stated
    assert "No change at all once the exposure is made" in section
    assert "open-until-discard" not in section


@pytest.mark.parametrize(
    ("article", "situation"),
    [
        ("nmjl-205", "Mah Jongg in error after other players have exposed"),
        ("nmjl-calling", "A discarded Joker, misnamed, called for Mah Jongg."),
        ("nmjl-exposure-answer", "Mah Jongg completed by a joker exchange after calling"),
    ],
)
def test_payment_disagreements_are_stated_in_words_on_their_articles(client, article, situation):
    html = page(client, f"/articles/{article}/")
    assert "Where sources disagree" in html
    assert situation in html


def test_the_changes_page_between_2024_and_today_lists_the_2025_flip_with_its_article(client):
    html = page(client, f"/rules/changes/?from=2024-01-01&to={date.today().isoformat()}")
    assert "NMJL Bulletin 2025" in html
    assert BULLETIN_2025 in html
    assert "South adds 7 Dots to the exposure" in html
    assert 'href="/articles/nmjl-6/"' in html
    assert 'href="/rules/changes/feed/"' in html


def test_the_changes_page_before_2025_lists_nothing(client):
    html = page(client, "/rules/changes/?from=2024-01-01&to=2024-12-31")
    assert "No check changed its verdict between these dates." in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?from=yesterday&to=2026-11-30", "“yesterday” is not a date"),
        ("?from=2026-01-01&to=2026-13-45", "“2026-13-45” is not a date"),
        ("?from=2026-01-01&to=2024-01-01", "The first date comes after the second"),
    ],
)
def test_a_date_that_does_not_read_gets_a_clear_message_and_keeps_what_was_typed(
    client, query, message
):
    response = client.get("/rules/changes/" + query)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    typed = query.split("from=")[1].split("&")[0]
    assert f'value="{typed}"' in html


def test_the_changes_page_without_dates_shows_the_last_year(client):
    html = page(client, "/rules/changes/")
    assert "What changed in the rulings" in html


def test_the_atom_feed_lists_the_last_year_of_flips(client, monkeypatch):
    made_up = Setting("touched-tile-is-taken", date.today(), True, "Made-up League letter of today")
    monkeypatch.setattr(dated, "HISTORY", (*dated.HISTORY, made_up))
    response = client.get("/rules/changes/feed/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    xml = response.content.decode()
    assert "Made-up League letter of today" in xml
    assert "West withdraws the call" in xml


def _readers_differences():
    """(article key, situation, step) for each check a reading changes, from the seed texts."""
    from mahjong_rules.engine.disagreements import DISAGREEMENTS
    from mahjong_rules.scenarios.through_time import where_readings_differ

    from rulings.models import Scenario

    situations = {d.option: d.situation for d in DISAGREEMENTS.values() if d.option}
    found = set()
    for scenario in Scenario.objects.for_readers().prefetch_related("articles"):
        for difference in where_readings_differ([("", scenario.text)]):
            for article in scenario.articles.all():
                if article.key in difference.articles:
                    found.add((article.key, situations[difference.option], difference.step))
    return sorted(found)


def test_every_reading_that_changes_a_check_is_shown_with_both_verdicts_on_its_articles(client):
    differences = _readers_differences()
    # the seed checks judge at least the joker exchange, the touched tile and several exchanges
    assert {situation[:30] for _, situation, _ in differences} >= {
        "Whether a joker exchange on th",
        "When a caller is committed to ",
        "Whether several joker exchange",
    }
    for key, situation, step in differences:
        html = page(client, f"/articles/{key}/")
        start = html.index('id="source-disagreements"')
        section = html[start : html.index("</section>", start)]
        assert situation in section, (key, situation)
        action = "".join(part.name for part in split_tiles(step.split(" ", 1)[1]))
        row = section[section.index(action) :]
        row = row[: row.index("</tr>")]
        assert "<td>Allowed</td>" in row and "<td>Not allowed</td>" in row, (key, step)


def test_a_saved_scenario_is_ruled_through_time_by_the_task_queue(monkeypatch):
    from rulings import over_time
    from rulings.models import Scenario

    scenario = Scenario.objects.get(slug="exposure-changes")
    scenario.title = scenario.title + " (again)"
    scenario.text = scenario.text + "\n"  # a new text: a new key, warmed on save
    scenario.save()
    scenario = Scenario.objects.for_readers().get(pk=scenario.pk)

    def not_again(*args, **kwargs):
        raise AssertionError("computed on reading: the queue did not warm it")

    monkeypatch.setattr(over_time, "how_rulings_changed", not_again)
    monkeypatch.setattr(over_time, "where_readings_differ", not_again)
    [changes] = over_time.changes_in([scenario.text])
    assert {c.day for c in changes} == {date(2025, 1, 1)}
    [differences] = over_time.readings_in([scenario.text])
    assert differences


def test_a_comparison_the_time_budget_cut_short_shows_nothing_and_is_not_kept(monkeypatch):
    from mahjong_rules.scenarios.through_time import OutOfTime

    from rulings import over_time

    calls = []

    def cut_short(texts):
        calls.append(texts)
        raise OutOfTime("")

    monkeypatch.setattr(over_time, "how_rulings_changed", cut_short)
    text = "Feature: never run to the end\n"
    assert over_time.changes_in([text]) == [[]]
    assert over_time.changes_in([text]) == [[]]
    assert len(calls) == 2  # tried again, not read from the cache
