"""A ruling answered under the reader's chosen tournament: where its house rules change a
ruling (its checks rule differently there, or a text-only house rule names it), the box leads
with the tournament's answer, then "League rules: …"; elsewhere the League's answer stands."""

import html
import io
import json
import re

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

import hooks
from articles.models import Article, Ruling
from articles.page import ArticlePage
from articles.sections import ruling_answers_for
from event import content as event_content
from event.models import Infraction
from rulings.models import RulingCheck, Scenario
from tournaments.chosen import COOKIE_NAME
from tournaments.content import export_content, import_content
from tournaments.models import HouseRule, Tournament
from tournaments.ruling_answers import TournamentAnswer, answers_for
from tournaments.versions import publish, published_sheet, snapshot_of

from .test_article_page_hooks import _page as page_at
from .tournament_factories import house_rule, td, tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results", "no_cached_pages")]

HARBOUR = "harbour-lights-open-2027"
PRAIRIE = "prairie-winds-classic-2027"
HARBOUR_NAME = "Harbour Lights Mah Jongg Open 2027"
PRAIRIE_NAME = "Prairie Winds Mah Jongg Classic 2027"


def answers_at(key, chosen):
    """What the ruling box shows on an article's page for a reader at `chosen` ("": none)."""
    return ruling_answers_for(page_at(key, chosen))


def lines(answers):
    return {slug: (answer.line, answer.league_line) for slug, answer in answers.items()}


# -- computed from the rulings' checks ---------------------------------------------------------


def test_at_harbour_lights_a_caller_who_touched_the_tile_may_not_give_it_back(content):
    answers = answers_at("nmjl-exposure-answer", HARBOUR)
    assert lines(answers) == {
        "touching-the-called-tile-does-not-commit": (
            f"At {HARBOUR_NAME}: No. A touched tile is a taken tile (house rule 1)",
            "League rules: Yes, under League rules. Touching does not commit the caller.",
        )
    }
    answer = answers["touching-the-called-tile-does-not-commit"]
    assert (answer.verdict, answer.verdict_words) == ("not_allowed", "Not allowed")
    assert answer.sheet_rule_number == 1 and answer.tournament.slug == HARBOUR
    assert answer.reason == "A touched tile is a taken tile" and answer.penalty_points is None


def test_at_harbour_lights_article_6s_call_not_yet_racked_goes_back_only_if_untouched(content):
    answers = answers_at("nmjl-6", HARBOUR)
    assert lines(answers) == {
        "return-a-call-not-yet-racked": (
            f"At {HARBOUR_NAME}: No. A touched tile is a taken tile (house rule 1)",
            "League rules: Yes. It goes back, and play goes on from the wall.",
        )
    }


def test_at_harbour_lights_a_racked_call_is_kept_as_under_league_rules(content):
    """Racking commits under League rules too: the house rule changes nothing there."""
    assert "give-back-a-racked-call" not in answers_at("nmjl-6", HARBOUR)


def test_at_prairie_winds_the_joker_exchange_rulings_follow_its_house_rules(content):
    assert lines(answers_at("nmjl-6", PRAIRIE)) == {
        "joker-exchange-ends-the-change-window": (
            f"At {PRAIRIE_NAME}: Yes. A joker exchange does not lock your exposure (house rule 1)",
            "League rules: No, since the NMJL Bulletin 2025.",
        )
    }
    assert lines(answers_at("nmjl-205", PRAIRIE)) == {
        "two-joker-exchanges-in-the-same-turn": (
            f"At {PRAIRIE_NAME}: No. One joker exchange at a time (house rule 2)",
            "League rules: Yes. They need not be made one at a time.",
        )
    }


def test_at_prairie_winds_the_touched_tile_ruling_is_the_leagues(content):
    assert answers_at("nmjl-exposure-answer", PRAIRIE) == {}


def test_without_a_chosen_tournament_every_ruling_gives_the_leagues_answer(content):
    assert answers_at("nmjl-6", "") == {}
    assert ruling_answers_for(ArticlePage(Article.objects.get(key="nmjl-6"))) == {}


def test_a_tournament_whose_house_rules_change_nothing_gives_no_tournament_answer(content):
    quiet = tournament("quiet-open", status=Tournament.Status.PUBLISHED, starts_on=None)
    house_rule(quiet, "Phones off at the table.", departs_from=Article.objects.get(key="nmjl-6"))
    publish(quiet)
    rulings = Ruling.objects.select_related("article")
    assert answers_for(rulings, quiet) == {}
    for key in ("nmjl-6", "nmjl-205", "nmjl-exposure-answer"):
        assert answers_at(key, "quiet-open") == {}


# -- a text-only house rule linked to a ruling -------------------------------------------------


@pytest.fixture
def linked(content):
    """A tournament whose text-only rule answers a ruling, with a penalty for the same in its
    schedule."""
    made = tournament("count-open", status=Tournament.Status.PUBLISHED, starts_on=None)
    ruling = Ruling.objects.get(slug="no-declaring-her-own-hand-dead")
    rule = house_rule(
        made, "A player may ask a table director to declare her own hand dead. Then she stops."
    )
    rule.ruling, rule.ruling_verdict = ruling, "dead"
    rule.save()
    Infraction.objects.create(
        tournament=made,
        name="Wrong count",
        description="A hand found with the wrong count.",
        ruling=ruling,
        points=5,
        second_points=10,
        third_head_td_decides=True,
    )
    publish(made)
    return made


def test_a_text_only_house_rule_linked_to_a_ruling_answers_it_with_its_penalty(linked):
    answers = answers_at("nmjl-205", "count-open")
    assert list(answers) == ["no-declaring-her-own-hand-dead"]
    answer = answers["no-declaring-her-own-hand-dead"]
    assert answer.line == (
        "At Count Open: The hand is dead. "
        "A player may ask a table director to declare her own hand dead (house rule 1)"
    )
    assert (answer.verdict, answer.penalty_points) == ("dead", 5)
    assert answer.penalty_path == (
        "second offence: 10 points",
        "third and later offences: the head TD decides",
    )
    assert answer.league_line == "League rules: No. Only another player may."


def ruling_box(client, slug="count-open") -> str:
    page = client.get("/articles/nmjl-205/", {"tournament": slug})
    assert page.status_code == 200
    text = re.sub(r"<[^>]+>", "", page.content.decode())
    return html.unescape(re.sub(r"\s+", " ", text))


def test_editing_an_infractions_points_and_publishing_changes_the_sheet_and_the_ruling_box(
    client, linked
):
    assert "Penalty: 5 points; second offence: 10 points" in ruling_box(client)
    penalty = linked.infractions.get()
    penalty.points, penalty.second_points = 7, 14
    penalty.save()
    # Players read the published version until the director publishes the change.
    assert published_sheet(linked).penalties[0].points == 5
    assert "Penalty: 5 points;" in ruling_box(client)
    publish(linked)
    box = ruling_box(client)
    assert "Penalty: 7 points; second offence: 14 points" in box
    assert "Penalty: Wrong count, 7 points (second offence: 14 points" in box
    sheet = client.get(reverse("tournaments:tournament", args=["count-open"])).content.decode()
    assert '<span class="penalty-points">7 points</span>' in sheet
    assert "Second offence: 14 points" in sheet
    assert '<span class="penalty-points">5 points</span>' not in sheet


def test_a_version_published_before_the_schedule_reads_as_it_did(client, linked):
    """A snapshot whose penalty is a house rule with points (as published until the schedule
    existed): the same numbered table, ruling box and answer as then."""
    version = linked.versions.get()
    snapshot = {k: v for k, v in version.snapshot.items() if k != "penalties"}
    snapshot["house_rules"] = [
        *snapshot["house_rules"],
        {
            "number": 2,
            "option": "",
            "value": None,
            "text": "A hand found with the wrong count.",
            "departs_from": "nmjl-205",
            "penalty_points": 5,
            "ruling": "no-declaring-her-own-hand-dead",
            "ruling_verdict": "dead",
        },
    ]
    version.snapshot = snapshot
    version.save()
    linked.infractions.update(points=99)  # the working schedule is not what players read
    answer = answers_at("nmjl-205", "count-open")["no-declaring-her-own-hand-dead"]
    assert (answer.penalty_points, answer.penalty_path) == (5, ())
    box = ruling_box(client)
    assert "Penalty: 5 points League rules: No. Only another player may." in box
    assert "Penalty (house rule 2): 5 points — A hand found with the wrong count." in box
    sheet = client.get(reverse("tournaments:tournament", args=["count-open"])).content.decode()
    row = re.search(r'<tr id="house-rule-2">(.*?)</tr>', sheet, re.S).group(1)
    assert [cell.strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)][:3] == [
        "2",
        "A hand found with the wrong count.",
        "5 points",
    ]
    assert "99 point" not in sheet


def test_the_link_is_kept_in_the_published_snapshot_and_read_into_its_sheet(linked):
    entry = linked.versions.get().snapshot["house_rules"][0]
    assert (entry["ruling"], entry["ruling_verdict"]) == ("no-declaring-her-own-hand-dead", "dead")
    rule = published_sheet(linked).rules[0]
    assert (rule.ruling, rule.ruling_verdict) == ("no-declaring-her-own-hand-dead", "dead")


def test_a_snapshot_without_links_is_what_it_was_before_links_existed(content):
    for entry in snapshot_of(Tournament.objects.get(slug=HARBOUR))["house_rules"]:
        assert "ruling" not in entry and "ruling_verdict" not in entry


def test_a_link_without_an_answer_is_refused_with_a_plain_message(content):
    made = tournament("half-open")
    rule = HouseRule(
        tournament=made,
        text="Ask a director.",
        position=1,
        ruling=Ruling.objects.get(slug="no-declaring-her-own-hand-dead"),
    )
    with pytest.raises(Exception) as refused:
        rule.full_clean()
    assert "Say what the ruling's question gets at this tournament." in str(refused.value)


# -- the hook and the box ----------------------------------------------------------------------


def test_the_hook_is_named_and_the_tournaments_app_answers_it():
    assert "ruling_answers" in hooks.HOOKS
    assert [make.__module__ for make in hooks.get_hooks("ruling_answers")] == [
        "tournaments.ruling_answers"
    ]


def test_the_box_drawn_through_the_hook_leads_with_the_tournaments_answer(content):
    answer = answers_at("nmjl-6", HARBOUR)["return-a-call-not-yet-racked"]
    assert isinstance(answer, TournamentAnswer)
    drawn = " ".join(
        render_to_string("tournaments/_ruling_answer.html", {"answer": answer}).split()
    )
    here = drawn.index(f"At {HARBOUR_NAME}: No. A touched tile is a taken tile (house rule 1)")
    league = drawn.index("League rules: Yes. It goes back, and play goes on from the wall.")
    assert "Not allowed:" in drawn[:here] and here < league


def test_the_article_page_and_the_rulings_page_lead_with_the_tournaments_answer(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    for url in ("/articles/nmjl-6/", "/rulings/return-a-call-not-yet-racked/"):
        page = " ".join(client.get(url).content.decode().split())
        assert page.index("A touched tile is a taken tile (house rule 1)") < page.index(
            "League rules: Yes. It goes back"
        ), url
    client.cookies[COOKIE_NAME] = ""
    page = client.get("/rulings/return-a-call-not-yet-racked/").content.decode()
    assert "League rules:" not in page and "Yes. It goes back" in page


# -- what it costs -----------------------------------------------------------------------------


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200 and response["X-Page-Cache"] == "miss"
    return len(queries.captured_queries)


def _more_rulings(count, first=0):
    """Rulings on Article 6 each shown by a check its tournaments rule differently."""
    article = Article.objects.get(key="nmjl-6")
    scenario = Scenario.objects.get(slug="call-commitment")
    for n in range(first, first + count):
        ruling = Ruling.objects.create(
            article=article,
            slug=f"more-touched-{n}",
            position=50 + n,
            question=f"May a caller who touched tile {n} give it back?",
            answer="Yes.",
            verdict="allowed",
            reason="Touching does not commit the caller.",
        )
        RulingCheck.objects.create(
            ruling=ruling,
            scenario=scenario,
            check_name="A caller who has only touched the called tile may still withdraw the call",
        )


def test_the_article_pages_queries_do_not_grow_with_its_rulings(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    _queries(client, "/articles/nmjl-6/")  # drawings and results cached, as on the site
    _more_rulings(1)  # a save: the next view is drawn afresh
    few = _queries(client, "/articles/nmjl-6/")
    _more_rulings(4, first=1)
    assert _queries(client, "/articles/nmjl-6/") == few
    page = client.get("/articles/nmjl-6/").content.decode()
    assert page.count(f"At {HARBOUR_NAME}: No.") == 6  # five more, and the call not racked


# -- the printed sheet -------------------------------------------------------------------------


def sheet_text(client, slug):
    page = client.get(f"/tournaments/{slug}/").content.decode()
    start = page.index('class="house-rules-sheet"')
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(page[start:])).split())


def test_the_printed_sheet_lists_under_each_house_rule_the_rulings_it_changes(client, content):
    harbour = sheet_text(client, HARBOUR)
    assert (
        "The rulings it changes: May a discard whose caller has not yet racked it be returned to "
        f"the table? — At {HARBOUR_NAME}: No. A touched tile is a taken tile (house rule 1) · "
        "League rules: Yes. It goes back, and play goes on from the wall."
    ) in harbour
    prairie = sheet_text(client, PRAIRIE)
    assert (
        f"— At {PRAIRIE_NAME}: Yes. A joker exchange does not lock your exposure (house rule 1) · "
        "League rules: No, since the NMJL Bulletin 2025."
    ) in prairie
    assert (
        f"— At {PRAIRIE_NAME}: No. One joker exchange at a time (house rule 2) · "
        "League rules: Yes. They need not be made one at a time."
    ) in prairie


def test_the_sheet_gives_the_same_answers_as_the_api_and_the_box(client, content):
    harbour = sheet_text(client, HARBOUR)
    rulings = Ruling.objects.select_related("article")
    api = answers_for(rulings, Tournament.objects.get(slug=HARBOUR))
    assert api and all(
        f"{answer.line} · {answer.league_line}" in harbour for answer in api.values()
    )


def test_a_linked_text_rule_lists_its_ruling_with_its_penalty_on_the_sheet(client, linked):
    text = sheet_text(client, "count-open")
    assert (
        "The rulings it changes: May a player declare her own hand dead? — At Count Open: The "
        "hand is dead. A player may ask a table director to declare her own hand dead "
        "(house rule 1); penalty 5 points; second offence: 10 points; third and later offences: "
        "the head TD decides · League rules: No. Only another player may."
    ) in text


# -- editing, export and import ----------------------------------------------------------------


def test_a_director_links_a_text_rule_to_a_ruling_in_their_own_words(client, content):
    director = td("linking-td")
    made = tournament("link-open", directors=[director])
    ruling = Ruling.objects.get(slug="no-declaring-her-own-hand-dead")
    client.force_login(director)
    form = {
        "from_ruling": ruling.slug,
        "choice": "own",
        "text": "A player may ask a director to declare her own hand dead.",
        "position": 1,
        "ruling_verdict": "dead",
    }
    response = client.post(reverse("tournaments:house-rule-add", args=["link-open"]), form)
    assert response.status_code == 302
    rule = made.house_rules.get()
    assert (rule.ruling, rule.ruling_verdict) == (ruling, "dead")
    half = {**form, "position": 2, "ruling_verdict": ""}
    refused = client.post(reverse("tournaments:house-rule-add", args=["link-open"]), half)
    assert refused.status_code == 200 and made.house_rules.count() == 1
    assert (
        "Say what the ruling&#x27;s question gets at this tournament." in refused.content.decode()
    )


def test_the_link_goes_out_with_the_tournaments_content_and_comes_back(linked, tmp_path):
    export_content(tmp_path, io.StringIO())
    event_content.export_content(tmp_path, io.StringIO())
    written = json.loads((tmp_path / "tournaments" / "count-open.json").read_text())
    assert written["house_rules"][0]["ruling"] == "no-declaring-her-own-hand-dead"
    assert written["penalties"][0]["ruling"] == "no-declaring-her-own-hand-dead"
    assert written["versions"][0]["snapshot"]["penalties"][0]["points"] == 5
    linked.delete()
    import_content(tmp_path, io.StringIO())
    event_content.import_content(tmp_path, io.StringIO())
    back = Tournament.objects.get(slug="count-open")
    rules = back.house_rules.order_by("position")
    assert [(r.ruling.slug, r.ruling_verdict) for r in rules] == [
        ("no-declaring-her-own-hand-dead", "dead")
    ]
    assert (
        answers_at("nmjl-205", "count-open")["no-declaring-her-own-hand-dead"].penalty_points == 5
    )


def test_an_address_naming_a_draft_or_unknown_tournament_is_answered_as_no_choice(client, content):
    secret = tournament("secret-cup", name="Secret Cup")
    house_rule(secret, "Touched is taken.", "touched-tile-is-taken", "touched-is-taken")
    for slug in ("secret-cup", "no-such-cup", "<script>"):
        page = client.get(
            "/rulings/touching-the-called-tile-does-not-commit/", {"tournament": slug}
        )
        text = page.content.decode()
        assert page.status_code == 200 and "League rules:" not in text, slug
        assert "Secret Cup" not in text and "<script>" not in text
