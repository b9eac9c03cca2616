"""Random play and a benchmark of the rules engine.

    python mahjong_rules/benchmarks/bench.py [--actions N] [--seed S]

Plays random hands from a shuffled NMJL deal, collecting positions and the actions a player
might try there (legal or not), then times ``judge`` over all of them and prints the number
of judged actions per second. The same random play drives the property tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from dataclasses import replace

from mahjong_rules.engine import actions as act
from mahjong_rules.engine.judging import judge
from mahjong_rules.engine.table import Hand, Table, sort_tiles
from mahjong_rules.engine.tiles import JOKER, TILE_SETS, Tile

MATJOK_ACTIONS = (act.Discard, act.Draw, act.Call, act.Claim, act.DeclareMahJongg)


def deal(rng: random.Random, options=None, ruleset: str = "nmjl") -> tuple[Table, list[Tile]]:
    """A shuffled deal with every tile named: East 14, the others 13; and the wall."""
    wall = list(TILE_SETS[ruleset].elements())
    rng.shuffle(wall)
    hands = []
    for seat in range(4):
        size = 14 if seat == 0 else 13
        tiles, wall = wall[:size], wall[size:]
        # Each hand is "complete" with some tile, so Mah Jongg calls and claims happen too.
        hands.append(Hand(sort_tiles(tiles), 0, winning_tile=rng.choice(tiles)))
    return replace(Table.new(ruleset, options), hands=tuple(hands)), wall


def candidate_actions(table: Table) -> list:
    """Actions worth trying at this table: most legal ones, and some that are not."""
    if table.over:
        return []
    seat = table.turn
    hand = table.hands[seat]
    others = [s for s in range(4) if s != seat]
    found: list = []
    if table.must == "discard":
        held = set(hand.concealed)
        found += [act.Discard(seat, tile) for tile in held]
        found.append(act.DeclareMahJongg(seat))
        for owner in range(4):
            for exposure in table.hands[owner].exposures:
                if exposure.jokers and exposure.stands_for in held:
                    found.append(act.JokerExchange(seat, ((exposure.stands_for, owner),)))
        open_index = hand.open_exposure()
        if open_index is not None:
            exposure = hand.exposures[open_index]
            found.append(act.AddToExposure(seat, exposure.stands_for))
            found.append(act.AddToExposure(seat, JOKER))
            found.append(act.RemoveFromExposure(seat, exposure.tiles[-1]))
        found.append(act.Draw(seat))  # refused: the seat has already drawn
    elif table.must == "draw":
        found.append(act.Draw(seat))
        found.append(act.Draw(others[0]))  # refused: not that seat's turn
        latest = table.latest_discard
        if latest is not None and table.window_open:
            for caller in range(4):
                found.append(act.Call(caller))
                found.append(act.Call(caller, mah_jongg=True))
                if table.ruleset == "matjok":
                    found += [act.Claim(caller, claim) for claim in ("straight", "kong")]
    elif table.must == "expose" and table.pending is not None:
        pending = table.pending
        tile = pending.discard.tile
        found += [act.TouchCalledTile(seat), act.WithdrawCall(seat), act.RackCalledTile(seat)]
        if tile is not None:
            naturals = hand.concealed.count(tile) - (1 if pending.racked else 0)
            jokers = hand.concealed.count(JOKER)
            for k in range(naturals + 1):
                for m in range(jokers + 1):
                    if 2 <= k + m <= 5:
                        partners = (tile,) * k + (JOKER,) * m
                        found.append(act.Expose(seat, (partners + (tile,),)))
    for other in others:
        found.append(act.DeclareDead(seat, other))
    found.append(act.Discard(others[-1], hand.concealed[0] if hand.concealed else JOKER))
    if table.ruleset == "matjok":
        return [action for action in found if isinstance(action, MATJOK_ACTIONS)]
    return found


def random_play(
    rng: random.Random, moves: int = 300, options=None, ruleset: str = "nmjl"
) -> Iterator[tuple[Table, object, object, Table, list[Tile]]]:
    """(table, action, verdict, next table, wall) for each action tried in random play.

    Draws take the next tile from the wall, so every tile stays accounted for. A new deal
    starts when a hand ends or the wall runs out.
    """
    table, wall = deal(rng, options, ruleset)
    for _ in range(moves):
        candidates = candidate_actions(table)
        if not candidates or not wall:
            table, wall = deal(rng, options, ruleset)
            continue
        action = rng.choice(candidates)
        if isinstance(action, act.Draw):
            action = act.Draw(action.seat, wall[-1])
        verdict, after = judge(table, action)
        # A pick out of turn is refused but racked all the same [33].
        drawer = getattr(action, "seat", None)
        if isinstance(action, act.Draw) and after.hands[drawer].count > table.hands[drawer].count:
            wall.pop()
        yield table, action, verdict, after, wall
        table = after


def positions(count: int, seed: int = 1) -> list[tuple[Table, object]]:
    rng = random.Random(seed)
    found: list[tuple[Table, object]] = []
    while len(found) < count:
        found += [(table, action) for table, action, *_ in random_play(rng, 500)]
    return found[:count]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Time the rules engine on random play.")
    parser.add_argument("--actions", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    work = positions(args.actions, args.seed)
    start = time.perf_counter()
    allowed = 0
    for table, action in work:
        verdict, _ = judge(table, action)
        allowed += verdict.allowed
    elapsed = time.perf_counter() - start
    rate = len(work) / elapsed
    print(
        f"{len(work)} actions judged in {elapsed:.2f} s: {rate:,.0f} actions per second "
        f"({allowed} allowed, {len(work) - allowed} refused)"
    )


if __name__ == "__main__":
    main()
