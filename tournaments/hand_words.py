"""The hand check's answer in the reader's language.

`hand_check` words its answers in English: it also runs in the browser (Pyodide), where it
may import nothing of Django. The page and its JSON word them here, from what the answer
holds (its verdict, counts and lines), never by translating the English sentence; offline,
hand-check.js words them alike from the page's data-* attributes.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from .hand_check import MAX_INPUT, TILES_IN_A_HAND, HandInputError

ACCEPTED = "7D, 7B, 7C, N, E, S, W, RD, GD, WD, F, J"
ACCEPTED_NAMES = "7 Dots, 7 Bams, 7 Craks, North wind, Red dragon, Soap, Flower, Joker"


def line_kind(kind: str) -> str:
    """ "concealed" / "exposed": a card line's kind in the reader's words."""
    if kind == "concealed":
        return pgettext("card line", "concealed")
    if kind == "exposed":
        return pgettext("card line", "exposed")
    return kind


def message(answer: dict) -> str:
    """The answer's first line ("Mah Jongg: line 3 (2468), worth 25.") from its parts."""
    verdict = answer.get("verdict")
    count = answer.get("count", 0)
    if verdict == "empty":
        return _("Pick or type the tiles to check.")
    if verdict == "exposures":
        if answer.get("dead"):
            return _("No line of this card takes these exposures: the hand is dead.")
        fit = answer.get("exposures_fit", [])
        return ngettext(
            "These exposures still fit %(count)s line: %(ids)s.",
            "These exposures still fit %(count)s lines: %(ids)s.",
            len(fit),
        ) % {"count": len(fit), "ids": ", ".join(fit)}
    if verdict == "mah-jongg":
        line = answer["line"]
        return _("Mah Jongg: line %(id)s (%(section)s), worth %(value)s.") % {
            "id": line["id"],
            "section": line["section"],
            "value": line["value"],
        }
    if verdict == "not-a-hand":
        if count == TILES_IN_A_HAND:
            words = _("Not a hand on this card.")
        else:
            words = _("%(count)s tiles: not yet a hand (a hand has %(hand)s).") % {
                "count": count,
                "hand": TILES_IN_A_HAND,
            }
        if answer.get("dead"):
            words += " " + _("No line takes these exposures: the hand is dead.")
        return words
    return str(answer.get("message", ""))


def worded(answer: dict) -> dict:
    """The answer with its message and its lines' kinds in the reader's language."""
    found = dict(answer, message=message(answer))
    if "line" in found:
        found["line"] = dict(found["line"], kind=line_kind(found["line"].get("kind", "")))
    if "closest" in found:
        found["closest"] = [
            dict(line, kind=line_kind(line.get("kind", ""))) for line in found["closest"]
        ]
    return found


_NOT_A_TILE = re.compile(r'^"(?P<typed>.*)" is not a tile: ', re.DOTALL)
_EMPTY_PLACE = re.compile(r'^"(?P<typed>.*)" has an empty place between commas\.$', re.DOTALL)


def _tile_words(detail: str) -> str:
    """What the rules library said is not a tile, in the reader's words."""
    accepted = _("write a short code (%(codes)s) or a name (%(names)s)") % {
        "codes": ACCEPTED,
        "names": ACCEPTED_NAMES,
    }
    if found := _NOT_A_TILE.match(detail):
        return _('"%(typed)s" is not a tile: %(accepted)s.') % {
            "typed": found["typed"],
            "accepted": accepted,
        }
    if found := _EMPTY_PLACE.match(detail):
        return _('"%(typed)s" has an empty place between commas.') % {"typed": found["typed"]}
    if detail.startswith("A tile is missing"):
        return _("A tile is missing: %(accepted)s.") % {"accepted": accepted}
    if detail.startswith("No tiles given"):
        return _("No tiles given: %(accepted)s.") % {"accepted": accepted}
    return detail


def error_words(error: HandInputError) -> str:
    """Why what was typed cannot be checked, in the reader's language."""
    if error.kind == "too-many":
        return _("That is %(count)s tiles; a hand has %(hand)s (exposures included).") % {
            "count": error.count,
            "hand": TILES_IN_A_HAND,
        }
    if error.kind == "too-long":
        if error.what == "exposures":
            return _("The exposures are too long to read: at most %(count)s characters.") % {
                "count": MAX_INPUT
            }
        return _("The tiles are too long to read: at most %(count)s characters.") % {
            "count": MAX_INPUT
        }
    if error.kind == "not-tiles":
        detail = _tile_words(str(error.detail))
        if error.what == "exposures":
            return _("The exposures: %(detail)s") % {"detail": detail}
        return _("The tiles: %(detail)s") % {"detail": detail}
    return str(error)
