"""Card pages: the cards a reader may see, one card, and adding or changing one.

Every check is on the server: a private card is a 404 to anyone who may not see it, and
only its keepers (the tournament's directors, or editors for a League card) may change it.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from rulings.engine.cards import SHIPPED_CARDS

from . import cards
from .card_forms import LEAGUE, CardForm
from .models import Card


def _shipped():
    return [(slugify(name), card) for name, card in sorted(SHIPPED_CARDS.items())]


@require_GET
def card_list(request):
    visible = Card.objects.visible_to(request.user).select_related("owner")
    return render(
        request,
        "tournaments/card_list.html",
        {"cards": visible, "shipped": _shipped(), "can_add": cards.can_add(request.user)},
    )


def _visible_card(request, pk):
    card = get_object_or_404(Card.objects.select_related("owner"), pk=pk)
    if not cards.can_see(request.user, card):
        raise Http404("No such card.")
    return card


@require_GET
def card_detail(request, pk):
    card = _visible_card(request, pk)
    return render(
        request,
        "tournaments/card_detail.html",
        {
            "record": card,
            "card": cards.read(card.text),
            "can_edit": cards.can_edit(request.user, card),
            "history": card.history.select_related("history_user")[:20],
        },
    )


@require_GET
def shipped_card_detail(request, slug):
    for card_slug, card in _shipped():
        if card_slug == slug:
            return render(
                request,
                "tournaments/card_detail.html",
                {"record": None, "card": card, "can_edit": False, "history": []},
            )
    raise Http404("No such card.")


@login_required
@require_http_methods(["GET", "POST"])
def card_edit(request, pk=None):
    """Add (no pk) or change a card: paste or upload its file; errors at their lines."""
    record = _visible_card(request, pk) if pk else None
    if record is not None and not cards.can_edit(request.user, record):
        raise PermissionDenied("Only this card's keepers may change it.")
    tournaments, league = cards.owners_for(request.user)
    if record is None and not (league or tournaments):
        raise PermissionDenied("Cards are kept by editors and tournament directors.")
    if record is not None and record.owner is not None and record.owner not in tournaments:
        tournaments = [record.owner, *tournaments]
    initial = None
    if record is not None:
        initial = {
            "text": record.text,
            "owner": str(record.owner_id) if record.owner_id else LEAGUE,
            "private": record.private,
        }
    form = CardForm(
        request.POST or None,
        request.FILES or None,
        initial=initial,
        tournaments=tournaments,
        league=league or (record is not None and record.owner_id is None),
        card=record,
    )
    if request.method == "POST" and form.is_valid():
        record = record or Card()
        record.name = form.parsed.name
        record.text = form.cleaned_data["text"]
        record.owner = form.cleaned_data["owner_tournament"]
        record.private = form.cleaned_data["private"]
        record._change_reason = form.cleaned_data["summary"][:100] or None
        record.save()
        messages.success(request, f"Saved the card “{record.name}”.")
        return redirect(record)
    numbered, unplaced = form.numbered_lines() if form.is_bound else ([], [])
    if form.is_bound:
        # Keep what the user typed, or the file they uploaded, in the text box.
        data = request.POST.copy()
        data["text"] = form.cleaned_data.get("text", data.get("text", ""))
        form.data = data
    return render(
        request,
        "tournaments/card_form.html",
        {"form": form, "record": record, "numbered": numbered, "unplaced": unplaced},
    )
