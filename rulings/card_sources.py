"""Which cards a scenario run on the site may use, as a lookup the runner is given.

`rulings` knows only the shipped cards; cards entered on the site belong to a higher app
(`tournaments`), which registers a provider here when it is ready. A provider takes a user
(None: a public page, whoever reads it) and gives `lookup(name) -> Card | None` over the
cards that reader may see. Public pages always use `public_lookup()`, so no verdict shown
to the public depends on a private card.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable

from mahjong_rules.engine.nmjl.cards import shipped_card

CardLookup = Callable[[str], object]

_provider: Callable[[object], CardLookup] | None = None

# What `Given the card "<name>"` names, wherever it stands in a text (And/But/Given).
_CARD_STEP = re.compile(r'\bthe card "([^"\n]*)"')


def register(provider: Callable[[object], CardLookup]) -> None:
    """Install the provider of the site's cards (called by the app that keeps them)."""
    global _provider
    _provider = provider


def lookup_for(user) -> CardLookup:
    """The cards this user may see (None: anyone); the shipped cards when no app keeps more."""
    if _provider is None:
        return shipped_card
    return _provider(user)


def public_lookup() -> CardLookup:
    return lookup_for(None)


def names_in(text: str) -> list[str]:
    """Every card name the text asks for, in order, once each."""
    return list(_names_in(text))


@functools.lru_cache(maxsize=1024)
def _names_in(text: str) -> tuple[str, ...]:
    # A page asks for every text's result keys several times, and the pattern is slow on a
    # text of kilobytes; most texts name no card, which a plain search says at once.
    if 'the card "' not in text:
        return ()
    return tuple(dict.fromkeys(_CARD_STEP.findall(text)))


# Cards are immutable and long-lived (shipped ones for the process, site ones per text), so
# each one's digest is kept by identity: pages ask for it for every text on every render.
_DIGESTS: dict[int, tuple[object, str]] = {}
_DIGESTS_KEPT = 256


def card_digest(card) -> str:
    """A hash of everything about a card that can change a ruling (None: no such card)."""
    if card is None:
        return "none"
    kept = _DIGESTS.get(id(card))
    if kept is not None and kept[0] is card:
        return kept[1]
    if len(_DIGESTS) >= _DIGESTS_KEPT:
        _DIGESTS.clear()
    digest = _digest(card)
    _DIGESTS[id(card)] = (card, digest)
    return digest


def _digest(card) -> str:
    content = [
        card.name,
        card.year,
        card.invented,
        [
            [section.name, [[ln.id, ln.pattern, ln.kind, ln.value, ln.x] for ln in section.lines]]
            for section in card.sections
        ],
    ]
    return hashlib.sha256(json.dumps(content, default=list).encode("utf-8")).hexdigest()


def digests_for(text: str, lookup: CardLookup) -> tuple:
    """(name, digest) of each card the text names, as this lookup finds it."""
    return tuple((name, card_digest(lookup(name))) for name in names_in(text))
