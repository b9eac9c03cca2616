"""The rulings log's pages: the list (with search), logging, correcting, CSV, and turning a
ruling into a public question. Every view checks `access.log_or_404` first; its history
pages are the versions app's (toolkit/versioned.py)."""

import csv
from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

import hooks
from articles.permissions import is_editor
from articles.sections import page_sections
from articles.wiki.forms import form_class
from articles.wiki.kinds import KINDS
from tournaments.access import can_edit
from versions.editing import CreateView, EditView

from . import access, anonymise
from .forms import LoggedRulingForm
from .models import LoggedRuling
from .search import matching
from .spreadsheet import neutralised


def _entries(tournament):
    return tournament.logged_rulings.select_related(
        "article", "ruling__article", "house_rule", "recorded_by"
    )


def per_entry(hook: str, *, tournament, user, entries) -> dict:
    """{entry pk: [what each app registered for `hook` gives it]}, the apps' answers joined:
    the rows beside each entry (`log_entry_details`) and the sections under it
    (`log_entry_sections`)."""
    found: dict = {}
    for make in hooks.get_hooks(hook):
        for pk, made in make(tournament=tournament, user=user, entries=entries).items():
            found.setdefault(pk, []).extend(made)
    return found


def details_of(*, tournament, user, entries) -> dict:
    """{entry pk: [(title, text)]}: the event's players and penalties beside each entry."""
    return per_entry("log_entry_details", tournament=tournament, user=user, entries=entries)


@login_required
@require_GET
def log_list(request, slug):
    tournament = access.log_or_404(request.user, slug)
    query = request.GET.get("q", "")[:200]
    entries = list(matching(_entries(tournament), query))
    # What other apps keep about the log is drawn through hooks: at the top (`page_sections`,
    # page "log"), links beside the CSV (`log_links`), rows in each entry's list
    # (`log_entry_details`: the event's players and penalties) and sections under each entry
    # (`log_entry_sections`: its appeal, its case).
    details = details_of(tournament=tournament, user=request.user, entries=entries)
    under = per_entry(
        "log_entry_sections", tournament=tournament, user=request.user, entries=entries
    )
    links = [
        link
        for make in hooks.get_hooks("log_links")
        for link in make(tournament=tournament, user=request.user)
    ]
    context = {
        "tournament": tournament,
        "entries": entries,
        "rows": [(entry, details.get(entry.pk, []), under.get(entry.pk, [])) for entry in entries],
        "query": query,
        "links": links,
        "sections": page_sections("log", tournament=tournament, user=request.user),
    }
    return render(request, "toolkit/log_list.html", context)


def reads_working_copy(request, tournament) -> bool:
    """Its directors and staff read the working copy; an editor, what players read."""
    return can_edit(request.user, tournament)


class WithParts:
    """The log form's parts from the apps above (`LoggedRulingForm.parts`) are saved with the
    entry, in its transaction; a part that refuses under its lock (another TD's penalty for
    the same player counted first) rolls the whole entry back, and the form comes back."""

    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except PartRefused as refused:
            refused.form.refused(refused.error)
            return self.render(refused.form, status=409)


class PartRefused(Exception):
    def __init__(self, form, error):
        super().__init__(str(error))
        self.form, self.error = form, error


def _save_parts(form, entry):
    try:
        form.save_parts(entry)
    except ValidationError as error:
        raise PartRefused(form, error) from error


class LogAdd(WithParts, CreateView):
    """Log a ruling at a tournament: its directors and staff write what was ruled."""

    form_class = LoggedRulingForm
    template_name = "toolkit/log_form.html"
    message = _("Ruling logged.")
    reason = "Logged"
    invalid_status = 400
    what = "a logged ruling"

    def dispatch(self, request, *args, **kwargs):
        self.tournament = access.log_or_404(request.user, kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        working_copy = reads_working_copy(self.request, self.tournament)
        return {
            "tournament": self.tournament,
            "working_copy": working_copy,
            "user": self.request.user,
        }

    def get_context_data(self, **context):
        return {"tournament": self.tournament, **context}

    def fill(self, obj, form):
        obj.recorded_by = self.request.user

    def save(self, form):
        entry = super().save(form)
        _save_parts(form, entry)
        return entry

    def get_success_url(self, obj):
        return reverse("toolkit:log", args=[self.tournament.slug])


log_add = login_required(LogAdd.as_view())


class LogEdit(WithParts, EditView):
    """Correct a logged ruling; a co-director's correction meanwhile is merged or shown."""

    model = LoggedRuling
    form_class = LoggedRulingForm
    template_name = "toolkit/log_form.html"
    context_object_name = "entry"
    invalid_status = 400
    what = "a logged ruling"

    def get_object(self):
        self.tournament = access.log_or_404(self.request.user, self.kwargs["slug"])
        return get_object_or_404(LoggedRuling, pk=self.kwargs["pk"], tournament=self.tournament)

    def get_form_kwargs(self):
        working_copy = reads_working_copy(self.request, self.tournament)
        return {
            **super().get_form_kwargs(),
            "tournament": self.tournament,
            "working_copy": working_copy,
            "user": self.request.user,
        }

    def save(self, form):
        outcome = super().save(form)
        if not outcome.conflicts:
            _save_parts(form, self.object)
            if outcome.unchanged and any(part.has_changed() for part in form.parts):
                # The entry's own fields stood, but its players changed: that is a save.
                outcome = replace(outcome, unchanged=False)
        return outcome

    def get_context_data(self, **context):
        return super().get_context_data(tournament=self.tournament, **context)

    def get_success_url(self, form):
        return reverse("toolkit:log", args=[self.tournament.slug])


log_edit = login_required(LogEdit.as_view())


def _house_rule(entry) -> str:
    if not entry.house_rule:
        return ""
    return gettext("House rule %(number)s") % {"number": entry.house_rule.position}


# The headers a director downloads, in their language (the columns' contents are the log's).
CSV_COLUMNS = [
    (_("When"), lambda e: timezone.localtime(e.ruled_at).strftime("%Y-%m-%d %H:%M")),
    (_("Table"), lambda e: e.table),
    (_("Round"), lambda e: str(e.round or "")),
    (_("Players"), lambda e: e.players),
    (_("What happened"), lambda e: e.what_happened),
    (_("Article"), lambda e: str(e.article) if e.article else ""),
    (_("Ruling"), lambda e: e.ruling.question if e.ruling else ""),
    (_("House rule"), _house_rule),
    (_("Outcome"), lambda e: e.outcome),
    (_("Penalty"), lambda e: e.penalty),
    (_("Appeal"), lambda e: e.appeal),
    (_("Appeal result"), lambda e: e.appeal_result),
    (_("Logged by"), lambda e: e.recorded_by.get_username() if e.recorded_by else ""),
]


@login_required
@require_GET
def log_csv(request, slug):
    tournament = access.log_or_404(request.user, slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-rulings-log.csv"'
    response["Cache-Control"] = "private, no-store"
    writer = csv.writer(response)
    writer.writerow(
        [str(title) for title, _read in CSV_COLUMNS] + [gettext("Players named and penalties")]
    )
    entries = list(_entries(tournament).order_by("ruled_at", "pk"))
    details = details_of(tournament=tournament, user=request.user, entries=entries)
    for entry in entries:
        named = "; ".join(f"{title}: {text}" for title, text in details.get(entry.pk, []))
        writer.writerow(
            [neutralised(read(entry)) for _, read in CSV_COLUMNS] + [neutralised(named)]
        )
    return response


def log_to_question(request, slug, pk):
    """The normal new-question form on the ruling's article, names and places removed.

    A POST (with its CSRF token) that answers with the form itself: the text is never in an
    address, where access logs and browser history would keep it. The form saves through the
    wiki's own create view. Anyone who may not read the log is told it does not exist (404),
    whatever the method; someone who may read it but not edit the wiki is refused (403).
    """
    tournament = access.log_or_404(request.user, slug)
    entry = get_object_or_404(LoggedRuling, pk=pk, tournament=tournament)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if not is_editor(request.user):
        raise PermissionDenied(gettext("Writing a public question needs the Editors group."))
    if entry.article is None:
        messages.error(
            request,
            gettext("Pick the article this ruling applied first; the question goes on it."),
        )
        return redirect("toolkit:log-edit", tournament.slug, entry.pk)
    Form = form_class(KINDS["question"], creating=True)
    context = {
        "article": entry.article,
        "form": Form(initial=anonymise.as_question(entry)),
        "preview": None,
        "previewable": True,
    }
    response = render(request, "toolkit/log_question.html", context)
    response["Cache-Control"] = "private, no-store"
    return response
