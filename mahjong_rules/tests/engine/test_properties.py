"""Random play from shuffled deals: no tile is ever created or lost, and counts stay right."""

from collections import Counter

from bench import main, random_play
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rules.engine.tiles import MATJOK_SET, NMJL_SET

ARTICLES = {"nmjl-6", "nmjl-205", "nmjl-calling", "nmjl-exposure-answer", "matjok-claiming"}
ARTICLES |= {"nmjl-card", "nmjl-mah-jongg", "nmjl-charleston", "nmjl-wall"}  # part two

option_values = st.fixed_dictionaries(
    {
        "touched-tile-is-taken": st.booleans(),
        "joker-exchange-locks-exposure": st.booleans(),
        "one-joker-exchange-at-a-time": st.booleans(),
        "courtesy-pass": st.booleans(),
    }
)


@settings(max_examples=25, deadline=None)
@given(rng=st.randoms(use_true_random=False), options=option_values)
def test_random_play_never_creates_or_loses_a_tile_and_keeps_every_count_right(rng, options):
    seen_allowed = 0
    for table, _action, verdict, after, wall in random_play(rng, 250, options):
        assert verdict.article in ARTICLES, verdict
        assert verdict.reason
        # Every tile of the set is in a hand, an exposure, the discards, a called tile or the wall.
        assert after.tiles_in_play() + Counter(wall) == NMJL_SET
        if verdict.allowed:
            seen_allowed += 1
            for seat, hand in enumerate(after.hands):
                # A hand that picked out of turn keeps the tile and is liable instead [33].
                if not hand.dead and hand.mistake is None:
                    assert after.count_is_right(seat), (seat, verdict, str(after))
        elif verdict.consequence is None:
            assert after == table, f"a refused action changed the table: {verdict}"
    assert seen_allowed


@settings(max_examples=15, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_random_matjok_play_never_creates_or_loses_a_tile(rng):
    for table, _action, verdict, after, wall in random_play(rng, 250, ruleset="matjok"):
        assert verdict.article == "matjok-claiming", verdict
        assert after.tiles_in_play() + Counter(wall) == MATJOK_SET
        if verdict.allowed:
            for seat in range(4):
                assert after.count_is_right(seat), (seat, verdict, str(after))
        else:
            assert after == table


def test_the_benchmark_runs_and_reports_actions_per_second(capsys):
    main(["--actions", "500"])
    assert "actions per second" in capsys.readouterr().out
