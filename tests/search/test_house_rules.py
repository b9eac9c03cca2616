"""Published house rules are searchable: tournament name, rule number and text, as players
read them; a draft or an unpublished edit is not."""

import pytest

from search.ranking import search
from tournaments.models import HouseRule, Tournament
from tournaments.versions import publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(nmjl):
    tournament = Tournament.objects.create(name="Harbour Lights Open", slug="harbour", ruleset=nmjl)
    HouseRule.objects.create(tournament=tournament, text="Say call out loud; knocking is no call.")
    return tournament


def test_a_published_house_rule_is_found_with_its_tournament_and_number(tournament):
    publish(tournament)
    (hit,) = search("harbour lights knocking").hits
    assert hit.kind == "houserule"
    assert hit.title == "Harbour Lights Open: house rule 1"
    assert hit.url == "/tournaments/harbour/#house-rule-1"
    assert "<mark>knocking</mark>" in hit.snippet


def test_a_draft_tournaments_house_rules_are_not_found(tournament):
    assert search("knocking").hits == []


def test_an_unpublished_edit_is_not_found_until_it_is_published(tournament):
    publish(tournament)
    HouseRule.objects.create(tournament=tournament, text="Flamingos may watch.", position=2)
    assert search("flamingos").hits == []
    publish(tournament)
    assert [hit.url for hit in search("flamingos").hits] == ["/tournaments/harbour/#house-rule-2"]


def test_a_deleted_tournament_takes_its_house_rules_out_of_the_index(tournament):
    publish(tournament)
    Tournament.objects.get(pk=tournament.pk).delete()
    assert search("knocking").hits == []


def test_house_rules_are_filtered_by_kind(tournament):
    publish(tournament)
    assert search("knocking", kind="houserule").hits
    assert search("knocking", kind="article").hits == []


def test_a_published_penalty_is_found_with_what_a_repeat_costs_and_an_unpublished_one_is_not(
    tournament,
):
    from event.models import Infraction

    Infraction.objects.create(
        tournament=tournament, name="Misnamed discard", points=25, second_points=50
    )
    assert search("misnamed").hits == []  # not published yet
    publish(tournament)
    hit = search("harbour misnamed discard", kind="houserule").hits[0]
    assert hit.kind == "houserule"
    assert hit.title == "Harbour Lights Open: penalty — Misnamed discard"
    assert hit.url == "/tournaments/harbour/#penalty-1"
    assert "25 points; second and later offences: 50 points" in hit.snippet
