"""The history, compare and restore pages of every versioned model, one view of each.

Each URL pattern (`versions.urls.for_model`) carries the model's declaration; the views ask it
how to find the thing and who may read it (anyone else gets a 404, as they would for the
thing itself) and who may restore it (a 403), checked here on the server.
"""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from versions.failures import save_whole
from versions.records import NotRestored, Restored, fields_between
from versions.timeline import MAX_VERSION, chosen_pair

TEMPLATES = "versions/"


def _readable(request, entry, kwargs):
    """The thing, for a reader who may read it; a 404 for anyone else."""
    obj = entry.find(request.user, **kwargs)
    if not entry.may_read(request.user, obj):
        raise Http404("No such page.")
    return obj


def _context(request, entry, obj, **extra):
    try:
        edit_url = entry.reverse("edit", obj)
    except NoReverseMatch:
        edit_url = None
    return {
        "label": entry.label(obj),
        "page_url": entry.url(obj),
        "history_url": entry.reverse("history", obj),
        "compare_url": entry.reverse("compare", obj),
        "edit_url": edit_url,
        "may_restore": entry.may_restore(request.user, obj),
        "note": entry.note,
        **extra,
    }


def _parts(entry, older, newer, user):
    return (entry.parts or partial(fields_between, entry))(older, newer, user)


def _signed_in(view):
    """Where reading needs an account (a rulings log), anonymous readers sign in first."""

    def wrapper(request, entry, **kwargs):
        if entry.sign_in_to_read and not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, entry, **kwargs)

    return wrapper


@require_GET
@_signed_in
def history(request, entry, **kwargs):
    obj = _readable(request, entry, kwargs)
    rows = entry.history.rows(entry, obj, entry.history.entries(entry, obj), request.user)
    context = _context(request, entry, obj, versions=list(reversed(rows.values())))
    return render(request, TEMPLATES + "history.html", context)


@require_GET
@_signed_in
def compare(request, entry, **kwargs):
    obj = _readable(request, entry, kwargs)
    entries = entry.history.entries(entry, obj)
    if "from" not in request.GET and "a" in request.GET and entry.old_compare_ids:
        return _numbered(request, entry, obj, entries)
    names = ("from", "to") if "from" in request.GET else ("a", "b")  # a, b: older links
    pair = chosen_pair(request.GET, len(entries), names)
    rows = entry.history.rows(entry, obj, entries, request.user)
    if pair is None or not set(pair) <= rows.keys():
        messages.error(request, _("Choose two versions to compare."))
        return redirect(entry.reverse("history", obj))
    a, b = pair
    older = entry.history.state(entry, obj, entries, a, request.user)
    newer = entry.history.state(entry, obj, entries, b, request.user)
    context = _context(
        request,
        entry,
        obj,
        older=rows[a],
        newer=rows[b],
        parts=_parts(entry, older, newer, request.user),
        older_stood=_stood(entry, obj, older),
        newer_stood=_stood(entry, obj, newer),
    )
    return render(request, TEMPLATES + "compare.html", context)


def _stood(entry, obj, version):
    return entry.stood(obj, version) if entry.stood else None


def _numbered(request, entry, obj, entries):
    """An old compare link naming history ids, sent on to the same versions by number."""
    numbers = {record.history_id: n for n, record in enumerate(entries, start=1)}
    try:
        ids = [int(request.GET[name]) for name in ("a", "b")]
    except (KeyError, ValueError):
        messages.error(request, _("Choose two versions to compare."))
        return redirect(entry.reverse("history", obj))
    if not all(i in numbers for i in ids):
        raise Http404("No such version of this page.")
    older, newer = sorted(numbers[i] for i in ids)
    compare = entry.reverse("compare", obj)
    return redirect(f"{compare}?from={older}&to={newer}", permanent=True)


def _once_named(entry, entries, number) -> int | None:
    """The version an old restore link (`restore/<history id>/`) meant, where `number` is one
    of this thing's history ids and names another version than its number does."""
    if not entry.old_compare_ids:
        return None
    for n, record in enumerate(entries, start=1):
        if record.history_id == number and n != number:
            return n
    return None


def _shown(data) -> int | None:
    """The number of versions the restore page showed (its `latest` field), or None."""
    value = data.get("latest", "")
    if value.isascii() and value.isdigit() and 0 < int(value) <= MAX_VERSION:
        return int(value)
    return None


@require_http_methods(["GET", "POST"])
def restore(request, entry, number, **kwargs):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    obj = _readable(request, entry, kwargs)
    if not entry.may_restore(request.user, obj):
        raise PermissionDenied(_("You may not restore this."))
    entries = entry.history.entries(entry, obj)
    once = _once_named(entry, entries, number)
    if once is not None and not 0 < number <= len(entries) and request.method == "GET":
        return redirect(entry.reverse_restore(obj, once), permanent=True)
    if not 0 < number <= len(entries):
        raise Http404("No such version.")
    version = entry.history.state(entry, obj, entries, number, request.user)
    if version is None:
        raise Http404("No such version.")
    if entry.may_restore_version and not entry.may_restore_version(request.user, obj, version):
        raise PermissionDenied(_("That version is kept by someone you may not keep it for."))
    stale = False
    if request.method == "POST":
        history_url = entry.reverse("history", obj)
        try:
            attempt = save_whole(
                lambda: entry.history.restore(entry, obj, number, _shown(request.POST)),
                what=f"restoring {entry.label(obj)}",
            )
        except NotRestored as refusal:
            messages.error(
                request,
                _("Version %(number)s cannot be restored now: %(refusal)s")
                % {"number": number, "refusal": refusal},
            )
            return redirect(history_url)
        if not attempt.saved:
            messages.error(request, attempt.problem)
            return redirect(history_url)
        if attempt.value is Restored.RESTORED:
            said = _("Version %(number)s was restored as a new version.") % {"number": number}
            messages.success(request, f"{said} {entry.note}".strip())
            return redirect(history_url)
        if attempt.value is Restored.UNCHANGED:
            messages.info(
                request,
                _("It is already version %(number)s's; nothing saved.") % {"number": number},
            )
            return redirect(history_url)
        stale = True  # someone saved after the page was shown: show what restoring does now
        obj = _readable(request, entry, kwargs)
        entries = entry.history.entries(entry, obj)
        version = entry.history.state(entry, obj, entries, number, request.user)
    rows = entry.history.rows(entry, obj, entries, request.user)
    context = _context(
        request,
        entry,
        obj,
        version=rows[number],
        parts=_parts(entry, entry.history.now(entry, obj), version, request.user),
        stood=_stood(entry, obj, version),
        latest=len(entries),
        stale=stale,
        once_named=once,
        once_url=entry.reverse_restore(obj, once) if once else None,
    )
    return render(request, TEMPLATES + "restore.html", context, status=409 if stale else 200)
