"""A tournament's history pages: its details and house rules, version by version.

Whoever may see the tournament may read its history (a draft's only its directors and
staff); restoring changes the working copy, so it needs someone who may edit it.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from versions.timeline import chosen_pair

from . import access
from . import history as timeline

NOTE = "Changes to the working copy reach players only when a version is published."


def _context(request, tournament, **extra):
    return {
        "label": tournament.name,
        "page_url": tournament.get_absolute_url(),
        "history_url": reverse("tournaments:tournament-history", args=[tournament.slug]),
        "compare_url": reverse("tournaments:tournament-compare", args=[tournament.slug]),
        "edit_url": reverse("tournaments:tournament-edit", args=[tournament.slug]),
        "may_restore": access.can_edit(request.user, tournament),
        "note": NOTE,
        **extra,
    }


@require_GET
def history(request, slug):
    tournament = access.visible_or_404(request.user, slug)
    versions = timeline.versions_of(tournament, timeline.events_of(tournament))
    context = _context(request, tournament, versions=list(reversed(versions)))
    return render(request, "history/history.html", context)


@require_GET
def compare(request, slug):
    tournament = access.visible_or_404(request.user, slug)
    events = timeline.events_of(tournament)
    pair = chosen_pair(request.GET, len(events))
    if pair is None:
        messages.error(request, "Choose two versions to compare.")
        return redirect("tournaments:tournament-history", tournament.slug)
    a, b = pair
    versions = timeline.versions_of(tournament, events)
    parts = timeline.parts_between(timeline.state_after(events, a), timeline.state_after(events, b))
    context = _context(
        request, tournament, older=versions[a - 1], newer=versions[b - 1], parts=parts
    )
    return render(request, "history/compare.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def restore_version(request, slug, number):
    tournament = access.editable_or_403(request.user, slug)
    events = timeline.events_of(tournament)
    if not 0 < number <= len(events):
        raise Http404("No such version of this tournament.")
    state = timeline.state_after(events, number)
    stale = False
    if request.method == "POST":
        if request.POST.get("latest") == str(len(events)):
            if timeline.restore(tournament, state, number):
                messages.success(
                    request,
                    f"Version {number} was restored into the working copy as a new version. "
                    "Publish to make it the rules players read.",
                )
            else:
                messages.info(request, f"The working copy is already version {number}'s.")
            return redirect("tournaments:tournament-history", tournament.slug)
        stale = True  # someone saved after the page was shown: show what restoring does now
    versions = timeline.versions_of(tournament, events)
    parts = timeline.parts_between(timeline.state_now(tournament), state)
    context = _context(
        request,
        tournament,
        version=versions[number - 1],
        parts=parts,
        latest=len(events),
        stale=stale,
    )
    return render(request, "history/restore.html", context, status=409 if stale else 200)
