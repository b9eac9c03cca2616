"""Running scenarios: matching steps by their keyword's table, statuses, verdicts, lines."""

from fake_engine import new_world, run
from mahjong_rules.scenarios.registry import Registry
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text, summarise

TOUCH_AND_WITHDRAW = """\
@article:nmjl-205
Feature: Withdrawing a call

  Background:
    Given South has 13 tiles

  @extra
  Scenario: A touched tile may be given back under League rules
    When South touches the called tile
    And South withdraws the call
    Then that is allowed
    And the ruling cites nmjl-205
    But South has 13 tiles
"""


def test_a_scenario_whose_steps_all_hold_passes_with_every_step_and_line():
    result = run(TOUCH_AND_WITHDRAW)
    assert result.status == Status.PASSED
    assert result.name == "Withdrawing a call"
    assert result.tags == ["@article:nmjl-205"]
    [scenario] = result.scenarios
    assert scenario.status == Status.PASSED
    assert (scenario.name, scenario.line, scenario.file) == (
        "A touched tile may be given back under League rules",
        8,
        "test.feature",
    )
    assert scenario.tags == ["@article:nmjl-205", "@extra"]
    assert scenario.articles == ["nmjl-205"]
    assert [(s.line, s.keyword, s.status) for s in scenario.steps] == [
        (5, "Given", Status.PASSED),
        (9, "When", Status.PASSED),
        (10, "And", Status.PASSED),
        (11, "Then", Status.PASSED),
        (12, "And", Status.PASSED),
        (13, "But", Status.PASSED),
    ]


def test_an_action_step_records_the_verdict_rule_article_and_reason():
    [scenario] = run(TOUCH_AND_WITHDRAW).scenarios
    withdraw = scenario.steps[2]
    assert withdraw.text == "South withdraws the call"
    assert withdraw.phrase == "{seat} withdraws the call"
    assert (withdraw.verdict, withdraw.rule, withdraw.article, withdraw.reason) == (
        "allowed",
        "call_may_be_withdrawn",
        "nmjl-205",
        "Not yet racked.",
    )
    assert scenario.steps[0].verdict is None  # a scene step has no verdict


def test_a_refused_action_still_passes_and_its_check_decides():
    text = """\
Feature: Declaring
  Scenario: refused under the option
    Given the house rule "strict-east"
    When East declares Mah Jongg
    Then that is refused
"""
    [scenario] = run(text).scenarios
    assert scenario.status == Status.PASSED
    declare = scenario.steps[1]
    assert (declare.status, declare.verdict) == (Status.PASSED, "refused")
    assert declare.consequence == "Dead hand."


def test_and_after_when_is_matched_as_an_action_and_after_then_as_a_check():
    # "South has 13 tiles" is both a scene phrase and a check; And takes the table before it.
    text = """\
Feature: Counts
  Scenario: scene then check
    Given South has 12 tiles
    And South has 11 tiles
    Then South has 11 tiles
    And South has 12 tiles
"""
    [scenario] = run(text).scenarios
    assert scenario.status == Status.FAILED
    assert scenario.steps[3].status == Status.FAILED
    assert scenario.steps[3].message == "South has 11 tiles, not 12."


def test_a_step_that_fails_stops_the_scenario_and_the_rest_are_skipped():
    text = """\
Feature: Counts
  Scenario: wrong count
    Then South has 12 tiles
    And South has 13 tiles
    When South touches the called tile
"""
    [scenario] = run(text).scenarios
    assert scenario.status == Status.FAILED
    assert [s.status for s in scenario.steps] == [Status.FAILED, Status.SKIPPED, Status.SKIPPED]
    assert scenario.steps[0].message == "South has 13 tiles, not 12."
    assert scenario.message == "Line 3: South has 13 tiles, not 12."
    assert scenario.steps[2].verdict is None  # skipped actions are never run


def test_an_undefined_step_gives_its_line_and_the_nearest_known_phrases():
    text = """\
Feature: Typos
  Scenario: a seat misspelt
    Given South has 13 tiles
    Then Sooth has 13 tiles
    And South has 13 tiles
"""
    [scenario] = run(text).scenarios
    assert scenario.status == Status.UNDEFINED
    undefined = scenario.steps[1]
    assert (undefined.line, undefined.status) == (4, Status.UNDEFINED)
    assert undefined.suggestions[0] == "South has 13 tiles"
    assert "No Then phrase matches “Sooth has 13 tiles”" in undefined.message
    assert "Nearest known phrases: “South has 13 tiles”" in undefined.message
    assert scenario.steps[2].status == Status.SKIPPED


def test_a_step_matching_two_phrases_is_reported_and_never_guessed():
    text = "Feature: F\n  Scenario: a\n    Given East is ready\n    Then South has 13 tiles\n"
    [scenario] = run(text).scenarios
    ambiguous = scenario.steps[0]
    assert ambiguous.status == Status.FAILED
    assert "matches more than one phrase" in ambiguous.message
    assert "“{seat} is ready”" in ambiguous.message and "“East is {word}”" in ambiguous.message
    assert scenario.steps[1].status == Status.SKIPPED


def test_a_step_raising_an_unexpected_error_is_a_failed_step_with_its_sentence():
    text = "Feature: F\n  Scenario: a\n    Then the table collapses\n    Then South has 13 tiles\n"
    [scenario] = run(text).scenarios
    assert scenario.status == Status.FAILED
    assert scenario.steps[0].message == (
        "The step stopped with an error (ZeroDivisionError): division by zero"
    )


def test_runs_of_spaces_and_a_trailing_period_do_not_stop_a_step_matching():
    text = "Feature: F\n  Scenario: a\n    Then South   has 13  tiles.\n"
    assert run(text).status == Status.PASSED


def test_star_steps_take_their_table_from_the_step_before():
    # "it is North's turn" is a scene phrase and a check: * after Given sets it.
    text = "Feature: F\n  Scenario: a\n    Given South has 13 tiles\n    * it is North's turn\n"
    [scenario] = run(text).scenarios
    assert scenario.status == Status.PASSED
    assert scenario.steps[1].keyword == "*"


def test_a_first_star_step_that_could_be_scene_or_check_sets_the_scene():
    # Nothing before it: Given is tried first, so it makes it North's turn; the check agrees.
    text = "Feature: F\n  Scenario: a\n    * it is North's turn\n    Then it is North's turn\n"
    [scenario] = run(text).scenarios
    assert scenario.status == Status.PASSED, scenario.message


def test_a_star_step_not_in_the_previous_table_is_matched_in_given_then_when_then_then():
    # After a When, "* South has 12 tiles" is no action: Given is the first table that has it.
    text = (
        "Feature: F\n  Scenario: a\n    When South touches the called tile\n"
        "    * South has 12 tiles\n    Then South has 12 tiles\n"
    )
    [scenario] = run(text).scenarios
    assert scenario.status == Status.PASSED, scenario.message


def test_a_star_check_makes_the_next_star_step_a_check_too():
    # "* that is allowed" is only a check; the "*" after it is then matched as a check first.
    text = (
        "Feature: F\n  Scenario: a\n    When South touches the called tile\n"
        "    * that is allowed\n    * South has 12 tiles\n"
    )
    [scenario] = run(text).scenarios
    assert [s.status for s in scenario.steps] == [Status.PASSED, Status.PASSED, Status.FAILED]
    assert scenario.steps[2].message == "South has 13 tiles, not 12."


def test_a_leading_and_step_is_matched_like_a_star_step():
    text = "Feature: F\n  Scenario: a\n    And it is North's turn\n    Then it is North's turn\n"
    [scenario] = run(text).scenarios
    assert scenario.status == Status.PASSED, scenario.message


def test_an_ambiguous_step_names_each_phrase_it_matches_once():
    registry = Registry()
    for keyword in ("given", "then"):
        registry.step(keyword, "{seat} is ready", example="East is ready")(lambda world, seat: None)
        registry.step(keyword, "East is {word}", example="East is set")(lambda world, word: None)
    text = "Feature: F\n  Scenario: a\n    * East is ready\n"
    result = run_text(text, registry=registry, world_factory=new_world)
    step = result.scenarios[0].steps[0]
    assert step.status == Status.FAILED
    assert step.message.count("“{seat} is ready”") == step.message.count("“East is {word}”") == 1
    assert step.suggestions == ["East is ready", "East is set"]


def test_a_skipped_step_that_matches_no_phrase_still_says_so_with_the_nearest_phrases():
    text = """\
Feature: Two slips
  Scenario: a
    Then South has 12 tiles
    Then Sooth has 13 tiles
    And South has 13 tiles
    * it is Nurth's turn
"""
    [scenario] = run(text).scenarios
    failed, misspelt, fine, star = scenario.steps
    assert scenario.status == Status.FAILED
    assert failed.status == Status.FAILED
    assert misspelt.status == fine.status == star.status == Status.SKIPPED
    assert misspelt.message.startswith("Not run, and it also matches no phrase: ")
    assert "No Then phrase matches “Sooth has 13 tiles”" in misspelt.message
    assert misspelt.suggestions[0] == "South has 13 tiles"
    assert (fine.message, fine.suggestions) == (None, [])
    assert "No phrase matches “it is Nurth's turn”" in star.message
    assert scenario.message.startswith("Line 3: ")  # the first mistake still names the run


def test_the_data_table_reaches_the_step_header_first_and_is_kept_on_the_result():
    text = """\
Feature: Calls
  Scenario: two calls
    When these calls are made:
      | seat  | call      |
      | South | exposure  |
      | West  | Mah Jongg |
    Then 2 calls were made
"""
    [scenario] = run(text).scenarios
    assert scenario.status == Status.PASSED
    assert scenario.steps[0].data_table == [
        ["seat", "call"],
        ["South", "exposure"],
        ["West", "Mah Jongg"],
    ]


def test_a_table_with_the_wrong_columns_fails_the_step_with_the_columns_wanted():
    text = """\
Feature: Calls
  Scenario: wrong header
    When these calls are made:
      | who   | call     |
      | South | exposure |
"""
    [scenario] = run(text).scenarios
    assert scenario.steps[0].status == Status.FAILED
    assert "| seat | call |" in scenario.steps[0].message


def test_a_table_step_without_its_table_fails_and_a_plain_step_with_one_fails():
    text = """\
Feature: Calls
  Scenario: no table
    When these calls are made:
  Scenario: unwanted table
    Then South has 13 tiles
      | a |
"""
    first, second = run(text).scenarios
    assert "needs a table" in first.steps[0].message
    assert "does not take a table" in second.steps[0].message


def test_a_given_that_cannot_be_set_up_fails_with_its_sentence():
    text = 'Feature: F\n  Scenario: a\n    Given the house rule "no-such-rule"\n'
    [scenario] = run(text).scenarios
    assert scenario.steps[0].status == Status.FAILED
    assert scenario.steps[0].message == "There is no rule option 'no-such-rule'."


def test_each_examples_row_of_an_outline_runs_and_gets_its_own_status():
    text = """\
Feature: Counts
  Scenario Outline: South has <n> tiles
    Given South has <n> tiles
    Then South has <expected> tiles

    Examples:
      | n  | expected |
      | 12 | 12       |
      | 11 | 12       |
"""
    result = run(text)
    assert result.status == Status.FAILED
    good, bad = result.scenarios
    assert (good.name, good.status, good.line, good.example_line) == (
        "South has 12 tiles",
        Status.PASSED,
        2,
        8,
    )
    assert good.example_values == {"n": "12", "expected": "12"}
    assert (bad.status, bad.example_line) == (Status.FAILED, 9)
    assert bad.steps[1].text == "South has 12 tiles"
    assert bad.keyword == "Scenario Outline"


def test_options_given_to_the_run_reach_the_world_and_a_scenarios_own_house_rule_wins():
    text = """\
Feature: Touching
  Scenario: a touched tile under the option
    When South touches the called tile
    And South withdraws the call
    Then that is refused
  Scenario: the scenario turns it off
    Given the house rule "touched-tile-is-taken" is off
    When South touches the called tile
    And South withdraws the call
    Then that is allowed
"""
    assert run(text).scenarios[0].status == Status.FAILED
    under = run(text, options={"touched-tile-is-taken": True})
    assert [s.status for s in under.scenarios] == [Status.PASSED, Status.PASSED]


def test_options_that_cannot_be_set_up_fail_every_scenario_with_the_reason():
    result = run(TOUCH_AND_WITHDRAW, options={"no-such-option": True})
    [scenario] = result.scenarios
    assert scenario.status == Status.FAILED
    assert "Unknown rule option 'no-such-option'" in scenario.message
    assert {s.status for s in scenario.steps} == {Status.SKIPPED}


def test_the_feature_status_is_the_worst_of_its_scenarios():
    text = """\
Feature: Mixed
  Scenario: fine
    Then South has 13 tiles
  Scenario: undefined
    Then South holds nothing at all
"""
    assert run(text).status == Status.UNDEFINED


def test_summarise_counts_undefined_and_parse_errors_as_failed():
    text = """\
Feature: Mixed
  Scenario: fine
    Then South has 13 tiles
  Scenario: wrong
    Then South has 12 tiles
  Scenario: undefined
    Then South holds nothing at all
"""
    broken = run(
        "Feature: x\n  Givn South has 13 tiles\n  Scenario: a\n    Then South has 13 tiles\n"
    )
    assert broken.status == Status.PARSE_ERROR
    assert summarise([run(text), broken]) == (1, 3)
    assert summarise(run(text)) == (1, 2)
    assert summarise(run(text).scenarios) == (1, 2)


def test_a_check_written_as_an_action_is_undefined_and_told_which_keyword_it_needs():
    text = (
        "Feature: F\n  Scenario: a\n"
        "    When South touches the called tile\n    And that is allowed\n"
    )
    [scenario] = run(text).scenarios
    step = scenario.steps[1]
    assert step.status == Status.UNDEFINED
    assert "No When phrase matches “that is allowed”" in step.message
    assert "It is a Then phrase: write it as a Then step." in step.message
