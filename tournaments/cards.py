"""Cards entered on the site: who may see and change them, and the lookup scenario runs get.

Shipped cards (the engine's read-only data) come first and cannot be shadowed: a site card
may not take a shipped card's name. A private card is found only for its tournament's
directors, editors and staff; public pages are given `lookup_for(None)`.
"""

from __future__ import annotations

import functools

from mahjong_rules.engine.nmjl.cards import SHIPPED_CARDS, CardError, load_card, shipped_card

from articles.permissions import is_editor

from . import access
from .models import Card


def can_see(user, card: Card) -> bool:
    return Card.objects.visible_to(user).filter(pk=card.pk).exists()


def can_edit(user, card: Card) -> bool:
    """A League card: editors and staff; a tournament's: those who may edit the tournament."""
    if not user.is_authenticated:
        return False
    if card.owner_id is None:
        return user.is_staff or is_editor(user)
    return access.can_edit(user, card.owner)


def owners_for(user):
    """The tournaments whose cards the user may keep (and whether the League's too)."""
    from .models import Tournament

    if not user.is_authenticated:
        return Tournament.objects.none(), False
    league = user.is_staff or is_editor(user)
    tournaments = Tournament.objects.all() if user.is_staff else user.directed_tournaments.all()
    if not user.is_staff:
        tournaments = [t for t in tournaments if access.can_edit(user, t)]
    return list(tournaments), league


def can_add(user) -> bool:
    tournaments, league = owners_for(user)
    return league or bool(tournaments)


@functools.lru_cache(maxsize=64)
def read(text: str):
    """The engine's card for a stored text (cards are immutable, so one copy serves all)."""
    try:
        return load_card(text)
    except CardError:
        return None  # stored texts were checked on save; an old one that fails finds nothing


def lookup_for(user, everything: bool = False):
    """`lookup(name) -> Card | None` over the shipped cards and the site's cards this user may
    see (None: anyone; `everything`: the command line, which sees all)."""
    cards = Card.objects.all() if everything else Card.objects.visible_to(user)

    def lookup(name):
        card = shipped_card(name)
        if card is not None:
            return card
        text = cards.filter(name=name).values_list("text", flat=True).first()
        return read(text) if text is not None else None

    return lookup


def names_for(user) -> list[str]:
    """Every card name the user may choose: the shipped cards first, then the site's."""
    site = Card.objects.visible_to(user).values_list("name", flat=True)
    return [*sorted(SHIPPED_CARDS), *site]


PRIVATE_NAME = "a private card"


def name_shown_to(user, name: str) -> str:
    """A card's name as `user` may read it on any page (a tournament's history, compare,
    restore): a name that is or was a private card's is shown only to whoever may see that
    card now; anyone else reads "a private card"."""
    if not name or name in SHIPPED_CARDS:
        return name
    if Card.objects.visible_to(user).filter(name=name).exists():
        return name
    ever_private = Card.objects.filter(name=name, private=True).exists()
    if ever_private or Card.history.filter(name=name, private=True).exists():
        return PRIVATE_NAME
    return name


def tournament_card_name(tournament, user) -> str | None:
    """The tournament's card, when it names one this reader may see."""
    name = tournament.card_name
    if not name:
        return None
    return name if lookup_for(user)(name) is not None else None
