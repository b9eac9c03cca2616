"""Judging a hand by the card: matches, the winning line, tiles needed, exposures that fit.

Everything follows "Instances and matching" in the scenario language, part two, in its
counting form. For an instance with the seat's exposures set aside, per kind of tile t:
*req(t)* positions, *fixed(t)* of them taking no joker (singles, pairs, block tiles), so
*elig(t) = req(t) − fixed(t)*. The concealed tiles fill it exactly when, for every t,
*fixed(t) ≤ naturals(t) ≤ req(t)*, and the jokers equal *Σ (req(t) − naturals(t))* (m3).
Tiles needed: *e(t) = req(t) − min(naturals(t), req(t))*, and
*n = Σ e(t) − min(jokers, Σ min(elig(t), e(t)))*.

Exposures (m2) take whole groups with the same tile and size. Whole groups with the same
tile and size are interchangeable in the counting form, so giving exposures their groups
is a count check, except for an all-joker exposure with no tile, which may take any whole
group of its size: those choices are tried one by one.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ...tiles import TILES, Tile
from .card import TILES_IN_A_HAND, Card, Line
from .hand import CardHand, ExposedGroup
from .instances import Counts, Exposable, Instance

JOKERS_FROM: Final = 3  # a joker stands only in a same- or x-group of 3 or more [6, 63]


# ---- one instance ------------------------------------------------------------------------


def _set_aside(instance: Instance, exposures: tuple[ExposedGroup, ...]) -> list[Counts]:
    """Each way the instance's counts may look with the exposures' groups set aside (m2):
    a list of ``((kind, req, fixed), …)``; empty when the instance cannot take them."""
    if not exposures:
        return [instance.counts]
    wanted: Counter[tuple[int, int]] = Counter()
    wild: list[int] = []
    for exposure in exposures:
        if exposure.mixed or (exposure.jokers and exposure.size < JOKERS_FROM):
            return []
        if exposure.kind is None:
            wild.append(exposure.size)
        else:
            wanted[(exposure.kind, exposure.size)] += 1
    exposable = instance.exposable
    for key, count in wanted.items():
        if exposable.get(key, 0) < count:
            return []
    if not wild:
        return [_without(instance.counts, wanted)]
    ways = []
    for chosen in _wild_choices(exposable, wanted, wild):
        ways.append(_without(instance.counts, chosen))
    return list(dict.fromkeys(ways))


def _wild_choices(
    exposable: Exposable, wanted: Counter[tuple[int, int]], wild: list[int]
) -> Iterator[Counter[tuple[int, int]]]:
    """Every way to give the all-joker exposures whole groups left over (3 or more tiles)."""
    options = []
    for size in wild:
        if size < JOKERS_FROM:
            return
        options.append([key for key in exposable if key[1] == size])
    for keys in itertools.product(*options):
        chosen = wanted + Counter(keys)
        if all(exposable.get(key, 0) >= count for key, count in chosen.items()):
            yield chosen


def _without(counts: Counts, taken: Counter[tuple[int, int]]) -> Counts:
    left = {kind: [req, fixed] for kind, req, fixed in counts}
    for (kind, size), times in taken.items():
        left[kind][0] -= size * times
        if size < JOKERS_FROM:
            left[kind][1] -= size * times
    return tuple((kind, req, fixed) for kind, (req, fixed) in sorted(left.items()) if req)


def _fills(counts: Counts, naturals: dict[int, int], jokers: int) -> bool:
    """The concealed tiles fill these positions exactly (m3)."""
    held = 0
    for kind, req, fixed in counts:
        natural = naturals.get(kind, 0)
        if natural < fixed or natural > req:
            return False
        held += natural
        jokers -= req - natural
    return jokers == 0 and held == sum(naturals.values())


def _missing(counts: Counts, naturals: dict[int, int], jokers: int) -> int:
    """Positions left empty when the naturals and then the jokers fill what they can."""
    missing = 0
    room = 0
    for kind, req, fixed in counts:
        natural = naturals.get(kind, 0)
        if natural < req:
            empty = req - natural
            missing += empty
            eligible = req - fixed
            room += empty if empty < eligible else eligible
    return missing - (jokers if jokers < room else room)


def _empty_positions(
    counts: Counts, naturals: dict[int, int], jokers: int
) -> tuple[list[tuple[int, int, int]], int]:
    """The kinds of the positions the naturals leave empty, as ``(kind, empty, eligible)``,
    and how many of them the jokers fill (at most the eligible empty positions)."""
    empties = []
    room = 0
    for kind, req, fixed in counts:
        natural = naturals.get(kind, 0)
        if natural < req:
            empty = req - natural
            eligible = min(empty, req - fixed)
            empties.append((kind, empty, eligible))
            room += eligible
    return empties, min(jokers, room)


def _takes(line: Line, hand: CardHand) -> bool:
    """m4: a concealed line takes no exposure [38, 109]."""
    return not (line.concealed and hand.exposures)


# ---- one line ----------------------------------------------------------------------------


def matching_instance(line: Line, hand: CardHand) -> Instance | None:
    """The first instance of the line the hand matches (m1–m4), or None."""
    if hand.count != TILES_IN_A_HAND or hand.unnamed or not _takes(line, hand):
        return None
    naturals = hand.naturals()
    jokers = hand.jokers
    for instance in line.instances:
        if _instance_matches(instance, hand, naturals, jokers):
            return instance
    return None


def matches_instance(instance: Instance, hand: CardHand) -> bool:
    """The hand matches this one instance (m1–m3; the line's kind, m4, is not known here)."""
    if hand.count != TILES_IN_A_HAND or hand.unnamed:
        return False
    return _instance_matches(instance, hand, hand.naturals(), hand.jokers)


def _instance_matches(
    instance: Instance, hand: CardHand, naturals: dict[int, int], jokers: int
) -> bool:
    return any(_fills(counts, naturals, jokers) for counts in _set_aside(instance, hand.exposures))


def matches(line: Line, hand: CardHand) -> bool:
    """The hand matches the line: at least one instance (m1–m4)."""
    return matching_instance(line, hand) is not None


def tiles_needed(line: Line, hand: CardHand) -> int | None:
    """The fewest tiles the seat still needs for the line; None when it cannot make it."""
    return _needed(line, hand, hand.naturals(), hand.jokers)


def _needed(line: Line, hand: CardHand, naturals: dict[int, int], jokers: int) -> int | None:
    if not _takes(line, hand):
        return None
    if not hand.exposures:
        return _fewest_missing(line, naturals, jokers, _at_least(hand))
    best: int | None = None
    for instance in _taking_exposures(line, hand):
        for counts in _set_aside(instance, hand.exposures):
            needed = _missing(counts, naturals, jokers)
            if best is None or needed < best:
                best = needed
    return best


def _taking_exposures(line: Line, hand: CardHand) -> list[Instance]:
    """The instances that may take the exposures: those with a whole group like the one
    of the exposures that fewest instances have (all of them, for all-joker exposures)."""
    keys = [(e.kind, e.size) for e in hand.exposures if e.kind is not None and not e.mixed]
    if any(e.mixed for e in hand.exposures):
        return []
    if not keys:
        return list(line.instances)
    with_group = line.tables.with_group
    rarest = min((with_group.get(key, ()) for key in keys), key=len)
    return [line.instances[index] for index in rarest]


def _at_least(hand: CardHand) -> int:
    """No line needs fewer tiles than the positions the named tiles cannot cover."""
    return max(0, TILES_IN_A_HAND - len(hand.concealed) - sum(e.size for e in hand.exposures))


def _fewest_missing(line: Line, naturals: dict[int, int], jokers: int, floor: int) -> int:
    """`_missing` at its least over the line's instances, for a seat with no exposure.

    The hot path of tiles needed, so it works from the hand's kinds (`indexes.LineTables`): with
    *m(t) = min(naturals(t), req(t))*, an instance misses *14 − Σ m(t)* tiles before
    jokers, and its joker room is *Σ elig(t) − Σ max(0, m(t) − fixed(t))*. Only the
    instances sharing a kind with the hand are visited one by one; of the others, the
    one with the most joker room is the best.
    """
    tables = line.tables
    overlap: dict[int, int] = {}
    by_kind = tables.by_kind
    if not jokers:
        for kind, natural in naturals.items():
            for index, req, _fixed in by_kind.get(kind, ()):
                overlap[index] = overlap.get(index, 0) + (natural if natural < req else req)
        return TILES_IN_A_HAND - max(overlap.values(), default=0)
    excess: dict[int, int] = {}
    for kind, natural in naturals.items():
        for index, req, fixed in by_kind.get(kind, ()):
            kept = natural if natural < req else req
            overlap[index] = overlap.get(index, 0) + kept
            if kept > fixed:
                excess[index] = excess.get(index, 0) + kept - fixed
    room_of = tables.joker_room
    best = TILES_IN_A_HAND
    for index, kept in overlap.items():
        room = room_of[index] - excess.get(index, 0)
        needed = TILES_IN_A_HAND - kept - (jokers if jokers < room else room)
        if needed < best:
            best = needed
            if best <= floor:
                return best
    for index in tables.most_room_first:
        if index not in overlap:
            room = room_of[index]
            needed = TILES_IN_A_HAND - (jokers if jokers < room else room)
            return needed if needed < best else best
    return best


_TILE_OF_KIND: Final[dict[int, Tile]] = {tile.order: tile for tile in TILES.values()}


@dataclass(frozen=True)
class StillNeeded:
    """Which tiles a seat still needs for a line, read from its closest instance.

    `tiles` are the natural tiles to come, as many as `tiles_needed` counts: the jokers held
    already stand in empty places that take a joker (groups of three or more), in tile
    order; another choice of places gives other tiles, never more. `jokers_may_stand_for`
    are those of `tiles` whose place a joker drawn later could take instead (none for a
    single's or a pair's).
    `instance` is the closest instance, whose `describe()` names its suits, x and wind."""

    tiles: tuple[Tile, ...]
    jokers_may_stand_for: tuple[Tile, ...]
    instance: Instance


def still_needed(line: Line, hand: CardHand) -> StillNeeded | None:
    """The tiles the seat still needs for the line (from the first instance needing the
    fewest, in card order); None when it cannot make the line."""
    if not _takes(line, hand):
        return None
    naturals = hand.naturals()
    jokers = hand.jokers
    best: tuple[int, Counts, Instance] | None = None
    candidates: Sequence[Instance] = (
        _taking_exposures(line, hand) if hand.exposures else line.instances
    )
    for instance in candidates:
        for counts in _set_aside(instance, hand.exposures):
            needed = _missing(counts, naturals, jokers)
            if best is None or needed < best[0]:
                best = (needed, counts, instance)
    if best is None:
        return None
    _needed_count, counts, instance = best
    empties, joker_fills = _empty_positions(counts, naturals, jokers)
    tiles: list[Tile] = []
    may_stand: list[Tile] = []
    for kind, empty, eligible in empties:
        # The held jokers fill eligible positions in tile order; what is left is to come.
        filled = min(eligible, joker_fills)
        joker_fills -= filled
        tile = _TILE_OF_KIND[kind]
        tiles.extend([tile] * (empty - filled))
        if eligible > filled:
            may_stand.append(tile)
    return StillNeeded(tuple(tiles), tuple(may_stand), instance)


def exposures_fit(line: Line, hand: CardHand) -> bool:
    """Some instance takes all the seat's exposures as whole, distinct groups (m2, m4)."""
    if not hand.exposures:
        return True
    if line.concealed:
        return False
    return any(_set_aside(instance, hand.exposures) for instance in _taking_exposures(line, hand))


def cannot_make(line: Line, hand: CardHand) -> bool:
    """No instance of the line takes the seat's exposures (or a C line and it has exposed)."""
    return not exposures_fit(line, hand)


# ---- the whole card ----------------------------------------------------------------------


def matching_lines(card: Card, hand: CardHand) -> list[Line]:
    """Every line the hand matches, in card order."""
    if hand.count != TILES_IN_A_HAND or hand.unnamed:
        return []
    naturals = hand.naturals()
    jokers = hand.jokers
    kinds = set(naturals) | {e.kind for e in hand.exposures if e.kind is not None}
    found: set[str] = set()
    for line, instance in card.tables.candidates(kinds):
        if line.id in found or not _takes(line, hand):
            continue
        if _instance_matches(instance, hand, naturals, jokers):
            found.add(line.id)
    return [line for line in card.lines if line.id in found]


def winning_line(card: Card, hand: CardHand) -> Line | None:
    """The matching line of highest value, the earlier on the card if two tie; or None."""
    lines = matching_lines(card, hand)
    return max(lines, key=lambda line: (line.value, -line.position)) if lines else None


def fits_no_line(card: Card, hand: CardHand) -> bool:
    """The hand matches no line of the card (a hand of other than 14 tiles matches none)."""
    return not matching_lines(card, hand)


def tiles_needed_by_line(card: Card, hand: CardHand) -> dict[str, int | None]:
    """For every line, in card order: tiles needed, or None where the seat cannot make it."""
    naturals = hand.naturals()
    jokers = hand.jokers
    return {line.id: _needed(line, hand, naturals, jokers) for line in card.lines}


def lines_exposures_fit(card: Card, hand: CardHand) -> list[Line]:
    """The lines that take all the seat's exposures (every line when it has none)."""
    return [line for line in card.lines if exposures_fit(line, hand)]


def exposures_fit_no_line(card: Card, hand: CardHand) -> bool:
    """The seat's exposures fit none of the card's lines [61] (never, with no exposure)."""
    return bool(hand.exposures) and not lines_exposures_fit(card, hand)
