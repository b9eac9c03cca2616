"""Tournament pages, JSON, print sheet, editing forms and the article page's matrix.

The rulings here run on a tiny phrase registry whose one rule reads a house rule, so these
tests pin the site's side (pages, caching, query counts) whatever the real engine rules;
test_tournament_rulings.py runs the real fixture scenarios under the sample tournaments.
"""

import datetime
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from mahjong_rules.engine.verdicts import Verdict
from mahjong_rules.scenarios import runner
from mahjong_rules.scenarios.registry import Registry, StepFailed

from articles.permissions import EDITORS
from rulings.models import Scenario
from tournaments.comparison import tournament_page
from tournaments.matrix import matrix_for_article
from tournaments.models import HouseRule, Tournament
from tournaments.versions import publish

from .tournament_factories import (
    article,
    confirm_publish,
    house_rule,
    matrix_section,
    td,
    tournament,
)

pytestmark = pytest.mark.django_db

TOUCHED = "A touched tile is a taken tile: once you touch the called tile you must keep it."


class World:
    def __init__(self, options=None):
        self.options = {"touched-tile-is-taken": False, **(options or {})}
        self.verdict = None


def tiny_registry():
    registry = Registry()

    @registry.when("{seat} withdraws the call", example="West withdraws the call")
    def withdraws(world, seat):
        if world.options["touched-tile-is-taken"]:
            world.verdict = Verdict(
                False, "touched_tile_is_taken", "nmjl-exposure-answer", "Touched is taken."
            )
        else:
            world.verdict = Verdict(
                True, "call_may_be_withdrawn", "nmjl-exposure-answer", "Not racked yet."
            )
        return world.verdict

    @registry.when("{seat} calls the discard", example="West calls the discard")
    def calls(world, seat):
        world.verdict = Verdict(True, "discard_may_be_called", "nmjl-calling", "It is open.")
        return world.verdict

    @registry.then("that is allowed", example="that is allowed")
    def allowed(world):
        if not world.verdict.allowed:
            raise StepFailed("It was refused.")

    return registry


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch):
    """Overrides the folder's fake engine with one that honours a rule option."""
    engine = runner.Engine(tiny_registry(), World, {"touched-tile-is-taken": False})
    monkeypatch.setattr(runner, "default_engine", lambda: engine)
    cache.clear()
    yield engine
    cache.clear()


WITHDRAW = """@article:nmjl-exposure-answer
Feature: Withdrawing a call
  Scenario: A touched tile may still be given back
    When West withdraws the call
    Then that is allowed
"""

CALL = """@article:nmjl-exposure-answer
Feature: Calling
  Scenario: The latest discard may be called
    When West calls the discard
    Then that is allowed
"""


def scenario(slug, text, *articles):
    made = Scenario.objects.create(slug=slug, title=slug.replace("-", " ").capitalize(), text=text)
    made.articles.add(*articles)
    return made


@pytest.fixture
def answer():
    return article("nmjl-exposure-answer", title="Can I add a tile to an exposure?")


@pytest.fixture
def director():
    return td("director")


@pytest.fixture
def harbour(answer, director):
    event = tournament(
        "harbour-open",
        directors=[director],
        name="Harbour Open",
        place="Port Ellery (fictional)",
        starts_on=datetime.date(2027, 3, 12),
        ends_on=datetime.date(2027, 3, 14),
    )
    house_rule(event, TOUCHED, "touched-tile-is-taken", True, answer)
    house_rule(event, "Rounds last 60 minutes.")
    publish(event, on=datetime.date(2026, 11, 2))
    return event


@pytest.fixture
def scenarios(answer):
    return [scenario("call", CALL, answer), scenario("withdraw", WITHDRAW, answer)]


def test_the_tournament_page_is_a_dated_numbered_house_rules_sheet(client, harbour, answer):
    page = client.get(reverse("tournaments:tournament", args=[harbour.slug])).content.decode()
    assert "Harbour Open" in page
    assert "House rules, version 1, published" in page and "2 November 2026" in page
    assert "NMJL rules as published by the League, plus the following." in page
    assert '<li id="house-rule-1" value="1">' in page and '<li id="house-rule-2"' in page
    assert TOUCHED in page and "Rounds last 60 minutes." in page
    assert f'href="{answer.get_absolute_url()}"' in page
    assert "touched-tile-is-taken" in page


def test_the_page_shows_the_differing_scenario_first_with_both_verdicts_and_its_cause(
    client, harbour, scenarios
):
    page = client.get(reverse("tournaments:tournament", args=[harbour.slug])).content.decode()
    section = page[page.index("How these house rules change the rulings") :]
    assert "1 scenario check rules differently" in section
    # The differing scenario comes before the unchanged one.
    assert section.index("A touched tile may still be given back") < section.index(
        "The latest discard may be called"
    )
    readers, authors = section.split('<details class="for-authors', 1)
    assert '<p class="verdict">Allowed: Not racked yet.</p>' in readers
    assert '<p class="verdict">Not allowed: Touched is taken.</p>' in readers
    assert (
        'Because of\n          <a href="#house-rule-1">house rule 1</a>: A touched tile' in readers
    )
    assert "touched_tile_is_taken" not in readers and "differs" not in re.sub(
        "<[^>]+>", "", readers
    )
    # the engine's words, one click away for authors
    assert "allowed by call_may_be_withdrawn (nmjl-exposure-answer)" in authors
    assert "refused by touched_tile_is_taken (nmjl-exposure-answer)" in authors


def test_the_json_has_the_same_content_as_the_page(client, harbour, scenarios, answer):
    data = client.get(reverse("tournaments:tournament-json", args=[harbour.slug])).json()
    assert data["name"] == "Harbour Open"
    assert (data["version"], data["published_on"]) == (1, "2026-11-02")
    assert data["starts_on"] == "2027-03-12"
    assert data["options"] == {"touched-tile-is-taken": True}
    assert [r["number"] for r in data["house_rules"]] == [1, 2]
    assert data["house_rules"][0]["departs_from"]["key"] == "nmjl-exposure-answer"
    assert data["house_rules"][1]["option"] is None
    differing = [r for r in data["rulings"] if r["tournament"] == "differs"]
    assert [r["name"] for r in differing] == ["A touched tile may still be given back"]
    assert differing[0]["because"] == [{"option": "touched-tile-is-taken", "house_rules": [1]}]
    step = differing[0]["changed_steps"][0]
    assert (step["league"]["verdict"], step["tournament"]["verdict"]) == ("allowed", "refused")


def test_the_page_links_a_print_stylesheet_that_hides_the_site_around_the_sheet(client, harbour):
    from django.contrib.staticfiles import finders

    page = client.get(reverse("tournaments:tournament", args=[harbour.slug])).content.decode()
    assert 'tournament-print.css" media="print"' in page
    css = Path(finders.find("css/tournament-print.css")).read_text()
    for hidden in (".site-nav", ".site-search", ".site-header", ".no-print"):
        assert hidden in css.split("display: none")[0]


def test_a_later_version_lists_what_changed_since_the_previous_one(client, harbour, director):
    rule = harbour.house_rules.get(position=2)
    rule.text = "Rounds last 75 minutes."
    rule.save()
    publish(harbour, director, on=datetime.date(2026, 12, 1))
    page = client.get(reverse("tournaments:tournament", args=[harbour.slug])).content.decode()
    assert "House rules, version 2" in page
    assert "Changed since version 1" in page
    assert "House rule 2 changed." in page
    assert "Rounds last 60 minutes." in page and "Rounds last 75 minutes." in page


def test_the_list_shows_published_tournaments_with_their_version(client, harbour):
    tournament("quiet-draft", name="Quiet Draft")
    page = client.get(reverse("tournaments:tournaments")).content.decode()
    assert "Harbour Open" in page and "house rules version 1" in page
    assert "Quiet Draft" not in page


def test_an_unknown_tournament_is_a_404_not_an_error(client):
    assert client.get("/tournaments/no-such-event/").status_code == 404
    assert client.get("/tournaments/no-such-event.json").status_code == 404
    assert client.get("/tournaments/no-such-event/rules/99/").status_code in (302, 404)


# --- Editing forms -------------------------------------------------------------------------


def as_author(director):
    """The director made an editor: the form that names the engine's options is theirs."""
    director.groups.add(Group.objects.get_or_create(name=EDITORS)[0])
    return director


def test_an_authors_rule_with_an_option_but_no_value_is_refused_and_keeps_what_was_typed(
    client, harbour, director
):
    client.force_login(as_author(director))
    typed = "One exchange at a time, please: finish each before the next."
    response = client.post(
        reverse("tournaments:house-rule-add", args=[harbour.slug]),
        {"option": "one-joker-exchange-at-a-time", "value": "", "text": typed, "position": 3},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Choose which reading the tournament follows: several-together, one-at-a-time." in page
    assert typed in page
    assert harbour.house_rules.count() == 2


def test_an_unknown_option_posted_by_hand_is_refused_without_an_error_page(
    client, harbour, director
):
    client.force_login(as_author(director))
    response = client.post(
        reverse("tournaments:house-rule-add", args=[harbour.slug]),
        {"option": "<script>", "value": "on", "text": "x", "position": "many"},
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert "<script>" not in response.content.decode()
    assert harbour.house_rules.count() == 2


def test_details_with_the_last_day_before_the_first_are_refused_and_kept(client, harbour, director):
    client.force_login(director)
    response = client.post(
        reverse("tournaments:tournament-edit", args=[harbour.slug]),
        {
            "name": "Harbour Open, renamed",
            "slug": harbour.slug,
            "ruleset": harbour.ruleset_id,
            "starts_on": "2027-03-14",
            "ends_on": "2027-03-12",
            "place": "",
            "base_rules": "NMJL",
        },
    )
    assert response.status_code == 200
    assert "The last day cannot come before the first." in response.content.decode()
    assert "Harbour Open, renamed" in response.content.decode()
    harbour.refresh_from_db()
    assert harbour.name == "Harbour Open"


def test_a_new_tournament_may_not_take_the_address_of_the_new_page(client, director):
    client.force_login(director)
    from .tournament_factories import nmjl

    response = client.post(
        reverse("tournaments:tournament-new"),
        {"name": "New", "slug": "new", "ruleset": nmjl().pk, "base_rules": ""},
    )
    assert response.status_code == 200
    assert not Tournament.objects.filter(slug="new").exists()


def test_the_edit_page_lists_unpublished_changes_and_previews_the_working_copy(
    client, harbour, director, scenarios
):
    harbour.house_rules.get(option="touched-tile-is-taken").delete()
    client.force_login(director)
    page = client.get(reverse("tournaments:tournament-edit", args=[harbour.slug])).content.decode()
    assert "House rule 1 (as it was) removed." in page
    assert reverse("tournaments:tournament-publish", args=[harbour.slug]) in page
    # Players still read version 1 until the director publishes.
    public = tournament_page(harbour)
    assert [r.text for r in public.sheet.rules][0] == TOUCHED
    assert [r.name for r in public.differing] == ["A touched tile may still be given back"]


def test_publishing_with_nothing_changed_says_so(client, harbour, director):
    client.force_login(director)
    response = client.post(
        reverse("tournaments:tournament-publish", args=[harbour.slug]), follow=True
    )
    assert "Nothing has changed since version 1" in response.content.decode()
    assert harbour.versions.count() == 1


# --- Fresh site: publishing shows at once which rulings change -----------------------------


def test_publishing_a_house_rule_shows_at_once_on_the_tournament_and_article_pages(
    client, answer, director, scenarios
):
    event = tournament("fresh-open", directors=[director], name="Fresh Open")
    HouseRule.objects.create(
        tournament=event, option="touched-tile-is-taken", value=True, text=TOUCHED, position=1
    )
    article_url = reverse("articles:detail", args=[answer.key])
    before = client.get(article_url).content.decode()  # an anonymous reader, now cached
    assert "Fresh Open" not in before

    client.force_login(director)
    confirm_publish(client, event.slug)
    client.logout()

    after = client.get(article_url).content.decode()
    differences = after[after.index('id="tournament-differences"') :]
    assert "Fresh Open" in differences
    assert "that is not allowed: Touched is taken" in differences
    assert "(house rule 1: A touched tile is a taken tile: once you touch" in differences
    page = client.get(reverse("tournaments:tournament", args=[event.slug])).content.decode()
    assert "1 scenario check rules differently" in page


# --- The article page's matrix -------------------------------------------------------------


def test_the_grid_gives_each_cell_its_ruling_in_words_and_the_house_rule_that_changes_it(
    answer, harbour, scenarios
):
    matrix = matrix_for_article(answer)
    assert [x.name for x in matrix.tournaments] == ["Harbour Open"]
    cells = {row.name: [(c.label, c.house_rules) for c in row.cells] for row in matrix.rows}
    assert cells["A touched tile may still be given back"] == [
        ("Allowed", []),
        ("Not allowed", [1]),
    ]
    assert cells["The latest discard may be called"] == [("Allowed", []), ("Allowed", [])]
    assert [c.engine_label for c in matrix.rows[0].cells] in (
        ["passes", "differs"],
        ["passes", "passes"],
    )


def test_the_scenario_page_shows_the_grid_as_cards_on_a_phone(client, answer, harbour, scenarios):
    page = client.get(reverse("rulings:scenario", args=["withdraw"])).content.decode()
    grid = page[
        page.index('id="tournament-matrix"') : page.index(
            "</section>", page.index('id="tournament-matrix"')
        )
    ]
    assert 'class="matrix matrix-cards"' in grid and "Harbour Open" in grid
    assert 'data-label="Harbour Open">Not allowed <span class="because">(house rule 1)' in grid
    text = re.sub(r"<[^>]+>", " ", grid)
    assert "differs" not in text and "passes" not in text


def test_the_article_section_says_each_difference_as_a_sentence(answer, harbour, scenarios):
    html = matrix_section(answer)
    text = " ".join(re.sub(r"<[^>]+>", "", html).split())
    assert (
        "At Harbour Open, when West withdraws the call, that is not allowed: Touched is taken"
        in text
    )
    assert "Under League rules it is allowed: Not racked yet." in text
    assert "differs" not in text and "passes" not in text


def test_no_matrix_without_a_published_tournament(answer, scenarios):
    tournament("draft-only")
    assert matrix_for_article(answer) is None
    assert matrix_section(answer).strip() == ""


def _queries(callable_):
    with CaptureQueriesContext(connection) as captured:
        callable_()
    return len(captured.captured_queries)


def _publish_another(n, answer):
    event = tournament(f"event-{n}", name=f"Event {n}")
    house_rule(event, TOUCHED, "touched-tile-is-taken", True, answer)
    publish(event)


def test_the_matrix_query_count_does_not_grow_with_tournaments_or_scenarios(
    answer, harbour, scenarios
):
    def render():
        matrix_section(answer)

    render()  # warm the result cache: runs are not queries, but keep the count honest
    few = _queries(render)
    assert few == 2  # published tournaments with their options; the article's scenarios
    for n in range(3):
        _publish_another(n, answer)
    for n in range(4):
        scenario(f"more-{n}", WITHDRAW.replace("given back", f"given back {n}"), answer)
    render()
    assert _queries(render) == few


def test_the_tournament_page_query_count_does_not_grow_with_scenarios(
    client, answer, harbour, scenarios
):
    url = reverse("tournaments:tournament", args=[harbour.slug])
    client.get(url)
    cache.clear()  # no page cache: measure the view itself, with results computed
    few = _queries(lambda: client.get(url))
    assert few > 3  # the page really ran its queries (no cached copy)
    for n in range(5):
        scenario(f"more-{n}", WITHDRAW.replace("given back", f"given back {n}"), answer)
    client.get(url)
    cache.clear()
    assert _queries(lambda: client.get(url)) == few, few


def test_the_article_page_query_count_does_not_grow_with_tournaments(
    client, answer, harbour, scenarios
):
    url = reverse("articles:detail", args=[answer.key])
    client.get(url)
    cache.clear()
    client.get(url)  # drawn again once after the clear, as after the publishes below
    cache.clear()
    few = _queries(lambda: client.get(url))
    assert few > 3  # the page really ran its queries (no cached copy)
    for n in range(3):
        _publish_another(n, answer)
    client.get(url)
    cache.clear()
    assert _queries(lambda: client.get(url)) == few, few


@pytest.mark.parametrize(
    "fields",
    [
        {"position": "99999999999"},
        {"position": "-1"},
        {"departs_from": "not-a-number"},
        {"departs_from": "999999"},
        {"text": "x" * 20000, "position": "40000"},
    ],
)
def test_out_of_range_or_unknown_values_are_refused_with_a_message(
    client, harbour, director, fields
):
    client.force_login(director)
    data = {"option": "", "value": "", "text": "Rounds last 60 minutes.", "position": "3"}
    response = client.post(
        reverse("tournaments:house-rule-add", args=[harbour.slug]), {**data, **fields}
    )
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert harbour.house_rules.count() == 2


def test_every_published_version_is_listed_with_its_changes(client, harbour, director):
    house_rule(harbour, "Rounds last 75 minutes.")
    publish(harbour, director, on=datetime.date(2026, 12, 1))
    page = client.get(reverse("tournaments:tournament", args=[harbour.slug])).content.decode()
    history = page[page.index("Every published version") :]
    assert history.index("Version 2") < history.index("Version 1")
    assert "House rule 3 added." in history
    data = client.get(reverse("tournaments:tournament-json", args=[harbour.slug])).json()
    assert [(v["number"], v["published_on"]) for v in data["versions"]] == [
        (2, "2026-12-01"),
        (1, "2026-11-02"),
    ]
    assert data["versions"][0]["changes"] == ["House rule 3 added."]


def test_saving_a_scenario_warms_each_published_tournaments_ruling_in_fixed_queries(
    answer, harbour, monkeypatch
):
    made = scenario("warm", WITHDRAW, answer)
    few = _queries(made.save)
    for n in range(3):
        _publish_another(n, answer)
    assert _queries(made.save) == few
    # The matrix then reads every tournament's ruling from the cache, running nothing.
    runs = []
    monkeypatch.setattr("tournaments.comparison.run_under", lambda *args: runs.append(args))
    matrix = matrix_for_article(answer)
    assert [cell.status for cell in matrix.rows[0].cells] == ["passed"] + ["differs"] * 4
    assert runs == []


class _CountedCache:
    """The shared cache, counting the round trips that fetch results."""

    def __init__(self, real):
        self.real, self.trips = real, 0

    def get_many(self, keys):
        self.trips += 1
        return self.real.get_many(keys)

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_a_fresh_worker_reads_the_matrix_in_one_cache_trip_per_column_however_many_scenarios(
    answer, harbour, scenarios, monkeypatch
):
    from rulings import checks

    for n in range(4):
        scenario(f"more-{n}", WITHDRAW.replace("given back", f"given back {n}"), answer)
    matrix_for_article(answer)  # every result computed and in the shared cache
    checks.remembered.clear()  # another worker: nothing in its memory
    counted = _CountedCache(cache)
    monkeypatch.setattr(checks, "cache", counted)
    matrix = matrix_for_article(answer)
    assert len(matrix.rows) == 6
    assert counted.trips == 2  # League rules, then Harbour Open's column
