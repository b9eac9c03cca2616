"""A card's history pages: the list of versions, compare two, restore one.

Whoever may see the card reads its history (a private card's is a 404 to anyone else, as
the card itself is); restoring is changing it, so only its keepers may.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from versions.failures import save_whole
from versions.saving import posted_version
from versions.timeline import chosen_pair

from . import card_history as card_history_of
from . import card_views, cards


def _history_context(request, card, **extra):
    return {
        "label": f"Card “{card.name}”",
        "page_url": card.get_absolute_url(),
        "history_url": reverse("cards:card-history", args=[card.pk]),
        "compare_url": reverse("cards:card-compare", args=[card.pk]),
        "edit_url": reverse("cards:card-edit", args=[card.pk]),
        "may_restore": cards.can_edit(request.user, card),
        **extra,
    }


@require_GET
def card_history(request, pk):
    """Whoever may see the card reads its history (a private card's is a 404 to others)."""
    card = card_views.visible_card(request, pk)
    records = card_history_of.records_of(card)
    versions = card_history_of.versions_of(card, records)
    context = _history_context(request, card, versions=list(reversed(versions)))
    return render(request, "history/history.html", context)


@require_GET
def card_compare(request, pk):
    card = card_views.visible_card(request, pk)
    records = card_history_of.records_of(card)
    pair = chosen_pair(request.GET, len(records))
    if pair is None:
        messages.error(request, "Choose two versions to compare.")
        return redirect("cards:card-history", card.pk)
    versions = card_history_of.versions_of(card, records)
    a, b = pair
    parts = card_history_of.parts_between(records[a - 1], records[b - 1])
    context = _history_context(
        request, card, older=versions[a - 1], newer=versions[b - 1], parts=parts
    )
    return render(request, "history/compare.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def card_restore(request, pk, number):
    card = card_views.visible_card(request, pk)
    if not cards.can_edit(request.user, card):
        raise PermissionDenied("Only this card's keepers may restore it.")
    records = card_history_of.records_of(card)
    if not 0 < number <= len(records):
        raise Http404("No such version of this card.")
    record = records[number - 1]
    tournaments, league = cards.owners_for(request.user)
    keeps = league if record.owner_id is None else record.owner_id in {t.pk for t in tournaments}
    if not keeps and record.owner_id != card.owner_id:
        raise PermissionDenied("That version is kept by someone you may not keep cards for.")
    stale = False
    if request.method == "POST":
        try:
            attempt = save_whole(
                lambda: card_history_of.restore(card, record, number, posted_latest(request.POST)),
                what="restoring a card",
            )
        except card_history_of.NotRestored as refusal:
            messages.error(request, f"Version {number} cannot be restored now: {refusal}")
            return redirect("cards:card-history", card.pk)
        if not attempt.saved:
            messages.error(request, attempt.problem)
            return redirect("cards:card-history", card.pk)
        if attempt.value is not None:
            if attempt.value:
                messages.success(request, f"Version {number} was restored as a new version.")
            else:
                messages.info(request, f"The card is already version {number}'s; nothing saved.")
            return redirect("cards:card-history", card.pk)
        stale = True  # someone saved after the page was shown: show what restoring does now
        card.refresh_from_db()
        records = card_history_of.records_of(card)
    versions = card_history_of.versions_of(card, records)
    context = _history_context(
        request,
        card,
        version=versions[number - 1],
        parts=card_history_of.parts_between(card, record),
        latest=records[-1].history_id,
        stale=stale,
    )
    return render(request, "history/restore.html", context, status=409 if stale else 200)


def posted_latest(data):
    """The version the restore page showed (its `latest` field), or None if unreadable."""
    return posted_version({"base_version": data.get("latest", "")})
