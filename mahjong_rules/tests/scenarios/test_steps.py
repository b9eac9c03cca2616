"""The step bindings: every phrase of the contract is registered and does what it says."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rules.engine.options import OPTIONS
from mahjong_rules.scenarios import steps
from mahjong_rules.scenarios.phrasebook import REGISTRY
from mahjong_rules.scenarios.registry import PARAMETER_TYPES, StepFailed
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text
from scenes import play

# The phrases of docs/contract/scenario-language.md, exactly as written there.
CONTRACT = {
    "given": [
        "the NMJL rules",
        "the Matjok rules",
        'the house rule "{name}"',
        'the house rule "{name}" is off',
        "it is the Charleston",
        "it is {seat}'s turn",
        "{seat} holds {tiles}",
        "{seat} has exposed {tiles}",
        "{seat} has {n} tiles",
        "{seat} has discarded {tile}",
        "{seat} is playing a concealed hand",
        "{seat} needs only {tile} to win",
        "{seat}'s exposures fit no hand on the card",
        "{seat}'s hand is dead",
        # Issue 15: League rules through time, and the readings where sources disagree.
        "the League rules as of {date}",
        'the reading "{reading}" of "{name}"',
    ],
    "when": [
        "{seat} discards {tile}",
        "{seat} discards {tile} and names it {tile}",
        "{seat} draws {tile}",
        "{seat} draws a tile",
        "{seat} calls the discard",
        "{seat} calls {tile}",
        "{seat} calls the discard for Mah Jongg",
        "{seat} calls {tile} for Mah Jongg",
        "{seat} touches the called tile",
        "{seat} racks the called tile",
        "{seat} racks {tile} instead of the called tile",
        "{seat} exposes {tiles}",
        "{seat} exposes {tiles} and {tiles}",
        "{seat} withdraws the call",
        "{seat} changes the exposure to {tiles}",
        "{seat} adds {tile} to the exposure",
        "{seat} removes {tile} from the exposure",
        "{seat} exchanges {tile} for the Joker in {seat}'s exposure",
        "{seat} makes these joker exchanges together:",
        "{seat} declares Mah Jongg",
        "{seat} declares {seat}'s hand dead",
        "{seat} takes the missing tile",
        "these calls are made:",
        "{seat} calls {claim}",
    ],
    "then": [
        "that is allowed",
        "that is refused",
        "the ruling cites {word}",
        "{seat} gets the discard",
        "nobody gets the discard",
        "it is {seat}'s turn",
        "{seat} must discard",
        "the hand is over",
        "{seat} holds {tiles}",
        "{seat} has exposed {tiles}",
        "{seat}'s exposure of {tile} is locked",
        "{seat} has {n} tiles",
        "{seat} has the right number of tiles",
        "{seat} has the wrong number of tiles",
        "{seat}'s hand is dead",
        "{seat}'s hand is not dead",
        "{seat}'s hand can be declared dead",
        "{seat}'s hand cannot be declared dead",
        "{tile} is the latest discard",
        "the tiles are thrown in for a new deal",
        "the tiles are not thrown in",
    ],
}

TABLES = {
    "{seat} makes these joker exchanges together:": ("tile", "exposure of"),
    "these calls are made:": ("seat", "call"),
}


@pytest.mark.parametrize(
    ("keyword", "text"), [(k, t) for k, texts in CONTRACT.items() for t in texts]
)
def test_every_contract_phrase_is_registered_with_an_example_that_matches_only_it(keyword, text):
    phrases = [p for p in REGISTRY.phrases(keyword) if p.text == text]
    assert len(phrases) == 1, f"{keyword} {text!r} is registered {len(phrases)} times"
    phrase = phrases[0]
    assert phrase.help and phrase.example
    matches = REGISTRY.match(keyword, phrase.example)
    assert [m[0].text for m in matches] == [text]
    assert phrase.table_columns == TABLES.get(text, ())


def test_no_phrase_is_registered_that_the_contract_does_not_list():
    # Part one's phrases above; part two's as its document lists them, with "1 tile" for
    # "{n} tiles" wherever it says so (test_contract_hands.py reads it).
    from test_contract_hands import (
        PART_TWO,
        _as_contract_writes_it,
        contract_phrases,
    )

    part_two = contract_phrases(PART_TWO)
    one_tile = {
        (keyword, text.replace("{n} tiles are", "1 tile is").replace("{n} tiles", "1 tile"))
        for keyword, text in part_two
    }
    for keyword, texts in CONTRACT.items():
        listed = {_as_contract_writes_it(t) for t in texts}
        listed |= {t for kw, t in part_two | one_tile if kw == keyword}
        registered = sorted(_as_contract_writes_it(p.text) for p in REGISTRY.phrases(keyword))
        assert len(registered) == len(set(registered))
        assert set(registered) <= listed, sorted(set(registered) - listed)
        assert set(registered) >= {_as_contract_writes_it(t) for t in texts}


def test_a_tournaments_options_apply_and_a_given_house_rule_overrides_them():
    world = steps.new_world({"touched-tile-is-taken": True})
    assert world.table.option("touched-tile-is-taken")
    assert world.options["joker-exchange-locks-exposure"] is True
    world = play(
        'Given the house rule "touched-tile-is-taken" is off', {"touched-tile-is-taken": True}
    )
    assert not world.table.option("touched-tile-is-taken")


def test_an_unknown_house_rule_fails_the_step_and_lists_the_known_options():
    with pytest.raises(StepFailed, match='"one-joker-exchange-at-a-time"'):
        play('Given the house rule "touch-and-take"')


def test_a_fifth_copy_of_a_tile_cannot_be_set_up():
    with pytest.raises(StepFailed, match="only 4 of 7D"):
        play("Given South holds 7D 7D 7D\nAnd North holds 7D 7D")


def test_naming_more_tiles_than_a_seat_has_fails_the_step():
    with pytest.raises(StepFailed, match="unnamed tiles left"):
        play("Given South has 2 tiles\nAnd South holds 7D 7D 7D")


def test_an_exposure_that_is_no_group_cannot_be_set_up():
    with pytest.raises(StepFailed, match="cannot be an exposure"):
        play("Given South has exposed 7D 8D J")


def test_an_exposure_of_jokers_alone_cannot_be_set_up():
    with pytest.raises(StepFailed, match="J J J cannot be an exposure"):
        play("Given South has exposed J J J")


def test_an_exposure_set_up_from_an_earlier_turn_is_locked_and_stands_for_its_natural_tile():
    [exposure] = play("Given South has exposed J 7D J").table.hands[1].exposures
    assert exposure.locked and exposure.stands_for.code == "7D" and exposure.called.code == "7D"
    assert [tile.code for tile in exposure.tiles] == ["7D", "J", "J"]


def test_jokers_cannot_be_set_up_under_matjok_rules():
    with pytest.raises(StepFailed, match="no Joker"):
        play("Given the Matjok rules\nAnd South holds J")


def test_a_refused_action_step_returns_its_verdict_and_does_not_fail():
    world = play("When South discards 7D")
    assert world.last_verdict is not None and not world.last_verdict.allowed


def test_a_check_before_any_action_fails_with_a_sentence():
    with pytest.raises(StepFailed, match="No action has been judged yet"):
        play("Then that is allowed")


def test_a_failing_check_says_what_was_expected_and_what_was_found():
    with pytest.raises(StepFailed, match="Expected South to get the discard, but North got it"):
        play(
            """
            Given West has discarded 7D
            And North holds 7D 7D
            When North calls the discard
            Then South gets the discard
            """
        )
    with pytest.raises(StepFailed, match="it cites nmjl-205"):
        play("When South discards 7D\nThen the ruling cites nmjl-6")


def test_scene_steps_set_turns_and_discards_as_the_contract_says():
    table = play("Given it is North's turn").table
    assert table.first_discard_made and table.turn == 3 and table.must == "discard"
    assert [h.count for h in table.hands] == [13, 13, 13, 14]
    table = play("Given West has discarded 7D").table
    assert table.latest_discard.tile.code == "7D" and table.window_open
    assert table.turn == 3 and table.must == "draw"
    assert [h.count for h in table.hands] == [13, 13, 13, 13]
    assert len(table.discards) == 2  # East's unnamed first discard, then West's 7D


def test_a_discard_set_as_the_scene_locks_the_discarders_exposure_made_this_turn():
    world = play(
        """
        Given West has discarded 7D
        And North holds 7D 7D 7D 2C
        When North calls the discard
        And North exposes 7D 7D 7D
        Given North has discarded 2C
        Then North's exposure of 7D is locked
        When North adds 7D to the exposure
        """
    )
    assert not world.last_verdict.allowed, world.last_verdict
    assert world.last_verdict.rule == "tile_joins_an_exposure_only_on_the_turn_it_was_made"


def test_a_later_turn_set_as_the_scene_locks_the_exposure_of_the_seat_that_had_to_discard():
    # North called and exposed; "it is East's turn" implies North's (unnamed) discard.
    world = play(
        """
        Given West has discarded 7D
        And North holds 7D 7D 7D
        When North calls the discard
        And North exposes 7D 7D 7D
        Given it is East's turn
        Then North's exposure of 7D is locked
        And North has the right number of tiles
        And East must discard
        """
    )
    assert world.table.latest_discard.seat == 3 and world.table.latest_discard.tile is None


def test_checks_pass_and_fail_on_the_table_as_it_stands():
    play(
        """
        Given West has discarded 7D
        And North holds 7D 7D 2C
        When North calls the discard
        And North exposes 7D 7D 7D
        Then that is allowed
        And North gets the discard
        And North must discard
        And it is North's turn
        And North has exposed 7D 7D 7D
        And North holds 2C
        And North has 14 tiles
        And North has the right number of tiles
        And North's hand is not dead
        And North's hand cannot be declared dead
        And the tiles are not thrown in
        When North discards 2C
        Then North's exposure of 7D is locked
        And 2C is the latest discard
        And it is East's turn
        And nobody gets the discard
        """
    )
    with pytest.raises(StepFailed):
        play("Given West has discarded 7D\nThen West has the wrong number of tiles")
    with pytest.raises(StepFailed):
        play("Given West has discarded 7D\nThen the hand is over")
    with pytest.raises(StepFailed):
        play("Given West has discarded 7D\nThen 8D is the latest discard")


def test_a_data_table_with_the_wrong_columns_fails_with_the_columns_it_needs():
    with pytest.raises(StepFailed, match="tile \\| exposure of"):
        play(
            """
            Given it is South's turn
            When South makes these joker exchanges together:
              | tiles | owner |
              | 7D    | West  |
            """
        )
    with pytest.raises(StepFailed, match="is not a call"):
        play(
            """
            Given West has discarded 7D
            When these calls are made:
              | seat  | call |
              | North | pung |
            """
        )


SEATS = ["East", "South", "West", "North"]
TILE_WORDS = ["7D", "7D", "J", "F", "3B", "N", "RD", "9C"]
CALLS = ["exposure", "Mah Jongg", "tjok", "poeng", "kong", "straight"]
STEP_LINES = st.one_of(
    st.builds(
        "Given {} holds {} {}".format, st.sampled_from(SEATS), *[st.sampled_from(TILE_WORDS)] * 2
    ),
    st.builds(
        "Given {} has exposed {} {} {}".format,
        st.sampled_from(SEATS),
        *[st.sampled_from(TILE_WORDS)] * 3,
    ),
    st.builds(
        "Given {} has discarded {}".format, st.sampled_from(SEATS), st.sampled_from(TILE_WORDS)
    ),
    st.builds("Given it is {}'s turn".format, st.sampled_from(SEATS)),
    st.builds("Given {} has {} tiles".format, st.sampled_from(SEATS), st.integers(0, 20)),
    st.builds("Given {}'s hand is dead".format, st.sampled_from(SEATS)),
    st.builds(
        "Given {} needs only {} to win".format, st.sampled_from(SEATS), st.sampled_from(TILE_WORDS)
    ),
    st.just("Given it is the Charleston"),
    st.just("Given the Matjok rules"),
    st.builds("When {} discards {}".format, st.sampled_from(SEATS), st.sampled_from(TILE_WORDS)),
    st.builds("When {} draws a tile".format, st.sampled_from(SEATS)),
    st.builds("When {} calls the discard".format, st.sampled_from(SEATS)),
    st.builds("When {} calls the discard for Mah Jongg".format, st.sampled_from(SEATS)),
    st.builds("When {} racks the called tile".format, st.sampled_from(SEATS)),
    st.builds(
        "When {} exposes {} {} {}".format,
        st.sampled_from(SEATS),
        *[st.sampled_from(TILE_WORDS)] * 3,
    ),
    st.builds("When {} withdraws the call".format, st.sampled_from(SEATS)),
    st.builds(
        "When {} adds {} to the exposure".format,
        st.sampled_from(SEATS),
        st.sampled_from(TILE_WORDS),
    ),
    st.builds(
        "When {} removes {} from the exposure".format,
        st.sampled_from(SEATS),
        st.sampled_from(TILE_WORDS),
    ),
    st.builds(
        "When {} exchanges {} for the Joker in {}'s exposure".format,
        st.sampled_from(SEATS),
        st.sampled_from(TILE_WORDS),
        st.sampled_from(SEATS),
    ),
    st.builds(
        "When {} declares {}'s hand dead".format, st.sampled_from(SEATS), st.sampled_from(SEATS)
    ),
    st.builds("When {} declares Mah Jongg".format, st.sampled_from(SEATS)),
    st.builds("When {} takes the missing tile".format, st.sampled_from(SEATS)),
    st.builds(
        "When {} calls {}".format,
        st.sampled_from(SEATS),
        st.sampled_from(["tjok", "poeng", "kong", "straight"]),
    ),
    st.builds("Then {} has the right number of tiles".format, st.sampled_from(SEATS)),
    st.builds("Then {}'s hand can be declared dead".format, st.sampled_from(SEATS)),
    st.just("Then the tiles are thrown in for a new deal"),
    st.builds(
        "When these calls are made:\n| seat | call |\n| {} | {} |\n| {} | {} |".format,
        st.sampled_from(SEATS),
        st.sampled_from(CALLS),
        st.sampled_from(SEATS),
        st.sampled_from(CALLS),
    ),
    st.builds(
        "When {} makes these joker exchanges together:\n| tile | exposure of |\n"
        "| {} | {} |\n| {} | {} |".format,
        st.sampled_from(SEATS),
        st.sampled_from(TILE_WORDS),
        st.sampled_from(SEATS),
        st.sampled_from(TILE_WORDS),
        st.sampled_from(SEATS),
    ),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(STEP_LINES, min_size=1, max_size=12))
def test_any_sequence_of_steps_either_runs_or_fails_with_a_sentence(lines):
    try:
        play("\n".join(lines))
    except StepFailed as failure:
        assert str(failure).strip()


def test_a_seat_cannot_be_given_more_tiles_than_the_nmjl_set_has():
    with pytest.raises(StepFailed, match="the NMJL set has only 152 tiles"):
        play("Given East has 99999999999999999999 tiles")
    with pytest.raises(StepFailed, match="cannot have 153 tiles"):
        play("Given East has 153 tiles")


def test_a_seat_may_be_given_every_tile_of_the_set_and_no_more_under_matjok():
    assert play("Given East has 152 tiles").table.hand("East").count == 152
    with pytest.raises(StepFailed, match="set has only 144 tiles"):
        play("Given the Matjok rules\nAnd East has 152 tiles")


def test_an_impossible_count_stops_the_scenario_and_its_check_simply_fails():
    text = (
        "Feature: Counts\n  Scenario: a\n    Given East has 99999999999999999999 tiles\n"
        "    Then East has 14 tiles\n  Scenario: b\n    Then East has 99999999999999999999 tiles\n"
    )
    first, second = run_text(text).scenarios
    assert [s.status for s in first.steps] == [Status.FAILED, Status.SKIPPED]
    assert "cannot have 99999999999999999999 tiles" in first.steps[0].message
    assert second.steps[0].status == Status.FAILED
    assert second.steps[0].message == (
        "Expected East to have 99999999999999999999 tiles, but East has 14."
    )


def test_the_step_reference_lists_every_rule_option_name_for_the_house_rule_phrases():
    [doc] = [doc for name, _regexp, _transform, doc in PARAMETER_TYPES if name == "name"]
    for option in OPTIONS:
        assert option in doc


def test_an_unknown_house_rule_names_every_option_there_is():
    for phrase in ('Given the house rule "touch-and-take"', 'Given the house rule "x" is off'):
        with pytest.raises(StepFailed) as failed:
            play(phrase)
        assert all(f'"{option}"' in str(failed.value) for option in OPTIONS)
