"""Scenario checks and cards entered on the site: a scenario uses a card only when it names
it; the command line sees every card, the editor the writer's, a public page only public
ones; a changed card is a new cache key."""

import json

import pytest
from django.urls import reverse

from rulings import checks
from rulings.models import Scenario
from tournaments.forms import TournamentForm

from .card_factories import card
from .test_check_scenarios_command import check
from .tournament_factories import nmjl, td, tournament

pytestmark = pytest.mark.django_db

USES_CARD = """Feature: The club's card
  Scenario: Like numbers on the club's card
    Given the card "{name}"
    And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD
    Then North's hand matches line "L1"
"""


def test_the_command_line_finds_a_private_card(tmp_path):
    owner = tournament("home-open")
    card("Home Card", owner=owner, private=True)
    feature = tmp_path / "club.feature"
    feature.write_text(USES_CARD.format(name="Home Card"))
    status, out = check(str(feature))
    assert status == 0, out
    assert out.rstrip().splitlines()[-1] == "1 passed, 0 failed"


def test_the_command_line_still_fails_a_card_nobody_entered(tmp_path):
    feature = tmp_path / "club.feature"
    feature.write_text(USES_CARD.format(name="Nobody's Card"))
    status, out = check(str(feature))
    assert status == 1 and "There is no card" in out


def test_a_public_scenario_page_never_rules_by_a_private_card(client):
    owner = tournament("home-open")
    card("Home Card", owner=owner, private=True)
    Scenario.objects.create(slug="club", title="club", text=USES_CARD.format(name="Home Card"))
    result = checks.results_for(USES_CARD.format(name="Home Card"))
    assert result.scenarios[0].status == "failed"
    assert "There is no card" in result.scenarios[0].steps[0].message


def test_a_public_card_rules_on_public_pages_and_a_changed_card_changes_the_key():
    club = card("Club Card")
    text = USES_CARD.format(name="Club Card")
    assert checks.results_for(text).status == "passed"
    key = checks.result_key(text)
    data = json.loads(club.text)
    data["sections"][2]["lines"][0]["value"] = 99
    club.text = json.dumps(data)
    club.save()
    assert checks.result_key(text) != key


def test_the_editor_checks_with_the_writers_own_private_card(client):
    director = td("home-td")
    home = tournament("home-open", directors=[director])
    card("Home Card", owner=home, private=True)
    client.force_login(director)
    text = USES_CARD.format(name="Home Card")
    report = client.post(reverse("rulings:scenario-check"), {"text": text}).json()
    assert "There is no card" not in json.dumps(report)
    assert "failed" not in json.dumps(report) and "passed" in json.dumps(report)
    stranger = td("away-td")
    client.force_login(stranger)
    report = client.post(reverse("rulings:scenario-check"), {"text": text}).json()
    assert "There is no card" in json.dumps(report)


def tournament_form(instance, card_name):
    data = {"name": "Home Open", "slug": "home-open", "ruleset": nmjl().pk, "card_name": card_name}
    return TournamentForm(data, instance=instance)


def test_a_tournament_may_name_a_shipped_a_public_or_its_own_card():
    home = tournament("home-open")
    card("Public Card")
    card("Home Card", owner=home, private=True)
    for name in ("Practice Card 2027", "Public Card", "Home Card", ""):
        assert tournament_form(home, name).is_valid(), name


def test_a_tournament_may_not_name_another_tournaments_private_card():
    home, away = tournament("home-open"), tournament("away-open")
    card("Away Card", owner=away, private=True)
    form = tournament_form(home, "Away Card")
    assert not form.is_valid() and "card_name" in form.errors
    assert not tournament_form(home, "Nobody's Card").is_valid()


def test_the_sheet_links_to_the_hand_check_naming_a_public_card_only(client):
    home = tournament("home-open", status="published", card_name="Public Card")
    card("Public Card")
    html = client.get(reverse("tournaments:tournament", args=["home-open"])).content.decode()
    assert "/hand/?tournament=home-open" in html and "on Public Card, this tournament" in html
    secret = tournament("away-open", status="published", card_name="Away Card")
    card("Away Card", owner=secret, private=True)
    html = client.get(reverse("tournaments:tournament", args=["away-open"])).content.decode()
    assert "Away Card" not in html and "on this tournament's card" in html
    assert home.card_name == "Public Card"
