"""The table's hands read against the card in force (``mahjong_rules.engine.nmjl.cards``).

A seat's hand for the card is its concealed tiles and its exposures, plus the tile it
called for Mah Jongg while that call stands unracked. Dead-hand grounds from the card count
only *locked* exposures: an exposure still open this turn may change until the discard
(seed 000, seed 003) [54, 55].

The card package is imported late, in each function: it loads the shipped card files when
first imported.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from ..table import Table
from ..tiles import Tile

if TYPE_CHECKING:
    from .cards import Card, CardHand, Line


def card_named(name: str) -> Card | None:
    """The shipped card with this name, or None."""
    from . import cards

    return cards.shipped_card(name)


def known_cards() -> list[str]:
    from . import cards

    return sorted(cards.SHIPPED_CARDS)


def card_in_force(table: Table) -> Card | None:
    """The card in force, as NMJL's Card. The shared table types it by what it reads of it
    (``table.CardInForce``: table.py may not import NMJL), and only NMJL's cards are put
    there (the notation and the scenario language look them up by name)."""
    return cast("Card | None", table.card)


def _card(table: Table) -> Card:
    # For what is read only with a card in force (a Mah Jongg judged by the card, the
    # scenario steps about the card): the card, as card_in_force gives it.
    return cast("Card", table.card)


def called_tile(table: Table, seat: int) -> Tile | None:
    """The tile the seat called for Mah Jongg and has not racked, if any."""
    announced = table.announced
    if announced is not None and announced.seat == seat and announced.discard is not None:
        return None if announced.racked else announced.discard.tile
    return None


def card_hand(table: Table, seat: int, locked_only: bool = False) -> CardHand:
    from . import cards

    hand = table.hands[seat]
    if locked_only:
        hand = replace(hand, exposures=tuple(e for e in hand.exposures if e.locked))
    return cards.CardHand.of_seat(hand, called_tile(table, seat))


def winning_line(table: Table, seat: int) -> tuple[str, int] | None:
    """(line id, value) of the seat's winning line on the card in force, or None."""
    from . import cards

    line = cards.winning_line(_card(table), card_hand(table, seat))
    return (line.id, line.value) if line is not None else None


def locked_exposures_fit_no_line(table: Table, seat: int) -> bool:
    """With a card in force: the seat has locked exposures and they fit no line."""
    if table.card is None:
        return False
    if not any(e.locked for e in table.hands[seat].exposures):
        return False
    from . import cards

    return cards.exposures_fit_no_line(_card(table), card_hand(table, seat, locked_only=True))


def exposures_fit_no_line(table: Table, seat: int) -> bool:
    """All the seat's exposures as they stand, open ones included, fit no line."""
    if not table.hands[seat].exposures:
        return False
    from . import cards

    return cards.exposures_fit_no_line(_card(table), card_hand(table, seat))


def line_of(table: Table, line_id: str) -> Line | None:
    return _card(table).line(line_id)


def matches(table: Table, seat: int, line: Line) -> bool:
    from . import cards

    return cards.matches(line, card_hand(table, seat))


def fits_no_line(table: Table, seat: int) -> bool:
    from . import cards

    return cards.fits_no_line(_card(table), card_hand(table, seat))


def tiles_needed(table: Table, seat: int, line: Line) -> int | None:
    from . import cards

    return cards.tiles_needed(line, card_hand(table, seat))


def cannot_make(table: Table, seat: int, line: Line) -> bool:
    from . import cards

    return cards.cannot_make(line, card_hand(table, seat))


def exposures_fit(table: Table, seat: int, line: Line) -> bool:
    from . import cards

    return cards.exposures_fit(line, card_hand(table, seat))
