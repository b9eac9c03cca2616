"""League rules as of a date, and the readings of a rule option, in the scenario language."""

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rules.engine.dated import options_as_of
from mahjong_rules.engine.options import OPTIONS
from mahjong_rules.scenarios.registry import StepFailed
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text
from scenes import play, ruling

# North calls, exposes, makes a joker exchange, then changes the exposure on the same turn.
EXCHANGE_THEN_CHANGE = (
    "Given West has exposed 8B 8B J\n"
    "And West has discarded 7D\n"
    "And North holds 7D 7D J 8B 2C\n"
    "When North calls the discard\n"
    "And North exposes 7D 7D 7D\n"
    "And North exchanges 8B for the Joker in West's exposure\n"
    "And North adds J to the exposure"
)


def as_of(day: str, text: str = EXCHANGE_THEN_CHANGE) -> str:
    return f"Given the League rules as of {day}\n" + text.replace("Given", "And", 1)


def test_league_rules_of_mid_2024_and_mid_2026_rule_differently_on_a_change_after_an_exchange():
    before = ruling(as_of("2024-06-01"))
    after = ruling(as_of("2026-06-01"))
    assert before.allowed and before.rule == "exposure_may_change_until_the_discard"
    assert not after.allowed and after.rule == "joker_exchange_locks_the_exposure"


def test_the_lock_applies_from_the_first_of_january_2025_and_not_the_day_before():
    assert ruling(as_of("2024-12-31")).allowed
    assert not ruling(as_of("2025-01-01")).allowed


def test_without_a_date_todays_league_rules_apply():
    assert not ruling(EXCHANGE_THEN_CHANGE).allowed


def test_a_house_rule_given_to_the_run_takes_precedence_over_a_date():
    locks = {"joker-exchange-locks-exposure": True}
    assert not ruling(as_of("2024-06-01"), locks).allowed
    opens = {"joker-exchange-locks-exposure": False}
    assert ruling(as_of("2026-06-01"), opens).allowed


def test_a_house_rule_step_before_or_after_the_date_takes_precedence_over_it():
    after_date = as_of("2024-06-01").replace(
        "And West has exposed",
        'And the house rule "joker-exchange-locks-exposure"\nAnd West has exposed',
        1,
    )
    assert not ruling(after_date).allowed
    before_date = 'Given the house rule "joker-exchange-locks-exposure"\n' + as_of(
        "2024-06-01"
    ).replace("Given", "And", 1)
    assert not ruling(before_date).allowed


def test_under_the_matjok_rules_a_date_is_accepted_and_changes_nothing():
    text = "Given the Matjok rules\nAnd East has discarded 4D\nAnd West holds 4D 4D\n"
    plain = play(text + "When West calls poeng")
    dated = play(text + "And the League rules as of 1980-01-01\nWhen West calls poeng")
    assert dated.table == plain.table and dated.last_verdict == plain.last_verdict


def test_a_date_that_is_not_on_the_calendar_fails_the_step_in_plain_words():
    result = run_text("Feature: f\n  Scenario: s\n    Given the League rules as of 2025-02-30\n")
    step = result.scenarios[0].steps[0]
    assert step.status == Status.FAILED
    assert "2025-02-30 is not a day on the calendar" in step.message


# --- readings ---------------------------------------------------------------------------

# option: (scenario text, {reading: allowed?}) — each reading on its own side.
READING_CASES = {
    "joker-exchange-locks-exposure": (
        EXCHANGE_THEN_CHANGE,
        {"open-until-discard": True, "closed-by-joker-exchange": False},
    ),
    "touched-tile-is-taken": (
        "Given West has discarded 7D\nAnd North holds 7D 7D\nWhen North calls the discard\n"
        "And North touches the called tile\nAnd North withdraws the call",
        {"committed-when-racked-or-exposed": True, "touched-is-taken": False},
    ),
    "one-joker-exchange-at-a-time": (
        "Given it is South's turn\nAnd South holds 7D 8B\nAnd West has exposed 7D 7D J\n"
        "And North has exposed 8B 8B J\nWhen South makes these joker exchanges together:\n"
        "| tile | exposure of |\n| 7D | West |\n| 8B | North |",
        {"several-together": True, "one-at-a-time": False},
    ),
    "two-wrong-counts-replay-the-hand": (
        "Given it is West's turn\nAnd North has 12 tiles\nAnd South has 12 tiles\n"
        "When East declares North's hand dead",
        {"both-dead-play-continues": True, "thrown-in-and-replayed": False},
    ),
    "only-north-takes-a-missing-tile": (
        "Given it is the Charleston\nAnd West has 12 tiles\nWhen West takes the missing tile",
        {"any-short-player": True, "north-only": False},
    ),
    "misnamer-discards-the-named-tile": (
        "Given West holds 3B 3D\nAnd it is West's turn\nWhen West discards 3B and names it 3D",
        {"rename-only": True, "must-discard-the-named-tile": False},
    ),
}


def test_every_reading_of_every_option_has_a_case_here():
    # An option no source disagrees on (courtesy-pass) has no readings.
    disputed = {name: option for name, option in OPTIONS.items() if option.readings}
    assert sorted(READING_CASES) == sorted(disputed)
    for name, option in disputed.items():
        assert sorted(READING_CASES[name][1]) == sorted(r.name for r in option.readings)


@pytest.mark.parametrize(
    ("option", "reading"),
    [(option, reading) for option, (_, sides) in READING_CASES.items() for reading in sides],
)
def test_each_reading_rules_its_own_way(option, reading):
    text, sides = READING_CASES[option]
    verdict = ruling(
        f'Given the reading "{reading}" of "{option}"\n' + text.replace("Given", "And", 1)
    )
    assert verdict.allowed is sides[reading], verdict


def test_a_reading_the_option_does_not_have_fails_with_the_readings_it_has():
    with pytest.raises(StepFailed) as failed:
        play('Given the reading "closed" of "joker-exchange-locks-exposure"')
    message = str(failed.value)
    assert '"open-until-discard", "closed-by-joker-exchange"' in message


def test_a_reading_of_an_option_that_does_not_exist_fails_with_the_options_there_are():
    with pytest.raises(StepFailed) as failed:
        play('Given the reading "open-until-discard" of "exchange-locks"')
    assert '"joker-exchange-locks-exposure"' in str(failed.value)


def test_a_reading_given_to_the_run_by_name_applies_like_a_house_rule():
    assert ruling(
        EXCHANGE_THEN_CHANGE, {"joker-exchange-locks-exposure": "open-until-discard"}
    ).allowed


# --- the property: a date is exactly the options in force on it --------------------------

SCENARIOS = [
    EXCHANGE_THEN_CHANGE + "\nThen that is allowed",
    READING_CASES["touched-tile-is-taken"][0] + "\nThen that is allowed",
    READING_CASES["one-joker-exchange-at-a-time"][0] + "\nThen that is allowed",
    READING_CASES["misnamer-discards-the-named-tile"][0] + "\nThen that is refused",
]


def feature(steps: str) -> str:
    body = "\n".join(f"    {line}" for line in steps.splitlines())
    return f"Feature: f\n  Scenario: s\n{body}\n"


def rulings_of(result, skip: int = 0) -> list[tuple]:
    [scenario] = result.scenarios
    return [(s.status, s.verdict, s.rule, s.article, s.message) for s in scenario.steps[skip:]]


@settings(max_examples=60, deadline=None)
@given(
    day=st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 12, 31)),
    text=st.sampled_from(SCENARIOS),
)
def test_a_scenario_as_of_any_day_rules_exactly_as_under_the_options_in_force_that_day(day, text):
    dated = run_text(feature(as_of(day.isoformat(), text)))
    plain = run_text(feature(text), options=options_as_of(day))
    assert rulings_of(dated, skip=1) == rulings_of(plain)
