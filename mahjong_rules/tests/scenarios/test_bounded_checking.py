"""Checking is bounded: a text's size in steps, the refusal over the cap, a Background run
once, the suggestion cap, the time budget and one parse per text. Mechanisms, not timings:
`scripts/bench_checking.py` times the shapes."""

import itertools

from fake_engine import DEFAULTS, REGISTRY, new_world
from mahjong_rules.scenarios import parsing
from mahjong_rules.scenarios.parsing import MAX_EXPANDED_CHARS, MAX_STEPS, MAX_TAGS, parse_text
from mahjong_rules.scenarios.registry import Registry, StepFailed
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import SUGGESTED_STEPS, run_text, run_under


def size_of(text):
    parsed = parse_text(text, "t.feature", REGISTRY)
    return parsed.size_in_steps, parsed.problems


def outline(rows, steps=2):
    lines = ["Feature: Counts", "  Scenario Outline: Count <n>"]
    lines += ["    Given South has <n> tiles"] * steps
    lines += ["    Examples:", "      | n |"]
    lines += [f"      | {n % 20} |" for n in range(rows)]
    return "\n".join(lines) + "\n"


def test_an_outlines_steps_count_once_for_each_examples_row():
    assert size_of(outline(rows=7, steps=3)) == (21, [])


def test_a_backgrounds_steps_count_once_however_many_scenarios_run_them():
    text = "Feature: Counts\n  Background:\n" + "    Given South has 13 tiles\n" * 4
    text += "".join(f"  Scenario: s{i}\n    Then South has 13 tiles\n" for i in range(5))
    assert size_of(text) == (4 + 5, [])


def test_each_row_of_a_steps_table_counts_as_a_step_since_outlines_copy_tables():
    text = (
        "Feature: Tables\n  Scenario: one\n    Given South has 13 tiles\n"
        "      | a |\n      | 1 |\n      | 2 |\n"
    )
    assert size_of(text)[0] == 1 + 3


def test_a_text_of_exactly_the_step_limit_is_checked():
    size, problems = size_of(outline(rows=MAX_STEPS // 2, steps=2))
    assert size == MAX_STEPS
    assert problems == []


def test_a_text_over_the_step_limit_is_refused_at_parse_time_with_its_count():
    text = outline(rows=MAX_STEPS // 2 + 1, steps=2)
    result = run_text(text, "t.feature", registry=REGISTRY, world_factory=new_world)
    assert result.status == Status.PARSE_ERROR
    assert result.scenarios == []
    [problem] = result.problems
    assert f"{MAX_STEPS + 2:,} steps" in problem.message
    assert f"the limit is {MAX_STEPS:,}" in problem.message


def counting_registry(calls):
    """The fake phrases plus a scene step that counts how often it runs."""
    registry = Registry()
    registry._phrases = list(REGISTRY.phrases())

    @registry.given("the table is set", example="the table is set")
    def table_is_set(world):
        calls.append(world)
        world.counts["South"] = 13

    @registry.given("South throws a tile away", example="South throws a tile away")
    def throw(world):
        world.counts["South"] -= 1

    return registry


BACKGROUND = """\
Feature: One Background for many scenarios
  Background:
    Given the table is set
    And South has 13 tiles

  Scenario: first
    Given South throws a tile away
    Then South has 12 tiles

  Scenario: second, from the Background's table, not the first scenario's
    Then South has 13 tiles

  Scenario Outline: rows
    Then South has <n> tiles

    Examples:
      | n  |
      | 13 |
      | 13 |
"""


def test_a_background_runs_once_and_each_scenario_starts_from_a_copy_of_its_table():
    calls = []
    registry = counting_registry(calls)
    result = run_text(BACKGROUND, "t.feature", registry=registry, world_factory=new_world)
    assert [s.status for s in result.scenarios] == [Status.PASSED] * 4
    assert len(calls) == 1
    # Every scenario still shows the Background's steps first, and shares their one run.
    for scenario in result.scenarios:
        assert [step.line for step in scenario.steps[:2]] == [3, 4]
        assert scenario.background is result.scenarios[0].background


def test_a_background_runs_once_per_set_of_rules_when_compared_with_house_rules():
    calls = []
    registry = counting_registry(calls)
    text = BACKGROUND.replace("Scenario: first", "Scenario: first\n    When South calls")
    run_under(
        text,
        "t.feature",
        {"touched-tile-is-taken": True},
        registry=registry,
        world_factory=new_world,
        defaults=DEFAULTS,
    )
    assert len(calls) == 2  # League rules, then the house rules


def test_a_background_that_fails_fails_every_scenario_at_its_line():
    calls = []
    registry = counting_registry(calls)
    text = BACKGROUND.replace("And South has 13 tiles", "Then South has 9 tiles")
    result = run_text(text, "t.feature", registry=registry, world_factory=new_world)
    assert [s.status for s in result.scenarios] == [Status.FAILED] * 4
    assert all(s.message == "Line 4: South has 13 tiles, not 9." for s in result.scenarios)
    assert all(step.status == Status.SKIPPED for step in result.scenarios[0].own_steps)
    assert len(calls) == 1


def test_nearest_phrases_are_found_for_the_first_unknown_steps_only():
    text = "Feature: Unknown\n" + "".join(
        f"  Scenario: s{i}\n    Given South juggles {i} tiles\n" for i in range(SUGGESTED_STEPS + 5)
    )
    result = run_text(text, "t.feature", registry=REGISTRY, world_factory=new_world)
    steps = [scenario.steps[0] for scenario in result.scenarios]
    assert all(step.status == Status.UNDEFINED for step in steps)
    assert all(step.suggestions for step in steps[:SUGGESTED_STEPS])
    assert not any(step.suggestions for step in steps[SUGGESTED_STEPS:])
    assert "Nearest phrases are shown for the first" in steps[-1].message


class FakeClock:
    """A clock that moves on one second each time it is read."""

    def __init__(self):
        self.ticks = itertools.count()

    def __call__(self):
        return float(next(self.ticks))


def test_a_check_past_its_time_budget_stops_and_says_so_for_what_it_did_not_check():
    text = "Feature: Many\n" + "".join(
        f"  Scenario: s{i}\n    Then South has 13 tiles\n" for i in range(10)
    )
    result = run_text(
        text, "t.feature", registry=REGISTRY, world_factory=new_world, budget=4, clock=FakeClock()
    )
    statuses = [s.status for s in result.scenarios]
    assert len(statuses) == 10  # every scenario is reported
    assert Status.PASSED in statuses
    assert statuses[-1] == Status.UNDEFINED
    assert result.out_of_time
    assert result.status == Status.UNDEFINED
    late = result.scenarios[-1]
    assert "took longer than the 4 seconds allowed" in late.message
    assert all(step.status == Status.SKIPPED for step in late.steps)


def test_a_check_within_its_budget_is_not_marked_cut_short():
    result = run_text(BACKGROUND, "t.feature", registry=counting_registry([]), budget=None)
    assert not result.out_of_time


def test_a_text_is_parsed_once_however_often_it_is_asked_for(monkeypatch):
    parses = []
    original = parsing.Parser.parse

    def counted(self, *args, **kwargs):
        parses.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(parsing.Parser, "parse", counted)
    parsing.recent.clear()
    text = BACKGROUND + "\n"
    first = parse_text(text, "a.feature", REGISTRY)
    again = parse_text(text, "b.feature", REGISTRY)
    run_text(text, "c.feature", registry=REGISTRY, world_factory=new_world)
    assert len(parses) == 1
    assert again.scenarios is first.scenarios
    assert again.uri == "b.feature"
    parse_text(text, "a.feature", Registry())  # another registry may judge it differently
    assert len(parses) == 2


def test_the_parsed_form_carries_title_tags_every_article_key_and_the_document():
    text = (
        "@article:nmjl-6 @extra\n"
        "Feature:  Calls \n"
        "  Rule: r\n"
        "  @article:nmjl-205\n"
        "  Scenario: s\n    Then South has 13 tiles\n"
    )
    parsed = parse_text(text, "t.feature", REGISTRY)
    assert parsed.title == "Calls"
    assert parsed.tags == ["@article:nmjl-6", "@extra"]
    assert parsed.article_keys == ["nmjl-6", "nmjl-205"]
    assert parsed.document["feature"]["name"] == "Calls"
    assert len(parsed.scenarios) == 1


def test_a_misspelt_step_at_the_end_of_a_long_repetitive_description_is_still_found():
    # Repeated words are compared with the keywords once, so long prose does not use up
    # the comparisons that find the typo at its end.
    text = "Feature: Calls\n" + "  the tiles are shuffled\n" * 7_000
    text += "  Givn South has 13 tiles\n  Scenario: a\n    Then South has 13 tiles\n"
    problems = parse_text(text, "t.feature", REGISTRY).problems
    assert [p.line for p in problems] == [7_002]


def test_past_its_budget_a_description_word_counts_as_a_keyword_only_when_it_is_one():
    budget = parsing._FuzzyBudget(comparisons=1)
    assert budget.close("Scenaro", "Scenario")  # the one comparison allowed
    assert not budget.close("Backgrund", "Background")  # no comparisons left
    assert budget.close("background", "Background")  # the keyword itself, any case
    assert budget.close("Scenaro", "Scenario")  # remembered


def test_a_step_that_raises_in_a_background_fails_its_scenarios_not_the_run():
    registry = Registry()

    @registry.given("it breaks", example="it breaks")
    def breaks(world):
        raise StepFailed("It broke.")

    text = "Feature: x\n  Background:\n    Given it breaks\n  Scenario: s\n    Given it breaks\n"
    result = run_text(text, "t.feature", registry=registry, world_factory=new_world)
    [scenario] = result.scenarios
    assert scenario.status == Status.FAILED
    assert scenario.message == "Line 3: It broke."


def test_a_rules_scenarios_run_the_features_background_then_their_rules():
    calls = []
    registry = counting_registry(calls)
    text = """\
Feature: Rules with Backgrounds
  Background:
    Given the table is set

  Rule: one
    Background:
      Given South throws a tile away

    Scenario: a
      Then South has 12 tiles

    Scenario: b
      Then South has 12 tiles

  Rule: two
    Scenario: c
      Then South has 13 tiles
"""
    result = run_text(text, "t.feature", registry=registry, world_factory=new_world)
    assert [s.status for s in result.scenarios] == [Status.PASSED] * 3
    assert [[step.line for step in s.steps] for s in result.scenarios] == [
        [3, 7, 10],
        [3, 7, 13],
        [3, 17],
    ]
    assert len(calls) == 2  # once for Rule one's scenarios, once for Rule two's


def test_the_features_background_counts_again_for_each_rule_with_a_background_of_its_own():
    # Such a Rule's scenarios run both Backgrounds from the start: the Feature's runs again.
    text = "Feature: Rules\n  Background:\n" + "    Given South has 13 tiles\n" * 3
    text += "  Rule: with one\n    Background:\n      Given East is ready\n"
    text += "    Scenario: a\n      Then South has 13 tiles\n"
    text += "  Rule: without\n    Scenario: b\n      Then South has 13 tiles\n"
    assert size_of(text) == (3 + (1 + 3) + 1 + 1, [])


def test_a_text_whose_scenarios_would_carry_too_many_tags_is_refused_with_the_count():
    # Every scenario gets its Feature's tags: many tags on many scenarios multiply.
    tags = " ".join(f"@t{i}" for i in range(1_000))
    text = tags + "\nFeature: Tags\n" + "  Scenario: s\n    Then South has 13 tiles\n" * 51
    [problem] = parse_text(text, "t.feature", REGISTRY).problems
    assert f"{51 * 1_000:,} tags in all" in problem.message
    assert f"the limit is {MAX_TAGS:,}" in problem.message


def test_a_text_whose_scenarios_carry_tags_within_the_limit_is_checked():
    tags = " ".join(f"@t{i}" for i in range(1_000))
    text = tags + "\nFeature: Tags\n" + "  Scenario: s\n    Then South has 13 tiles\n" * 50
    parsed = parse_text(text, "t.feature", REGISTRY)
    assert parsed.problems == []
    assert len(parsed.scenarios[-1].tags) == 1_000


NAME = "x" * 10_000 + " <a>"
PER_ROW = len(NAME) + len("South has 13 tiles")  # the name and the step, once per row


def long_outline_name(rows):
    return (
        f"Feature: Names\n  Scenario Outline: {NAME}\n    Then South has 13 tiles\n"
        "    Examples:\n      | a |\n" + "      | 1 |\n" * rows
    )


def test_an_outline_repeating_a_long_name_on_many_rows_is_refused_with_the_count():
    rows = MAX_EXPANDED_CHARS // PER_ROW + 1
    [problem] = parse_text(long_outline_name(rows), "t.feature", REGISTRY).problems
    assert f"{rows * PER_ROW:,} characters" in problem.message
    assert f"the limit is {MAX_EXPANDED_CHARS:,}" in problem.message


def test_an_outline_repeating_a_long_name_within_the_limit_is_checked():
    rows = MAX_EXPANDED_CHARS // PER_ROW
    parsed = parse_text(long_outline_name(rows), "t.feature", REGISTRY)
    assert parsed.problems == []
    assert len(parsed.scenarios) == rows


def test_an_outline_with_a_wide_examples_table_fills_each_placeholder_from_its_column():
    # Filled in one pass per text: the compiler's one substitution per column per step took
    # minutes on a table wider than the regex cache.
    columns = [f"c{i}" for i in range(600)]
    text = (
        "Feature: Wide\n  Scenario Outline: <c599> of <c0>\n    Given South has <c1> tiles\n"
        "    Examples:\n      | " + " | ".join(columns) + " |\n"
        "      | " + " | ".join(str(i) for i in range(600)) + " |\n"
    )
    [case] = parse_text(text, "t.feature", REGISTRY).scenarios
    assert case.name == "599 of 0"
    assert case.steps[0].text == "South has 1 tiles"


def test_an_unknown_step_as_long_as_a_page_is_compared_with_the_phrases_by_its_start(
    monkeypatch,
):
    from mahjong_rules.scenarios import registry as registry_module

    compared = []
    matcher = registry_module.difflib.SequenceMatcher

    def spy(junk, a, b):
        compared.append(len(a))
        return matcher(junk, a, b)

    monkeypatch.setattr(registry_module.difflib, "SequenceMatcher", spy)
    step = "South hsa 13 tiles" + " and so on" * 10_000
    text = f"Feature: Long\n  Scenario: s\n    Given {step}\n"
    result = run_text(text, "t.feature", registry=REGISTRY, world_factory=new_world)
    [undefined] = result.scenarios[0].steps
    assert "South has 13 tiles" in undefined.suggestions
    assert compared and max(compared) <= registry_module.NEAREST_CHARS
