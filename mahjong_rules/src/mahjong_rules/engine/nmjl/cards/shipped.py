"""The cards that ship with the engine: only the invented Practice Card 2027.

The real NMJL card is copyrighted and changes every year [108, 113]; a league's or a
tournament's own card is entered privately and read with `load_card`. The shipped file is
the contract's `cards/practice-card-2027.json` byte for byte, as read-only package data.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from .card import Card, load_card

DATA: Final = Path(__file__).with_name("data")
PRACTICE_CARD: Final = "Practice Card 2027"
SHIPPED_FILES: Final = ("practice-card-2027.json",)


class ShippedCard(Card):
    """A card that ships with the package: it pickles as its name, so a table holding it
    pickles small and unpickles to the very same card."""

    def __reduce__(self) -> tuple[Callable[..., Card | None], tuple[object, ...]]:
        if SHIPPED_CARDS.get(self.name) is self:
            return (shipped_card, (self.name,))
        return super().__reduce__()


def _load_all() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for filename in SHIPPED_FILES:
        card = load_card((DATA / filename).read_text(encoding="utf-8"))
        cards[card.name] = ShippedCard(
            card.name, card.year, card.invented, card.sections, card.note
        )
    return cards


# Card name → card, loaded once when the package is imported.
SHIPPED_CARDS: Final[dict[str, Card]] = _load_all()


def shipped_card(name: str) -> Card | None:
    """The shipped card with this name (names are exact), or None."""
    return SHIPPED_CARDS.get(name)
