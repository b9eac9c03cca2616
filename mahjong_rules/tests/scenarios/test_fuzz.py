"""No input crashes the runner: arbitrary text, and valid scenarios with their lines mangled."""

from fake_engine import run, run_under
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_rules.scenarios.results import FeatureResult, Status
from mahjong_rules.scenarios.runner import summarise

VALID = """\
@article:nmjl-205
Feature: Withdrawing a call
  Background:
    Given South has 13 tiles

  Scenario: A touched tile may be given back
    When South touches the called tile
    And South withdraws the call
    Then that is allowed

  Scenario Outline: counts <n>
    Given South has <n> tiles
    Then South has <n> tiles
    Examples:
      | n  |
      | 12 |

  Scenario: calls
    When these calls are made:
      | seat  | call      |
      | South | exposure  |
    Then 1 calls were made
"""
LINES = VALID.splitlines()
GHERKIN_BITS = st.sampled_from(
    ["Feature:", "Scenario:", "Scenario Outline:", "Examples:", "Background:", "Rule:",
     "Given", "When", "Then", "And", "But", "*", "|", "| a |", '"""', "```", "@tag", "#",
     "<n>", "# language: fr", "\t", "\r", "\x00", "Feature: x\n  Scenario: y\n    Given "]
)  # fmt: skip
CRASHED = "The scenarios could not be checked"
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_well_formed(result):
    assert isinstance(result, FeatureResult)
    assert isinstance(result.status, Status)
    if result.status == Status.PARSE_ERROR:
        assert result.problems and all(p.message and p.line >= 1 for p in result.problems)
        # The runner's last-resort catch must never be what answered: that is a bug hidden.
        assert not any(p.message.startswith(CRASHED) for p in result.problems), result.problems
    for scenario in result.scenarios:
        assert scenario.status in (Status.PASSED, Status.FAILED, Status.UNDEFINED, Status.DIFFERS)
        for step in scenario.steps:
            assert step.line >= 1
            if step.status in (Status.FAILED, Status.UNDEFINED):
                assert step.message
    passed, failed = summarise(result)
    assert passed >= 0 and failed >= 0


@FUZZ
@given(st.text(max_size=400))
def test_arbitrary_text_never_raises(text):
    assert_well_formed(run(text))


@FUZZ
@given(st.lists(st.one_of(GHERKIN_BITS, st.text(max_size=20)), max_size=30).map("\n".join))
def test_gherkin_looking_nonsense_never_raises(text):
    assert_well_formed(run(text))


@st.composite
def mutated(draw):
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1)) if lines else 0
        action = draw(st.sampled_from(["delete", "duplicate", "insert", "edit", "swap"]))
        if not lines:
            lines.append(draw(GHERKIN_BITS))
        elif action == "delete":
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "insert":
            lines.insert(index, draw(st.one_of(GHERKIN_BITS, st.text(max_size=30))))
        elif action == "edit":
            line = lines[index]
            cut = draw(st.integers(0, len(line)))
            lines[index] = line[:cut] + draw(st.text(max_size=5)) + line[cut + 1 :]
        else:
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
    return "\n".join(lines)


@FUZZ
@given(mutated())
def test_mutations_of_a_valid_scenario_never_raise(text):
    assert_well_formed(run(text))


@FUZZ
@given(mutated(), st.dictionaries(st.sampled_from(["touched-tile-is-taken", "strict-east"]),
                                  st.booleans()))  # fmt: skip
def test_mutations_run_under_house_rules_never_raise(text, options):
    assert_well_formed(run_under(text, options))


def test_the_unmutated_text_passes_so_the_mutations_start_from_a_real_scenario():
    result = run(VALID)
    assert result.status == Status.PASSED
    assert len(result.scenarios) == 3


def test_a_non_string_text_is_a_clear_error_not_a_crash():
    result = run(None)
    assert result.status == Status.PARSE_ERROR
    assert "not text" in result.problems[0].message
