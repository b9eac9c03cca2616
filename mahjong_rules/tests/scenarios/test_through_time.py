"""How a ruling changed through time, and where the sources' readings rule differently."""

from datetime import date

from mahjong_rules.scenarios.through_time import how_rulings_changed, where_readings_differ


def feature(*scenarios: str) -> str:
    return "Feature: f\n" + "".join(scenarios)


def scenario(name: str, steps: str) -> str:
    body = "\n".join(f"    {line.strip()}" for line in steps.strip().splitlines())
    return f"  Scenario: {name}\n{body}\n"


EXCHANGE_THEN_CHANGE = """
    Given West has exposed 8B 8B J
    And West has discarded 7D
    And North holds 7D 7D J 8B 2C
    When North calls the discard
    And North exposes 7D 7D 7D
    And North exchanges 8B for the Joker in West's exposure
    And North adds J to the exposure
"""
CHANGE_WITHOUT_EXCHANGE = """
    Given West has discarded 7D
    And North holds 7D 7D 7D 2C
    When North calls the discard
    And North exposes 7D 7D 7D
    And North adds 7D to the exposure
"""
TOUCH_THEN_WITHDRAW = """
    Given West has discarded 7D
    And North holds 7D 7D
    When North calls the discard
    And North touches the called tile
    And North withdraws the call
"""


def test_a_change_after_an_exchange_is_reported_as_refused_since_the_bulletin_2025():
    text = feature(scenario("Exchange, then change", EXCHANGE_THEN_CHANGE))
    [change] = how_rulings_changed({"x.feature": text})
    assert change.day == date(2025, 1, 1)
    assert change.sources == ("NMJL Bulletin 2025",)
    assert change.options == ("joker-exchange-locks-exposure",)
    assert change.scenario == "Exchange, then change" and change.uri == "x.feature"
    assert change.step == "And North adds J to the exposure" and change.line == 9
    assert change.before.allowed and not change.after.allowed
    assert change.after.article == "nmjl-6" and change.after.reason
    assert change.steps[0] == "Given West has exposed 8B 8B J" and len(change.steps) == 7
    assert change.sentence() == (
        "Since the NMJL Bulletin 2025, “And North adds J to the exposure” is refused; "
        "before, it was allowed."
    )


def test_a_ruling_the_dated_change_does_not_touch_is_not_reported():
    text = feature(scenario("Change, no exchange", CHANGE_WITHOUT_EXCHANGE))
    assert how_rulings_changed([("y.feature", text)]) == []


def test_a_scenario_that_gives_its_own_date_keeps_it_in_every_era():
    steps = "Given the League rules as of 2024-06-01\n" + EXCHANGE_THEN_CHANGE.replace(
        "Given", "And", 1
    )
    assert how_rulings_changed({"z.feature": feature(scenario("Pinned", steps))}) == []


def test_only_the_scenarios_that_flip_are_reported_among_several():
    text = feature(
        scenario("Change, no exchange", CHANGE_WITHOUT_EXCHANGE),
        scenario("Exchange, then change", EXCHANGE_THEN_CHANGE),
    )
    assert [c.scenario for c in how_rulings_changed({"x.feature": text})] == [
        "Exchange, then change"
    ]


def test_where_sources_disagree_the_touched_tile_scenario_differs_by_the_commitment_reading():
    text = feature(scenario("Touch, then withdraw", TOUCH_THEN_WITHDRAW))
    [difference] = where_readings_differ({"t.feature": text})
    assert difference.option == "touched-tile-is-taken"
    assert difference.step == "And North withdraws the call"
    assert [(name, v.allowed) for name, v in difference.verdicts] == [
        ("committed-when-racked-or-exposed", True),
        ("touched-is-taken", False),
    ]


def test_a_scenario_that_chooses_its_own_reading_does_not_differ_by_reading():
    steps = 'Given the reading "touched-is-taken" of "touched-tile-is-taken"\n' + (
        TOUCH_THEN_WITHDRAW.replace("Given", "And", 1)
    )
    assert where_readings_differ({"t.feature": feature(scenario("Chosen", steps))}) == []


def test_the_exchange_scenario_differs_by_the_lock_reading_only_and_options_can_be_narrowed():
    text = feature(scenario("Exchange, then change", EXCHANGE_THEN_CHANGE))
    found = where_readings_differ({"x.feature": text})
    assert [d.option for d in found] == ["joker-exchange-locks-exposure"]
    assert where_readings_differ({"x.feature": text}, ["touched-tile-is-taken"]) == []


def test_an_outline_reports_each_examples_row_that_flips_with_its_line():
    text = """Feature: f
  Scenario Outline: o
    Given West has exposed 8B 8B J
    And West has discarded 7D
    And North holds 7D 7D J 8B 2C
    When North calls the discard
    And North exposes 7D 7D 7D
    And North exchanges 8B for the Joker in West's exposure
    And North adds <tile> to the exposure

    Examples:
      | tile |
      | J    |
"""
    [change] = how_rulings_changed({"o.feature": text})
    assert change.example_line == 13
