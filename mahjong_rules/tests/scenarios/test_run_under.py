"""A scenario written for League rules that rules differently under a tournament's house rules
*differs* there, naming the house rules that cause it; one that fails under League rules fails."""

from fake_engine import run_under
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import summarise

WITHDRAW_AFTER_TOUCH = """\
Feature: Withdrawing a call
  Scenario: A touched tile may be given back
    When South touches the called tile
    And South withdraws the call
    Then that is allowed
"""

DECLARE = """\
Feature: Declaring
  Scenario: East may declare
    When East declares Mah Jongg
    Then that is allowed
"""


def test_a_league_scenario_whose_verdict_changes_under_the_house_rule_differs_because_of_it():
    result = run_under(WITHDRAW_AFTER_TOUCH, {"touched-tile-is-taken": True, "loud-calls": True})
    [scenario] = result.scenarios
    assert scenario.status == Status.DIFFERS
    assert scenario.because == ["touched-tile-is-taken"]
    assert "line 4 “And South withdraws the call” is refused" in scenario.message
    assert "under League rules it is allowed" in scenario.message
    # The steps shown are the run under the house rules.
    assert scenario.steps[1].verdict == "refused"
    assert result.status == Status.DIFFERS


def test_differs_counts_as_passed():
    result = run_under(WITHDRAW_AFTER_TOUCH, {"touched-tile-is-taken": True})
    assert summarise(result) == (1, 0)


def test_a_scenario_the_options_do_not_touch_passes_under_them():
    result = run_under(DECLARE, {"touched-tile-is-taken": True, "loud-calls": True})
    [scenario] = result.scenarios
    assert (scenario.status, scenario.because) == (Status.PASSED, [])


def test_an_option_set_to_its_league_value_is_never_named_as_a_cause():
    result = run_under(WITHDRAW_AFTER_TOUCH, {"touched-tile-is-taken": False})
    assert result.scenarios[0].status == Status.PASSED


def test_when_no_single_option_explains_the_change_every_changed_option_is_named():
    # Either strict option alone refuses the declaration, so turning back one is not enough.
    result = run_under(DECLARE, {"strict-east": True, "strict-west": True, "loud-calls": False})
    [scenario] = result.scenarios
    assert scenario.status == Status.DIFFERS
    assert scenario.because == ["strict-east", "strict-west"]


def test_each_option_that_alone_explains_the_change_is_named():
    both = WITHDRAW_AFTER_TOUCH + DECLARE.replace("Feature: Declaring\n", "")
    result = run_under(both, {"touched-tile-is-taken": True, "strict-east": True})
    withdraw, declare = result.scenarios
    assert withdraw.because == ["touched-tile-is-taken"]
    assert declare.because == ["strict-east"]


def test_a_scenario_that_fails_under_league_rules_is_failed_not_differs():
    text = WITHDRAW_AFTER_TOUCH.replace("that is allowed", "that is refused")
    result = run_under(text, {"touched-tile-is-taken": True})
    [scenario] = result.scenarios
    assert scenario.status == Status.FAILED
    assert scenario.because == []


def test_a_scenarios_own_house_rule_step_takes_precedence_over_the_tournaments():
    text = WITHDRAW_AFTER_TOUCH.replace(
        "    When South touches",
        '    Given the house rule "touched-tile-is-taken" is off\n    When South touches',
    )
    result = run_under(text, {"touched-tile-is-taken": True})
    assert result.scenarios[0].status == Status.PASSED


def test_the_same_verdict_decided_by_another_rule_makes_the_scenario_differ():
    text = """\
Feature: Rules cited
  Scenario: the touch is ruled by the League rule
    When South touches the called tile
    Then that is allowed
"""
    # Same verdict (allowed), but a different rule decides: that is a different ruling.
    result = run_under(text, {"touched-tile-is-taken": True})
    [scenario] = result.scenarios
    assert scenario.status == Status.DIFFERS
    assert "decided by touched_tile_is_taken" in scenario.message


def test_run_under_with_no_options_is_a_plain_league_run():
    result = run_under(WITHDRAW_AFTER_TOUCH, {})
    assert result.scenarios[0].status == Status.PASSED


def test_a_text_that_does_not_parse_under_a_tournament_is_still_a_parse_error():
    result = run_under("Feature: x\n", {"touched-tile-is-taken": True})
    assert result.status == Status.PARSE_ERROR


def test_a_tournament_option_the_engine_does_not_know_fails_the_scenario_with_the_reason():
    result = run_under(WITHDRAW_AFTER_TOUCH, {"no-such-option": True})
    [scenario] = result.scenarios
    assert scenario.status == Status.FAILED
    assert "Unknown rule option 'no-such-option'" in scenario.message
    assert scenario.because == []
