"""The table and action notations: every table random play reaches comes back from its one
line exactly, every action type round-trips, reprs paste back, and bad text says what is wrong."""

import contextlib
import typing
from dataclasses import replace

import pytest
from bench import random_play
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rules.engine import NotationError, Table, actions, judge, parse_action, parse_tile
from mahjong_rules.engine.nmjl import Announcement, CardRuling, Lift, Passed, Passes
from mahjong_rules.engine.play import JOKER_EXCHANGE_LOCK
from mahjong_rules.engine.table import Discard, Exposure, Hand, Mistake, PendingCall, Phase

option_values = st.fixed_dictionaries(
    {
        "touched-tile-is-taken": st.booleans(),
        "joker-exchange-locks-exposure": st.booleans(),
        "one-joker-exchange-at-a-time": st.booleans(),
        "two-wrong-counts-replay-the-hand": st.booleans(),
        "courtesy-pass": st.booleans(),
    }
)


def tiles(text: str) -> tuple:
    return tuple(parse_tile(code) for code in text.split())


def round_trip(table: Table) -> Table:
    line = table.notation()
    assert "\n" not in line
    return Table.from_notation(line)


# --- every table random play reaches ----------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    options=option_values,
    ruleset=st.sampled_from(["nmjl", "matjok"]),
)
def test_every_table_random_play_reaches_comes_back_from_its_notation(rng, options, ruleset):
    for table, action, _verdict, after, _wall in random_play(rng, 60, options, ruleset):
        assert round_trip(table) == table, table.notation()
        assert round_trip(after) == after, after.notation()
        assert parse_action(action.notation()) == action, action.notation()


# --- situations ------------------------------------------------------------------------------


def test_a_new_table_is_one_short_line():
    assert Table.new().notation() == "nmjl play turn=E must=discard / E +14 / S +13 / W +13 / N +13"


def test_a_pending_call_for_a_pung_round_trips_with_the_hand_before_the_call():
    table = Table.new()
    table = table.with_hand(1, Hand(tiles("7D 7D 1B"), 10))
    _, table = judge(table, actions.Discard(0, parse_tile("7D")))
    _, table = judge(table, actions.Call(1, parse_tile("7D")))
    _, table = judge(table, actions.TouchCalledTile(1))
    line = table.notation()
    assert "call S on E:7D touched before=(7D 7D 1B +10)" in line
    assert Table.from_notation(line) == table


def test_a_misnamed_discard_keeps_its_spoken_name():
    table = Table.from_notation(
        "nmjl play turn=S must=draw / E +13 / S / W / N / discards E:4B(named 5B)"
    )
    discard = table.latest_discard
    assert (discard.tile, discard.named, discard.misnamed) == (
        parse_tile("4B"),
        parse_tile("5B"),
        True,
    )
    assert "E:4B(named 5B)" in table.notation()


def test_an_unnamed_discard_and_an_unnamed_tile_in_a_pass_are_written_as_a_question_mark():
    table = replace(
        Table.new(),
        discards=(Discard(None, None, 0),),
        hands=(Hand(unnamed=11, in_motion=(parse_tile("1D"), None, None)), Hand(), Hand(), Hand()),
    )
    assert "discards E:?" in table.notation() and "passing=(1D ? ?)" in table.notation()
    assert round_trip(table) == table


def test_an_exposure_keeps_its_called_tile_its_lock_and_what_its_jokers_stand_for():
    open_pung = Exposure(tiles("7D 7D J"), parse_tile("7D"), parse_tile("7D"), None)
    exchanged = Exposure(tiles("5B J J"), parse_tile("5B"), None, JOKER_EXCHANGE_LOCK)
    odd = Exposure(tiles("J J J"), parse_tile("N"), None, "the referee said so")
    table = Table.new().with_hand(2, Hand((), 4, (open_pung, exchanged, odd)))
    line = table.notation()
    assert "[7D 7D J called=7D open] [5B J J locked=joker-exchange]" in line
    assert '[J J J as=N locked="the referee said so"]' in line
    assert round_trip(table) == table


def test_a_mistake_keeps_its_reason_word_for_word_even_with_quotes_and_slashes():
    mistake = Mistake("picking_out_of_turn", "nmjl-wall", 'South said "mine" / and racked it.')
    table = Table.new().with_hand(1, Hand(unnamed=14, mistake=mistake, dead=True))
    assert round_trip(table).hands[1].mistake == mistake


def test_options_are_written_against_the_defaults():
    table = Table.new(options={"touched-tile-is-taken": True, "courtesy-pass": False})
    assert "options=+touched-tile-is-taken,-courtesy-pass" in table.notation()
    assert round_trip(table).options == table.options


def test_the_card_is_written_by_name_and_found_again():
    from mahjong_rules.engine.nmjl.cards import PRACTICE_CARD, shipped_card

    table = replace(Table.new(), card=shipped_card(PRACTICE_CARD))
    assert f'card="{PRACTICE_CARD}"' in table.notation()
    assert round_trip(table).card is table.card


def test_a_card_the_site_looks_up_is_found_by_the_lookup_given():
    from mahjong_rules.engine.nmjl.cards import PRACTICE_CARD, shipped_card

    private = shipped_card(PRACTICE_CARD)
    line = 'nmjl play turn=E must=discard card="League 2027" / E +14 / S +13 / W +13 / N +13'
    assert Table.from_notation(line, cards={"League 2027": private}.get).card is private


def test_a_spelled_out_charleston_and_a_lifted_tile_round_trip():
    passes = Passes(
        2,
        (Passed(tiles("1D 2D"), 1), None, Passed(()), None),
        True,
        (2, None, 1, None),
        (True, False),
    )
    table = replace(
        Table.new(), phase=Phase.CHARLESTON, charleston=passes, lifted=Lift(1, None), wall=40
    )
    line = table.notation()
    assert "charleston first-left stopped passed-E=(1D 2D) blind-E=1 passed-W=()" in line
    assert "offer-E=2 offer-W=1 exchanged=E-W" in line and "lifted=S:?" in line
    assert round_trip(table) == table


def test_an_announced_mah_jongg_carries_the_whole_table_before_it_was_said():
    before = Table.new().with_hand(3, Hand(tiles("5D 5D 5D"), 10, whole=True))
    announced = Announcement(3, before, Discard(parse_tile("2D"), parse_tile("2D"), 2), racked=True)
    table = replace(
        before,
        announced=announced,
        pending=PendingCall(3, announced.discard, mah_jongg=True, claim="Mah Jongg"),
        mah_jongg=CardRuling(3, False),
        phase=Phase.OVER,
        winner=3,
        ended="a Mah Jongg in error",
        payments=((3, 0), (3, 1)),
    )
    line = table.notation()
    assert "announced N on W:2D racked before={nmjl play" in line and "ruling N in-error" in line
    assert round_trip(table) == table


# --- actions ----------------------------------------------------------------------------------

SEVEN, JOKER = parse_tile("7D"), parse_tile("J")
EVERY_ACTION = [
    actions.Discard(0, SEVEN),
    actions.Discard(0, SEVEN, named=parse_tile("8D")),
    actions.Draw(1),
    actions.Draw(1, SEVEN),
    actions.Call(2),
    actions.Call(2, SEVEN, mah_jongg=True),
    actions.Claim(3, "kong"),
    actions.SimultaneousCalls(((1, "exposure"), (3, "Mah Jongg"))),
    actions.TouchCalledTile(1),
    actions.RackCalledTile(1),
    actions.RackWrongDiscard(1, SEVEN),
    actions.Expose(1, ((SEVEN, SEVEN, JOKER), (parse_tile("RD"),) * 3)),
    actions.WithdrawCall(1),
    actions.ChangeExposure(1, (SEVEN, JOKER, JOKER)),
    actions.AddToExposure(1, JOKER),
    actions.RemoveFromExposure(1, SEVEN),
    actions.JokerExchange(0, ((SEVEN, 2), (parse_tile("N"), 3))),
    actions.DeclareMahJongg(0),
    actions.DeclareDead(0, 2),
    actions.TakeMissingTile(3),
    actions.PassTiles(0, (SEVEN, None, None), "to the left", blind=1),
    actions.PassTiles(1, (), "across"),
    actions.OtherSeatsPass(),
    actions.StopCharleston(2),
    actions.OfferCourtesy(2, 3),
    actions.LiftTile(1),
    actions.LiftTile(1, SEVEN),
    actions.RackLiftedTile(1),
    actions.NobodyCalls(),
    actions.AnnounceMahJongg(3),
    actions.AnnounceMahJongg(3, on_discard=True),
    actions.ExposeHand(3),
    actions.WithdrawMahJongg(3),
    actions.ThrowInHand(2),
]


def test_the_examples_cover_every_action_type():
    assert {type(a) for a in EVERY_ACTION} == set(typing.get_args(actions.Action))


@pytest.mark.parametrize("action", EVERY_ACTION, ids=lambda a: a.notation())
def test_every_action_type_round_trips(action):
    assert parse_action(action.notation()) == action
    assert type(action).from_notation(action.notation()) == action


def test_actions_read_as_a_td_would_say_them():
    assert actions.Discard(0, SEVEN, parse_tile("8D")).notation() == "E discard 7D named=8D"
    assert actions.JokerExchange(1, ((SEVEN, 2),)).notation() == "S exchange 7D@W"
    assert actions.DeclareDead(0, 2).notation() == "E declares-dead W"
    assert (
        actions.PassTiles(0, (SEVEN, None), "to the left", 1).notation()
        == "E pass left 7D ? blind=1"
    )


def test_an_action_read_for_the_wrong_class_says_which_it_is():
    with pytest.raises(NotationError, match="this is a Draw action, not a Discard"):
        actions.Discard.from_notation("E draw")


# --- reprs that paste back ------------------------------------------------------------------


def test_reprs_paste_back_with_the_engines_public_names():
    names: dict = {}
    exec("from mahjong_rules.engine import *", names)
    table = replace(Table.new(), discards=(Discard(SEVEN, parse_tile("8D"), 0),), must="draw")
    assert repr(SEVEN) == "parse_tile('7D')"
    assert eval(repr(SEVEN), names) is SEVEN
    assert repr(table).startswith("Table.from_notation('nmjl play")
    assert eval(repr(table), names) == table
    for action in EVERY_ACTION:
        assert eval(repr(action), names) == action


# --- bad notation ---------------------------------------------------------------------------

GOOD = "nmjl play turn=E must=discard / E 1D 2D +12 [7D 7D 7D] / S +13 / W +13 / N +13"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "A table has a header and the four hands"),
        ("nmjl play turn=E must=discard / E / S / W", "this has 4 parts"),
        ("chess play turn=E must=discard / E / S / W / N", '"chess" is no rule set'),
        ("nmjl lunch turn=E must=discard / E / S / W / N", '"lunch" is no phase'),
        ("nmjl play / E / S / W / N", "write whose turn it is"),
        ("nmjl play turn=E must=discard / S / E / W / N", "Part 2 must be East's hand"),
        (
            "nmjl play turn=E must=discard / E 7X / S / W / N",
            'In East\'s hand: "7X" is neither a tile',
        ),
        ("nmjl play turn=E must=discard / E deadd / S / W / N", "nor a word a hand takes"),
        (
            "nmjl play turn=E must=discard / E [7D 7D / S / W / N",
            'a bracket is never closed (a "]"',
        ),
        (
            "nmjl play turn=E must=discard / E [7D Q] / S / W / N",
            'the exposure [7D Q]: "Q" is not a tile',
        ),
        (
            "nmjl play turn=E must=discard / E [7D open locked=discard] / S / W / N",
            "open or locked, not both",
        ),
        ("nmjl play turn=E must=discard / E +x / S / W / N", '"x" is not a whole number'),
        ("nmjl play turn=E must=discard wall=lots / E / S / W / N", '"lots" is not a whole number'),
        ("nmjl play turn=E must=discard turn=S / E / S / W / N", '"turn" is written twice'),
        (
            "nmjl play turn=E must=discard colour=red / E / S / W / N",
            '"colour" is not understood here',
        ),
        (
            "nmjl play turn=E must=discard options=+fast / E / S / W / N",
            '"+fast" must be + or - and a rule option',
        ),
        (
            'nmjl play turn=E must=discard card="Old Card" / E / S / W / N',
            'there is no card "Old Card"',
        ),
        ("nmjl play turn=E must=discard / E / S / W / N / discards E7D", '"E7D" is not a discard'),
        (
            "nmjl play turn=E must=discard / E / S / W / N / discards E:7D(named 7D)",
            "named as itself",
        ),
        (
            "nmjl play turn=E must=discard / E / S / W / N / discards W:?(named 3D)",
            "a misnamed discard names both tiles",
        ),
        (
            "nmjl play turn=E must=discard / E / S / W / N / discards W:3B(named ?)",
            "a misnamed discard names both tiles",
        ),
        (
            "nmjl play turn=E must=discard / E / S / W / N / call S E:7D",
            "write call SEAT on DISCARD",
        ),
        ("nmjl play turn=E must=discard / E / S / W / N / bonus", "starts with none of them"),
        (
            "nmjl play turn=E must=discard / E / S / W / N / charleston sideways",
            "start with the pass",
        ),
        ('nmjl play turn=E must="discard / E / S / W / N', "a quoted text is never closed"),
        ("nmjl play turn=E must=discard ended) / E / S / W / N", '")" closes nothing'),
    ],
)
def test_bad_table_notation_says_which_part_is_wrong_and_why(text, says):
    with pytest.raises(NotationError) as raised:
        Table.from_notation(text)
    assert says in str(raised.value)
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "An action is missing"),
        ("E", "after the seat comes a verb"),
        ("E discards 7D", '"discards" is no verb'),
        ("discard 7D", '"discard" starts with the seat that acts'),
        ("E nobody-calls", '"nobody-calls" has no seat before it'),
        ("E discard", "something is missing at the end (a tile)"),
        ("E discard 7D 8D", '"8D" is more than "discard" takes'),
        ("E exchange 7D", "TILE@SEAT"),
        ("E pass sideways 7D", '"sideways" is no direction'),
        ("E offer two", '"two" is not a whole number'),
        ("X discard 7D", '"X" is no verb'),
    ],
)
def test_bad_action_notation_says_what_is_wrong(text, says):
    with pytest.raises(NotationError) as raised:
        parse_action(text)
    assert says in str(raised.value)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_mangled_notation_gives_a_table_or_a_notation_error_never_a_crash(data):
    line = (
        Table.from_notation(GOOD).notation() + " / discards E:4B(named 5B) / call S on E:4B touched"
    )
    start = data.draw(st.integers(0, len(line)))
    end = data.draw(st.integers(start, min(len(line), start + 6)))
    mangled = line[:start] + data.draw(st.text('ESWN7D?+=()[]{}"/: -,x', max_size=4)) + line[end:]
    with contextlib.suppress(NotationError):
        Table.from_notation(mangled)
    action = data.draw(st.sampled_from(EVERY_ACTION)).notation()
    with contextlib.suppress(NotationError):
        parse_action(
            action[:start] + data.draw(st.text("ESWN7D?@:()= ", max_size=3)) + action[end:]
        )
