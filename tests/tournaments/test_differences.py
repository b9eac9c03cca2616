"""What each tournament changes, said as rulings: the sentences of tournaments.differences,
on the content `make run` loads and with the real engine."""

import pytest
from django.utils.html import escape
from mahjong_rules.engine.options import OPTIONS

from articles.models import Article
from tournaments.differences import differences_for_article
from tournaments.models import HouseRule, Tournament
from tournaments.versions import publish

from .tournament_factories import house_rule, tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results", "content")]

HARBOUR = "harbour-lights-open-2027"
PRAIRIE = "prairie-winds-classic-2027"


def sentences(key, slug=None):
    article = Article.objects.get(key=key)
    chosen = Tournament.objects.get(slug=slug) if slug else None
    return [d.sentence for d in differences_for_article(article, chosen)]


def test_a_tournament_whose_house_rule_changes_a_check_gets_its_sentence():
    (said,) = sentences("nmjl-exposure-answer", HARBOUR)
    house_rule_text = HouseRule.objects.get(tournament__slug=HARBOUR, position=1).text
    first_sentence = house_rule_text.split(". ")[0]
    assert said.startswith(
        "At Harbour Lights Mah Jongg Open 2027, when West calls the discard, "
        "West touches the called tile and West withdraws the call, that is not allowed: "
    )
    assert f"(house rule 1: {first_sentence})." in said
    assert said.endswith(
        "Under League rules it is allowed: West withdraws the call; 8B is the latest discard again."
    )


def test_the_sentence_never_names_a_rule_function_or_an_option_key():
    from mahjong_rules.engine import RULES

    for key in ("nmjl-6", "nmjl-205", "nmjl-calling", "nmjl-exposure-answer"):
        for said in sentences(key):
            assert not [name for name in RULES if name in said], said
            assert not [name for name in OPTIONS if name in said], said
            assert "differs" not in said and "passes" not in said


def test_a_tournament_that_rules_nothing_differently_has_no_sentence():
    # Prairie Winds changes joker exchanges; nothing about withdrawing a touched call.
    assert sentences("nmjl-exposure-answer", PRAIRIE) == []
    # A published tournament whose only house rule is plain text changes no check.
    quiet = tournament("quiet-open", name="Quiet Open", status="published")
    house_rule(quiet, "Rounds last 60 minutes.")
    publish(quiet)
    assert sentences("nmjl-6", "quiet-open") == []
    assert not [s for s in sentences("nmjl-6") if "Quiet Open" in s]


def test_an_unpublished_tournament_has_no_sentence_whatever_its_working_copy_says():
    draft = tournament("draft-open", name="Draft Open")
    house_rule(draft, "Touched is taken.", "touched-tile-is-taken", True)
    assert sentences("nmjl-exposure-answer", "draft-open") == []


def test_after_a_version_without_the_house_rule_is_published_the_sentence_is_gone():
    harbour = Tournament.objects.get(slug=HARBOUR)
    assert sentences("nmjl-6", HARBOUR)
    HouseRule.objects.filter(tournament=harbour, option="touched-tile-is-taken").delete()
    publish(harbour)
    assert sentences("nmjl-6", HARBOUR) == []
    assert not [s for s in sentences("nmjl-6") if s.startswith("At Harbour Lights")]


def test_a_new_tournament_with_the_house_rule_gets_its_own_sentence():
    event = tournament("touch-open", name="Touch Open", status="published")
    house_rule(event, "Touched is taken. No take-backs.", "touched-tile-is-taken", True)
    publish(event)
    (said,) = sentences("nmjl-exposure-answer", "touch-open")
    assert said.startswith("At Touch Open, when West calls the discard")
    assert "(house rule 1: Touched is taken)." in said


def test_every_published_tournament_is_asked_when_none_is_chosen():
    said = sentences("nmjl-6")
    assert {s.split(",")[0] for s in said} == {
        "At Harbour Lights Mah Jongg Open 2027",
        "At Prairie Winds Mah Jongg Classic 2027",
    }
    assert len(said) == len(set(said))  # one situation is read out once


def test_the_differences_take_two_queries_however_many_tournaments(django_assert_num_queries):
    article = Article.objects.get(key="nmjl-6")
    differences_for_article(article)  # results into the cache
    with django_assert_num_queries(2):  # published tournaments with snapshots; the scenarios
        differences_for_article(article)


def test_a_reader_at_harbour_lights_reads_its_difference_under_article_6s_ruling(client):
    client.cookies["tournament"] = HARBOUR
    page = client.get("/articles/nmjl-6/").content.decode()
    under = page[page.index('class="at-tournament"') :]
    under = under[: under.index("</section>")]
    (said,) = sentences("nmjl-6", HARBOUR)
    assert escape(said) in under
    client.cookies["tournament"] = PRAIRIE
    page = client.get("/articles/nmjl-6/").content.decode()
    assert (
        "At Harbour Lights Mah Jongg Open 2027, when"
        not in page.split('id="tournament-differences"')[0]
    )
