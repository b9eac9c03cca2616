"""A run finds the cards `Given the card "<name>"` names through the lookup it is given."""

import json

from mahjong_rules.engine.nmjl.cards import load_card
from mahjong_rules.engine.nmjl.cards.shipped import DATA
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text, run_under

PRACTICE_TEXT = (DATA / "practice-card-2027.json").read_text(encoding="utf-8")


def club_card():
    data = json.loads(PRACTICE_TEXT)
    data["name"] = "Club Card 2027"
    return load_card(json.dumps(data))


CLUB = club_card()

SCENARIO = """Feature: A club's card
  Scenario: The club card judges the hand
    Given the card "Club Card 2027"
    And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD
    Then North's hand matches line "L1"
"""


def lookup(name):
    return CLUB if name == CLUB.name else None


def test_a_card_the_lookup_finds_is_in_force():
    assert run_text(SCENARIO, card_lookup=lookup).status == Status.PASSED


def test_without_the_lookup_only_shipped_cards_are_known_and_the_scenario_fails():
    result = run_text(SCENARIO)
    assert result.status == Status.FAILED
    assert 'There is no card "Club Card 2027"' in result.scenarios[0].steps[0].message


def test_run_under_a_tournament_uses_the_lookup_too():
    result = run_under(SCENARIO, options={"touched-tile-is-taken": True}, card_lookup=lookup)
    assert result.scenarios[0].status in (Status.PASSED, Status.DIFFERS)


def test_a_lookup_does_not_put_a_card_in_force_unasked():
    text = """Feature: No card by default
  Scenario: Without the card step there is no card
    Given North holds 7D
    Then North's hand fits no line of the card
"""
    result = run_text(text, card_lookup=lookup)
    assert result.status == Status.FAILED
    assert "No card is in force" in result.scenarios[0].steps[-1].message
