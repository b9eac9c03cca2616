"""The rules library's fixed words as a reader reads them, in the page's language.

The library (`mahjong_rules`) is pure Python and stays English: its verdict words, a check's
state, seats and tile names are its own fixed words. The site translates them here, by what
they are (a verdict, a status, a seat, a tile code), never by matching English text; the
library's English is what the API and the scenario language keep.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy
from mahjong_rules.engine.tiles import TILES
from mahjong_rules.scenarios.results import Status

# "Allowed" / "Not allowed" for an engine verdict ("allowed" / "refused").
VERDICT_WORDS = {"allowed": _("Allowed"), "refused": _("Not allowed")}

# A ruling's verdict (articles.Ruling.Verdict's values) in a reader's words.
RULING_VERDICT_WORDS = {
    "allowed": _("Allowed"),
    "not_allowed": _("Not allowed"),
    "dead": _("The hand is dead"),
}

# A check's state as a reader reads it (the library's plain.STATE_WORDS, translated).
STATE_WORDS = {
    Status.PASSED: pgettext_lazy("check state", "confirmed"),
    Status.DIFFERS: pgettext_lazy("check state", "ruled differently"),
    Status.SKIPPED: pgettext_lazy("check state", "not checked"),
    Status.UNDEFINED: pgettext_lazy("check state", "not yet checkable"),
    Status.FAILED: pgettext_lazy("check state", "the rules say otherwise"),
    Status.PARSE_ERROR: pgettext_lazy("check state", "cannot be read"),
}

# The seats in turn order, as the library names them (engine.table.SEATS).
SEAT_WORDS = {
    "East": pgettext_lazy("seat", "East"),
    "South": pgettext_lazy("seat", "South"),
    "West": pgettext_lazy("seat", "West"),
    "North": pgettext_lazy("seat", "North"),
}

# Tile names, by code: the suits' names after the rank, the rest whole.
SUIT_NAMES = {
    "D": pgettext_lazy("tile suit", "Dots"),
    "B": pgettext_lazy("tile suit", "Bams"),
    "C": pgettext_lazy("tile suit", "Craks"),
}
HONOUR_NAMES = {
    "E": pgettext_lazy("tile", "East wind"),
    "S": pgettext_lazy("tile", "South wind"),
    "W": pgettext_lazy("tile", "West wind"),
    "N": pgettext_lazy("tile", "North wind"),
    "RD": pgettext_lazy("tile", "Red dragon"),
    "GD": pgettext_lazy("tile", "Green dragon"),
    "WD": pgettext_lazy("tile", "White dragon"),
    "F": pgettext_lazy("tile", "Flower"),
    "J": pgettext_lazy("tile", "Joker"),
}


def verdict_word(verdict: str | None) -> str:
    """ "Allowed" / "Not allowed" in the reader's language; "" for no verdict."""
    word = VERDICT_WORDS.get(str(verdict or ""))
    return str(word) if word is not None else ""


def ruling_verdict_words(value: str | None) -> str:
    """A ruling's verdict ("not_allowed") in the reader's words ("Not allowed"); "" for none."""
    word = RULING_VERDICT_WORDS.get(str(value or ""))
    return str(word) if word is not None else ""


def state_word(status) -> str:
    """A check's status (a `Status` or its stored value) in the reader's words."""
    try:
        found = STATE_WORDS.get(Status(str(status)))
    except ValueError:
        found = None
    return str(found if found is not None else STATE_WORDS[Status.SKIPPED])


def states_summary(statuses: Iterable[str]) -> str:
    """ "9 checks, all confirmed", or "9 checks: 8 confirmed, 1 not yet checkable" (as the
    library's plain.states_summary, in the reader's language)."""
    every = [Status(str(s)) for s in statuses]
    n = len(every)
    if every and all(s in (Status.PASSED, Status.DIFFERS) for s in every):
        return ngettext("%(count)s check, all confirmed", "%(count)s checks, all confirmed", n) % {
            "count": n
        }
    confirmed = sum(1 for s in every if s in (Status.PASSED, Status.DIFFERS))
    counts = [f"{confirmed} {STATE_WORDS[Status.PASSED]}"] if confirmed else []
    for status in Status:
        count = sum(1 for s in every if s is status)
        if count and status not in (Status.PASSED, Status.DIFFERS):
            counts.append(f"{count} {STATE_WORDS[status]}")
    if not counts:
        return ngettext("%(count)s check", "%(count)s checks", n) % {"count": n}
    # One string each, none inside another (a state's word is counted in `counts`).
    return ngettext("%(count)s check: %(counts)s", "%(count)s checks: %(counts)s", n) % {
        "count": n,
        "counts": ", ".join(counts),
    }


def seat_word(seat: str | int) -> str:
    """A seat ("East", or its index in turn order) in the reader's language."""
    names = list(SEAT_WORDS)
    key = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)
    word = SEAT_WORDS.get(key.capitalize())
    return str(word) if word is not None else str(seat)


def tile_name(code: str) -> str:
    """The name readers see for a tile code, in their language: "7 Dots" / "7 Cirkels"."""
    code = str(code).strip().upper()
    tile = TILES.get(code)
    if tile is None:
        return code
    if tile.suit:
        return pgettext("tile name: rank and suit", "%(rank)s %(suit)s") % {
            "rank": tile.rank,
            "suit": SUIT_NAMES[tile.suit],
        }
    return str(HONOUR_NAMES.get(code, tile.name))
