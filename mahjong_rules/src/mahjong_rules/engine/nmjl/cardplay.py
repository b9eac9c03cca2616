"""The table's hands read against the card in force (``mahjong_rules.engine.nmjl.cards``).

A seat's hand for the card is its concealed tiles and its exposures, plus the tile it
called for Mah Jongg while that call stands unracked. Dead-hand grounds from the card count
only *locked* exposures: an exposure still open this turn may change until the discard
(seed 000, seed 003) [54, 55].
"""

from __future__ import annotations

from dataclasses import replace

from ..table import Table


def _cards():
    # Imported late: the card package loads the shipped card files when first imported.
    from . import cards

    return cards


def card_named(name: str):
    """The shipped card with this name, or None."""
    return _cards().shipped_card(name)


def known_cards() -> list[str]:
    return sorted(_cards().SHIPPED_CARDS)


def called_tile(table: Table, seat: int):
    """The tile the seat called for Mah Jongg and has not racked, if any."""
    announced = table.announced
    if announced is not None and announced.seat == seat and announced.discard is not None:
        return None if announced.racked else announced.discard.tile
    return None


def card_hand(table: Table, seat: int, locked_only: bool = False):
    hand = table.hands[seat]
    if locked_only:
        hand = replace(hand, exposures=tuple(e for e in hand.exposures if e.locked))
    return _cards().CardHand.of_seat(hand, called_tile(table, seat))


def winning_line(table: Table, seat: int):
    """(line id, value) of the seat's winning line on the card in force, or None."""
    line = _cards().winning_line(table.card, card_hand(table, seat))
    return (line.id, line.value) if line is not None else None


def locked_exposures_fit_no_line(table: Table, seat: int) -> bool:
    """With a card in force: the seat has locked exposures and they fit no line."""
    if table.card is None:
        return False
    if not any(e.locked for e in table.hands[seat].exposures):
        return False
    return _cards().exposures_fit_no_line(table.card, card_hand(table, seat, locked_only=True))


def exposures_fit_no_line(table: Table, seat: int) -> bool:
    """All the seat's exposures as they stand, open ones included, fit no line."""
    if not table.hands[seat].exposures:
        return False
    return _cards().exposures_fit_no_line(table.card, card_hand(table, seat))


def line_of(table: Table, line_id: str):
    return table.card.line(line_id)


def matches(table: Table, seat: int, line) -> bool:
    return _cards().matches(line, card_hand(table, seat))


def fits_no_line(table: Table, seat: int) -> bool:
    return _cards().fits_no_line(table.card, card_hand(table, seat))


def tiles_needed(table: Table, seat: int, line) -> int | None:
    return _cards().tiles_needed(line, card_hand(table, seat))


def cannot_make(table: Table, seat: int, line) -> bool:
    return _cards().cannot_make(line, card_hand(table, seat))


def exposures_fit(table: Table, seat: int, line) -> bool:
    return _cards().exposures_fit(line, card_hand(table, seat))
