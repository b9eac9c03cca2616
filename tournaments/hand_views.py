"""The hand check page for the table (`/hand/`) and its JSON (`/hand/check.json`).

A GET form, so it works on a phone without JavaScript; a small script adds tapping tile
pictures and answers as you go. The card is the one asked for when the reader may see it,
else the chosen tournament's (when the reader may see that card), else the Practice Card.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rulings.engine.cards import PRACTICE_CARD
from rulings.engine.tiles import TILES

from . import access, cards, hand_check
from .models import Tournament

PICKER = list(TILES)  # every tile, in the engine's order (suits, winds, dragons…)


def _tournament(request):
    slug = request.GET.get("tournament", "")[:80]
    if not slug:
        return None
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
            return card, "the card you chose", tournament
        # Never repeat the name asked for: it may be a card this reader may not see.
        why = "the card asked for is not one you may use, so the Practice Card is used"
        return lookup(PRACTICE_CARD), why, tournament
    if tournament is not None:
        name = cards.tournament_card_name(tournament, request.user)
        if name is not None:
            return lookup(name), f"the card of {tournament.name}", tournament
        why = f"{tournament.name} names no card you may see, so the Practice Card is used"
        return lookup(PRACTICE_CARD), why, tournament
    why = "no tournament is chosen, so the Practice Card is used (choose another card below)"
    return lookup(PRACTICE_CARD), why, None


def _answer(request, card):
    tiles = request.GET.get("tiles", "")
    exposures = request.GET.get("exposures", "")
    try:
        return hand_check.check(card, tiles, exposures), None
    except hand_check.HandInputError as error:
        return None, str(error)


def _card_summary(card, why) -> dict:
    return {
        "name": card.name,
        "year": card.year,
        "invented": card.invented,
        "note": card.note,
        "why": why,
    }


def _picker(request, card, tournament, tiles, exposures):
    """(code, link) for each tile: without JavaScript, tapping a tile adds it to the hand."""
    base = {"card": card.name, "exposures": exposures}
    if tournament is not None:
        base["tournament"] = tournament.slug
    return [(code, "?" + urlencode(base | {"tiles": f"{tiles} {code}".strip()})) for code in PICKER]


@require_GET
def hand_page(request):
    card, why, tournament = choose_card(request)
    answer, error = _answer(request, card)
    tiles = request.GET.get("tiles", "")[: hand_check.MAX_INPUT]
    exposures = request.GET.get("exposures", "")[: hand_check.MAX_INPUT]
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
            "picker": _picker(request, card, tournament, tiles, exposures),
        },
    )


@require_GET
def hand_json(request):
    card, why, _ = choose_card(request)
    answer, error = _answer(request, card)
    if error is not None:
        return JsonResponse({"error": error, "card": _card_summary(card, why)}, status=400)
    return JsonResponse(answer | {"card": _card_summary(card, why)})
