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
