"""Cached results are keyed on the content of every card the text names."""

import json

from mahjong_rules.engine.nmjl.cards import load_card, shipped_card
from mahjong_rules.engine.nmjl.cards.shipped import DATA

from rulings import card_sources, checks

PRACTICE = json.loads((DATA / "practice-card-2027.json").read_text(encoding="utf-8"))
TEXT = 'Feature: f\n  Scenario: s\n    Given the card "Club Card"\n    And North holds 7D\n'


def club(value_of_l1):
    data = json.loads(json.dumps(PRACTICE))
    data["name"] = "Club Card"
    data["sections"][2]["lines"][0]["value"] = value_of_l1
    return load_card(json.dumps(data))


def test_a_changed_card_gives_a_new_key_for_a_text_that_names_it():
    first, second = club(25), club(50)
    key = checks.result_key(TEXT, {}, lambda name: first)
    assert key == checks.result_key(TEXT, {}, lambda name: club(25))
    assert key != checks.result_key(TEXT, {}, lambda name: second)
    assert key != checks.result_key(TEXT, {}, lambda name: None)


def test_a_text_naming_no_card_has_the_same_key_whatever_the_cards():
    plain = "Feature: f\n  Scenario: s\n    Given North holds 7D\n"
    assert checks.result_key(plain, {}, lambda name: club(25)) == checks.result_key(
        plain, {}, lambda name: None
    )


def test_the_names_a_text_asks_for_are_found_in_any_step():
    text = 'Given the card "A"\nAnd the card "B"\nBut the card "A"\n'
    assert card_sources.names_in(text) == ["A", "B"]
    assert card_sources.card_digest(shipped_card("Practice Card 2027")) != "none"
