"""Did you mean: an unknown step is compared by its shape and suggested with its own values."""

import pytest
from mahjong_rules.scenarios.phrasebook import REGISTRY
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text

pytest.importorskip("mahjong_rules.scenarios.steps")


def _undefined(step_line: str):
    text = f"Feature: Slips\n  Scenario: a\n    {step_line}\n"
    [scenario] = run_text(text).scenarios
    step = scenario.steps[0]
    assert step.status == Status.UNDEFINED, step.message
    return step


def test_a_misspelt_call_is_suggested_for_the_seat_typed_not_the_examples_seat():
    step = _undefined("When South call the discard")
    assert step.suggestions[0] == "South calls the discard"
    assert "Nearest known phrases: “South calls the discard”" in step.message


def test_a_lower_case_seat_is_suggested_in_full_with_the_tiles_typed():
    step = _undefined("Given east holds 7D")
    assert step.suggestions[0] == "East holds 7D"


def test_a_suggestion_keeps_the_numbers_and_tile_names_typed():
    assert REGISTRY.nearest("then", "Wast has 9 tiles")[0] == "North has 9 tiles"
    assert REGISTRY.nearest("when", "West calss 7 Dots")[0] == "West calls 7 Dots"
    assert REGISTRY.nearest("when", "West exposes 7D 7D 7D an 8D 8D 8D")[0] == (
        "West exposes 7D 7D 7D and 8D 8D 8D"
    )


def test_a_suggestion_keeps_the_quoted_option_name_typed():
    suggestions = REGISTRY.nearest("given", 'the house rul "one-joker-exchange-at-a-time" is off')
    assert suggestions[0] == 'the house rule "one-joker-exchange-at-a-time" is off'


def test_a_value_that_cannot_stand_for_the_parameter_falls_back_to_the_examples():
    # Two tiles cannot be one discard: the example's tile is suggested instead.
    [first, *_] = REGISTRY.nearest("when", "South discard 7D 8D")
    assert first.startswith("South discards ") and REGISTRY.match("when", first)


def test_every_suggestion_is_a_step_that_runs_as_written_and_none_is_repeated():
    for keyword, typed in [
        ("when", "South call the discard"),
        ("given", "east holds 7D"),
        ("then", "it is north turn"),
        ("when", "North exchange 5B for the joker in Souths exposure"),
    ]:
        suggestions = REGISTRY.nearest(keyword, typed)
        assert len(suggestions) == len(set(suggestions)) == 3
        for suggestion in suggestions:
            assert len(REGISTRY.match(keyword, suggestion)) == 1, suggestion


def test_a_phrase_of_another_table_still_says_which_keyword_it_needs():
    text = "Feature: F\n  Scenario: a\n    Then South calls the discard\n"
    [scenario] = run_text(text).scenarios
    assert "It is a When phrase: write it as a When step." in scenario.steps[0].message
