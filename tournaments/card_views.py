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
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from mahjong_rules.engine.nmjl.cards import SHIPPED_CARDS

from versions.editing import saved_message
from versions.failures import save_whole
from versions.saving import REASON_LENGTH, open_for_editing

from . import cards, saving
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


def visible_card(request, pk):
    card = get_object_or_404(Card.objects.select_related("owner"), pk=pk)
    if not cards.can_see(request.user, card):
        raise Http404("No such card.")
    return card


@require_GET
def card_detail(request, pk):
    card = visible_card(request, pk)
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
    """Add (no pk) or change a card: paste or upload its file; errors at their lines.

    A change is saved as every editable model is (`saving.save_card`): checked against the
    version the form started from, merged with an edit saved meanwhile, or shown again with
    both texts (409) when the two edits meet."""
    record = visible_card(request, pk) if pk else None
    if record is not None and not cards.can_edit(request.user, record):
        raise PermissionDenied("Only this card's keepers may change it.")
    tournaments, league = cards.owners_for(request.user)
    if record is None and not (league or tournaments):
        raise PermissionDenied("Cards are kept by editors and tournament directors.")
    if record is not None and record.owner is not None and record.owner not in tournaments:
        tournaments = [record.owner, *tournaments]
    initial = None
    if record is not None and request.method == "GET":
        version = open_for_editing(record)  # before the values, so they are at least as new
        initial = {
            "text": record.text,
            "owner": str(record.owner_id) if record.owner_id else LEAGUE,
            "private": record.private,
            "base_version": version,
        }
    form = CardForm(
        request.POST or None,
        request.FILES or None,
        initial=initial,
        tournaments=tournaments,
        league=league or (record is not None and record.owner_id is None),
        card=record,
    )
    context, status = {}, 200
    if request.method == "POST" and form.is_valid():
        attempt = save_whole(lambda: _save(record, form), form=form, what="a card")
        outcome = attempt.value
        if not attempt.saved:
            status = attempt.status  # the form comes back with what was typed and why
        elif record is None:
            messages.success(request, _("Saved the card “%(name)s”.") % {"name": outcome.name})
            return redirect(outcome)
        elif not outcome.conflicts:
            record.refresh_from_db()
            messages.success(
                request,
                saved_message(_("Saved the card “%(name)s”.") % {"name": record.name}, outcome),
            )
            return redirect(record)
        else:
            record.refresh_from_db()
            form = CardForm(
                _resubmitted(request, form, outcome),
                tournaments=tournaments,
                league=league or record.owner_id is None,
                card=record,
            )
            form.is_valid()  # shows the merged text checked, as a typed one is
            context, status = {"conflicts": outcome.conflicts}, 409
    numbered, unplaced = form.numbered_lines() if form.is_bound else ([], [])
    if form.is_bound:
        # Keep what the user typed, or the file they uploaded, in the text box.
        data = form.data.copy()
        data["text"] = form.cleaned_data.get("text", data.get("text", ""))
        form.data = data
    return render(
        request,
        "tournaments/card_form.html",
        {"form": form, "record": record, "numbered": numbered, "unplaced": unplaced, **context},
        status=status,
    )


def _save(record, form):
    """A new card is created; a change goes through the version check."""
    cleaned = form.cleaned_data
    summary = cleaned["summary"][:REASON_LENGTH]
    if record is None:
        card = Card(
            name=form.parsed.name,
            text=cleaned["text"],
            owner=cleaned["owner_tournament"],
            private=cleaned["private"],
        )
        card._change_reason = summary or None
        card.save()
        return card
    values = {
        "text": cleaned["text"],
        "owner": cleaned["owner_tournament"],
        "private": cleaned["private"],
    }
    return saving.save_card(record, values, cleaned.get("base_version"), summary)


def _resubmitted(request, form, outcome):
    """The form again after a conflict: merged values, mine where they clash, now based on
    the version saved, so saving again is a decision made with both in view."""
    data = request.POST.copy()
    data["text"] = outcome.values.get("text", form.cleaned_data["text"])
    owner = outcome.values.get("owner")
    data["owner"] = LEAGUE if owner is None else str(owner)
    if outcome.values.get("private"):
        data["private"] = "on"
    else:
        data.pop("private", None)
    data["base_version"] = "" if outcome.latest_version is None else str(outcome.latest_version)
    return data
