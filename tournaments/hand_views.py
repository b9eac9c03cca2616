"""The hand check page for the table (`/hand/`) and its JSON (`/hand/check.json`).

A GET form, so it works on a phone without JavaScript (each tile of the keyboard and of the
hand is a link that adds or takes out that tile); hand-check.js makes the page one for a
thumb: tile buttons, undo, clear, an expose mode, and the answer after every tap from the
JSON. The card is the one asked for when the reader may see it, else the tournament's (the
one in the address, else the reader's chosen tournament; when the reader may see its card),
else the Practice Card: at a tournament the card is chosen once, with the tournament.
"""

from __future__ import annotations

from urllib.parse import urlencode

from csp.decorators import csp_update
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from mahjong_rules.engine.nmjl.cards import PRACTICE_CARD
from mahjong_rules.engine.tiles import TILES

from . import access, cards, hand_check, hand_engine, hand_words
from .chosen import chosen_tournament
from .models import Tournament

PICKER = list(TILES)  # every tile, in the engine's order (suits, winds, dragons…)


def _tournament(request):
    slug = request.GET.get("tournament", "")[:80]
    if not slug:
        return chosen_tournament(request)
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not access.can_view(request.user, tournament):
        return None
    return tournament


def choose_card(request):
    """(card, why, tournament): the card to judge by and, in words, why it is that one."""
    lookup = cards.lookup_for(request.user)
    asked = request.GET.get("card", "")[:200]
    tournament = _tournament(request)
    if asked:
        card = lookup(asked)
        if card is not None:
            return card, _("the card you chose"), tournament
        # Never repeat the name asked for: it may be a card this reader may not see.
        why = _("the card asked for is not one you may use, so the Practice Card is used")
        return lookup(PRACTICE_CARD), why, tournament
    if tournament is not None:
        name = cards.tournament_card_name(tournament, request.user)
        if name is not None:
            return lookup(name), _("the card of %(name)s") % {"name": tournament.name}, tournament
        why = _("%(name)s names no card you may see, so the Practice Card is used") % {
            "name": tournament.name
        }
        return lookup(PRACTICE_CARD), why, tournament
    why = _("no tournament is chosen, so the Practice Card is used (choose another card below)")
    return lookup(PRACTICE_CARD), why, None


def _answer(request, card):
    """(answer, None) or (None, why not), in the reader's language (`hand_words`)."""
    try:
        answer = hand_check.check(
            card, request.GET.get("tiles", ""), request.GET.get("exposures", "")
        )
    except hand_check.HandInputError as error:
        return None, hand_words.error_words(error)
    return hand_words.worded(answer), None


def _card_summary(card, why) -> dict:
    return {
        "name": card.name,
        "year": card.year,
        "invented": card.invented,
        "note": card.note,
        "why": why,
    }


def _base_query(card, tournament) -> dict:
    base = {"card": card.name}
    if tournament is not None:
        base["tournament"] = tournament.slug
    return base


def _picker(base, tiles, exposures):
    """(code, link) for each tile: without JavaScript, tapping a tile adds it to the hand."""
    base = base | {"exposures": exposures}
    return [(code, "?" + urlencode(base | {"tiles": f"{tiles} {code}".strip()})) for code in PICKER]


def _hand_links(base, answer):
    """The hand as read, each tile (concealed) and each exposure with the link that takes it
    out: (concealed [(code, link)], exposures [(codes, link)]). Empty when unread."""
    if answer is None:
        return [], []
    concealed, groups = answer["tiles"], answer["exposures"]

    def link(kept_tiles, kept_groups):
        exposures = "; ".join(" ".join(group) for group in kept_groups)
        return "?" + urlencode(base | {"tiles": " ".join(kept_tiles), "exposures": exposures})

    tiles = [
        (code, link(concealed[:i] + concealed[i + 1 :], groups)) for i, code in enumerate(concealed)
    ]
    exposed = [
        (group, link(concealed, groups[:i] + groups[i + 1 :])) for i, group in enumerate(groups)
    ]
    return tiles, exposed


# Pyodide compiles WebAssembly: allowed on this page only, and still no eval of JavaScript.
@require_GET
@csp_update({"script-src": ["'wasm-unsafe-eval'"]})
def hand_page(request):
    card, why, tournament = choose_card(request)
    answer, error = _answer(request, card)
    tiles = request.GET.get("tiles", "")[: hand_check.MAX_INPUT]
    exposures = request.GET.get("exposures", "")[: hand_check.MAX_INPUT]
    base = _base_query(card, tournament)
    hand_tiles, hand_exposures = _hand_links(base, answer)
    return render(
        request,
        "tournaments/hand_check.html",
        {
            "card": card,
            "why": why,
            "tournament": tournament,
            "answer": answer,
            "error": error,
            "tiles": tiles,
            "exposures": exposures,
            "card_names": cards.names_for(request.user),
            "picker": _picker(base, tiles, exposures),
            "hand_tiles": hand_tiles,
            "hand_exposures": hand_exposures,
            "engine": hand_engine.engine_urls(),
            "card_query": urlencode(base),
        },
    )


@require_GET
def hand_json(request):
    card, why, _ = choose_card(request)
    answer, error = _answer(request, card)
    if error is not None:
        return JsonResponse({"error": error, "card": _card_summary(card, why)}, status=400)
    return JsonResponse(answer | {"card": _card_summary(card, why)})


@require_GET
def card_json(request):
    """The card the page judges by, for the engine in the browser (`hand_engine.kept_card`)."""
    card, _, _ = choose_card(request)
    response = JsonResponse(hand_engine.kept_card(request, card))
    response["Cache-Control"] = "no-store"
    return response
