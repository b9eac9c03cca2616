"""Random hands for the card, and a benchmark of the matcher.

    taskset -c 1 python mahjong_rules/benchmarks/card_bench.py [--hands N] [--seed S]

Makes N hands: random instances of random lines of the card (some with a whole group
exposed, some with jokers in groups that take them), the same hands with one tile changed,
and random deals of 14 tiles from the set. Then times, per hand, judging a 14-tile hand
(the winning line) and the tiles needed for every line with one tile taken out (13 tiles),
against the Practice Card 2027 and against a 120-line card generated with a fixed seed.
Prints the medians. The same generators drive the property tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from mahjong_rules.engine.nmjl.cards.card import Card, card_from_data, pattern_problems
from mahjong_rules.engine.nmjl.cards.hand import CardHand
from mahjong_rules.engine.nmjl.cards.instances import Instance
from mahjong_rules.engine.nmjl.cards.matcher import tiles_needed_by_line, winning_line
from mahjong_rules.engine.nmjl.cards.pattern import PatternError, parse_pattern
from mahjong_rules.engine.nmjl.cards.shipped import PRACTICE_CARD, shipped_card
from mahjong_rules.engine.tiles import JOKER, NMJL_SET, Tile

SET_TILES: list[Tile] = list(NMJL_SET.elements())


def instance_tiles(
    rng: random.Random, instance: Instance, jokers: int
) -> tuple[list[Tile], list[list[Tile]]]:
    """The instance's tiles with up to `jokers` of them jokers (only where a joker may
    stand), as one list per group."""
    groups = [list(group.tiles) for group in instance.groups]
    places = [
        (g, i)
        for g, group in enumerate(instance.groups)
        if group.takes_jokers
        for i in range(len(group.tiles))
    ]
    for g, i in rng.sample(places, min(jokers, len(places))):
        groups[g][i] = JOKER
    return [tile for group in groups for tile in group], groups


def random_winning_hand(rng: random.Random, card: Card, expose: bool = True) -> CardHand:
    """A hand that matches a random instance of a random line of the card."""
    line = rng.choice(card.lines)
    instance = rng.choice(line.instances)
    _tiles, groups = instance_tiles(rng, instance, rng.choice((0, 0, 1, 2, 3)))
    exposures = []
    if expose and not line.concealed and rng.random() < 0.3:
        whole = [g for g, group in enumerate(instance.groups) if group.takes_jokers]
        for g in rng.sample(whole, min(len(whole), rng.randint(1, 2))):
            exposures.append(groups[g])
            groups[g] = []
    concealed = [tile for group in groups for tile in group]
    rng.shuffle(concealed)
    return CardHand.of(concealed, exposures)


def random_deal(rng: random.Random, size: int = 14) -> CardHand:
    """Tiles drawn at random from the set, all concealed."""
    return CardHand.of(rng.sample(SET_TILES, size))


def one_tile_changed(rng: random.Random, hand: CardHand) -> CardHand:
    concealed = list(hand.concealed)
    if concealed:
        concealed[rng.randrange(len(concealed))] = rng.choice(SET_TILES)
    return CardHand(tuple(concealed), hand.exposures, hand.unnamed)


def one_tile_out(rng: random.Random, hand: CardHand) -> CardHand:
    concealed = list(hand.concealed)
    if concealed:
        concealed.pop(rng.randrange(len(concealed)))
    return CardHand(tuple(concealed), hand.exposures, hand.unnamed)


def random_hands(rng: random.Random, card: Card, count: int) -> list[CardHand]:
    """Winning hands, near misses and random deals, in equal parts."""
    hands = []
    while len(hands) < count:
        winner = random_winning_hand(rng, card)
        hands += [winner, one_tile_changed(rng, winner), random_deal(rng)]
    return hands[:count]


# ---- a generated card -----------------------------------------------------------------------

_GROUP_MAKERS = (
    lambda rng, s: f"{rng.choice('123456789')}" * rng.choice((2, 3, 3, 4, 4)) + s,
    lambda rng, s: "X" * rng.choice((2, 3, 4, 4)) + rng.choice(("", "", "+1", "+2")) + s,
    lambda rng, s: "D" * rng.choice((2, 3, 4)) + s,
    lambda rng, s: rng.choice(("2468", "13579", "123", "369", "{year}")) + s,
    lambda rng, s: rng.choice("NEWSZ") * rng.choice((2, 3, 4)),
    lambda rng, s: rng.choice(("FF", "FFFF", "NEWS", "RRR", "GGGG", "000")),
    lambda rng, s: "|".join(rng.sample(("NNN", "EEE", "WWW", "SSS"), 2)),
)


def random_pattern(rng: random.Random, year: int) -> str:
    """A well-formed pattern of 14 tiles, made of random groups (tried until it fits)."""
    while True:
        letters = ("a", "ab", "abc")[rng.randrange(3)]
        groups = []
        for _ in range(rng.randint(3, 6)):
            groups.append(rng.choice(_GROUP_MAKERS)(rng, rng.choice(letters)))
        text = " ".join(groups)
        try:
            pattern = parse_pattern(text, year)
        except PatternError:
            continue
        if not pattern_problems(pattern):
            return text


def generated_card(seed: int = 2027, lines: int = 120) -> Card:
    """A card of random well-formed lines, the same for the same seed."""
    rng = random.Random(seed)
    year = 2027
    entries = []
    for number in range(lines):
        pattern = random_pattern(rng, year)
        entries.append(
            {
                "id": f"G{number + 1}",
                "pattern": pattern,
                "kind": rng.choice("XXXC"),
                "value": rng.choice((25, 30, 35, 40, 50)),
            }
        )
    sections = [
        {"name": f"Section {start // 12 + 1}", "lines": entries[start : start + 12]}
        for start in range(0, lines, 12)
    ]
    data = {
        "format": "nmjl-card 1",
        "name": f"Generated card {seed}",
        "year": year,
        "invented": True,
        "sections": sections,
    }
    return card_from_data(data)


# ---- timing -----------------------------------------------------------------------------------


def _median_ms(function, items) -> float:
    times = []
    for item in items:
        start = time.perf_counter_ns()
        function(item)
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e6


def measure(card: Card, hands: int, seed: int) -> tuple[float, float, int]:
    """Median ms to judge a 14-tile hand, and for tiles needed per line of a 13-tile hand."""
    rng = random.Random(seed)
    full = random_hands(rng, card, hands)
    short = [one_tile_out(rng, hand) for hand in full]
    won = sum(1 for hand in full if winning_line(card, hand) is not None)
    judge = _median_ms(lambda hand: winning_line(card, hand), full)
    needed = _median_ms(lambda hand: tiles_needed_by_line(card, hand), short)
    return judge, needed, won


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    practice = shipped_card(PRACTICE_CARD)
    start = time.perf_counter()
    generated = generated_card()
    made = time.perf_counter() - start
    for card, target_judge, target_needed in (
        (practice, 0.5, 2.0),
        (generated, 1.5, 6.0),
    ):
        start = time.perf_counter()
        instances = sum(len(line.instances) for line in card.lines)
        card.tables  # noqa: B018 - build the index before timing
        built = time.perf_counter() - start
        judge, needed, won = measure(card, args.hands, args.seed)
        print(
            f"{card.name}: {len(card.lines)} lines, {instances} instances "
            f"(tables built in {built * 1000:.0f} ms)\n"
            f"  judge a 14-tile hand:             median {judge:.3f} ms "
            f"(target ≤ {target_judge} ms; {won} of {args.hands} hands won)\n"
            f"  tiles needed, every line, 13 tiles: median {needed:.3f} ms "
            f"(target ≤ {target_needed} ms)"
        )
    print(f"(the 120-line card was generated and checked in {made * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
