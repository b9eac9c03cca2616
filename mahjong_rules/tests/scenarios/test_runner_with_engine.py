"""The runner with the real phrases (steps.py) and the real rules engine."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text, run_under

pytest.importorskip("mahjong_rules.scenarios.steps")

TOUCH_THEN_WITHDRAW = """\
@article:nmjl-6
Feature: Withdrawing a call
  Scenario: Touching the called tile does not commit the caller
    Given West has discarded 3B
    And South holds 3B 3B
    When South calls the discard
    And South touches the called tile
    And South withdraws the call
    Then that is allowed
    And the ruling cites nmjl-6
"""


def test_the_readme_example_passes_under_league_rules_with_its_verdicts():
    result = run_text(TOUCH_THEN_WITHDRAW, "readme.feature")
    [scenario] = result.scenarios
    assert scenario.status == Status.PASSED, scenario.message
    withdraw = scenario.steps[4]
    assert (withdraw.text, withdraw.verdict, withdraw.article) == (
        "South withdraws the call",
        "allowed",
        "nmjl-6",
    )


def test_under_touched_tile_is_taken_a_withdrawal_after_touching_differs_because_of_it():
    options = {"touched-tile-is-taken": True, "one-joker-exchange-at-a-time": True}
    [scenario] = run_under(TOUCH_THEN_WITHDRAW, "readme.feature", options).scenarios
    assert scenario.status == Status.DIFFERS
    assert scenario.because == ["touched-tile-is-taken"]
    assert scenario.steps[4].verdict == "refused"


def test_the_league_defaults_given_as_tournament_options_change_nothing():
    from mahjong_rules.engine.options import default_options

    [scenario] = run_under(TOUCH_THEN_WITHDRAW, "x", default_options()).scenarios
    assert scenario.status == Status.PASSED


def test_a_misspelt_given_in_a_description_is_caught_with_the_real_phrases():
    text = "Feature: Holding\n  Givn East holds 7D\n  Scenario: a\n    Then East has 14 tiles\n"
    result = run_text(text)
    assert result.status == Status.PARSE_ERROR
    [problem] = result.problems
    assert problem.line == 2
    assert "Did you mean “Given”?" in problem.message


def test_an_undefined_step_suggests_the_real_phrase_meant():
    text = "Feature: Holding\n  Scenario: a\n    Then Est holds 7D\n"
    [scenario] = run_text(text).scenarios
    step = scenario.steps[0]
    assert step.status == Status.UNDEFINED
    assert any("holds" in suggestion for suggestion in step.suggestions)


def test_a_fifth_copy_of_a_tile_fails_the_step_that_names_it():
    text = "Feature: Holding\n  Scenario: a\n    Given East holds 7D 7D 7D 7D 7D\n"
    [scenario] = run_text(text).scenarios
    assert scenario.steps[0].status == Status.FAILED
    assert scenario.steps[0].message


# A few of the site's scenario fixtures, copied (tests/library/test_site_copies.py).
FIXTURES = sorted((Path(__file__).resolve().parents[1] / "data" / "scenarios").glob("*.feature"))


@pytest.mark.skipif(not FIXTURES, reason="no scenario fixtures yet")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mangled_fixture_scenarios_never_crash_the_runner_or_the_engine(data):
    lines = data.draw(st.sampled_from(FIXTURES)).read_text().splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(lines) - 1))
        lines[index] = data.draw(
            st.sampled_from(
                [
                    "",
                    lines[index].replace("East", "Est"),
                    lines[index] + " J J J J J J J J J",
                    lines[index].replace("When", "Then"),
                    "    When North declares Mah Jongg",
                    "    And East discards J",
                    lines[data.draw(st.integers(0, len(lines) - 1))],
                ]
            )
        )
    result = run_text("\n".join(lines), "mangled.feature")
    for problem in result.problems:
        assert not problem.message.startswith("The scenarios could not be checked")
    for scenario in result.scenarios:
        for step in scenario.steps:
            assert not (step.message or "").startswith("The step stopped with an error"), (
                step.text,
                step.message,
            )


def test_a_misspelt_step_whose_tiles_cannot_be_read_is_still_caught_as_a_misspelling():
    text = (
        "Feature: Holding\n  Givn East holds 7D 7D 7D 7D 7D\n"
        "  Scenario: a\n    Then East has 14 tiles\n"
    )
    result = run_text(text)
    assert result.status == Status.PARSE_ERROR
    assert "Did you mean “Given”?" in result.problems[0].message


PHRASE_WORDS = st.sampled_from(
    ["Given", "When", "Then", "And", "Givn", "Whne", "East", "South", "holds", "discards",
     "calls", "the", "discard", "7D", "J", "Joker", "RD", "9 Dots", "exposes", "that", "is",
     "allowed", "refused", "Scenario:", "Feature:", "|", "tile", "exposure of", "<n>", ",",
     "for Mah Jongg", "house rule", '"touched-tile-is-taken"', "\n", "\n    ", "\n  "]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PHRASE_WORDS, max_size=60).map(" ".join))
def test_phrase_like_nonsense_never_crashes_the_runner_with_the_real_phrases(words):
    result = run_text("Feature: F\n  Scenario: s\n    " + words)
    for problem in result.problems:
        assert not problem.message.startswith("The scenarios could not be checked"), problem
    for scenario in result.scenarios:
        for step in scenario.steps:
            assert not (step.message or "").startswith("The step stopped with an error"), (
                step.text,
                step.message,
            )


def test_a_first_star_step_naming_tiles_held_sets_the_scene_rather_than_being_ambiguous():
    text = "Feature: Holding\n  Scenario: a\n    * East holds 7D\n    Then East holds 7D\n"
    [scenario] = run_text(text).scenarios
    assert scenario.status == Status.PASSED, scenario.message
    assert scenario.steps[0].phrase == "{seat} holds {tiles}"


def test_star_steps_find_the_action_and_the_check_after_a_scene():
    text = """\
Feature: Calling
  Scenario: a
    Given West has discarded 3B
    * South holds 3B 3B
    * South calls the discard
    * that is allowed
    * South holds 3B 3B
"""
    [scenario] = run_text(text).scenarios
    assert scenario.status == Status.PASSED, scenario.message
    assert scenario.steps[2].verdict == "allowed"


def test_a_failed_step_carries_the_table_it_failed_at_in_notation():
    from mahjong_rules.engine import Table, parse_tile

    wrong = TOUCH_THEN_WITHDRAW.replace("Then that is allowed", "Then that is refused")
    steps = run_text(wrong).scenarios[0].own_steps
    [failed] = [step for step in steps if step.status == Status.FAILED]
    assert failed.text == "that is refused" and failed.table is not None
    table = Table.from_notation(failed.table)  # the call withdrawn: West's 3B the latest
    assert table.pending is None and table.latest_discard.tile == parse_tile("3B")
    assert all(step.table is None for step in steps if step.status != Status.FAILED)


def test_a_run_that_keeps_tables_gives_each_judged_step_the_table_before_its_action():
    from mahjong_rules.engine import Table, judge, parse_action

    steps = run_text(TOUCH_THEN_WITHDRAW, keep_tables=True).scenarios[0].own_steps
    judged = {step.text: step.table for step in steps if step.verdict}
    assert list(judged) == [
        "South calls the discard",
        "South touches the called tile",
        "South withdraws the call",
    ]
    before = Table.from_notation(judged["South withdraws the call"])
    assert before.pending is not None and before.pending.touched
    verdict, _ = judge(before, parse_action("S withdraw-call"))
    assert verdict.allowed  # as the step was ruled
    assert all(step.table is None for step in steps if not step.verdict)
