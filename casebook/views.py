"""The casebook's pages: each rule set's casebook, a case, proposing one from the log, the
editors' review (edit, publish) and the proposals waiting for it. Permissions are checked
here (`casebook.access`); history pages are the versions app's (casebook/versioned.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from articles.models import RuleSet
from articles.permissions import is_editor
from toolkit.access import log_or_404
from toolkit.models import LoggedRuling
from tournaments.access import is_director_of
from versions.editing import EditView

from . import access
from .forms import CaseForm
from .models import Case
from .proposing import NotDecided, propose


@require_GET
def casebook_index(request):
    rulesets = RuleSet.objects.order_by("position", "name")
    counts = {
        ruleset.pk: Case.objects.published().filter(ruleset=ruleset).count() for ruleset in rulesets
    }
    listed = [(ruleset, counts[ruleset.pk]) for ruleset in rulesets]
    return render(request, "casebook/casebook_index.html", {"rulesets": listed})


@require_GET
def casebook(request, ruleset):
    found = get_object_or_404(RuleSet, key=ruleset)
    cases = Case.objects.published().filter(ruleset=found).select_related("ruling")
    return render(request, "casebook/casebook.html", {"ruleset": found, "cases": cases})


@require_GET
def case_detail(request, pk):
    case = get_object_or_404(
        Case.objects.select_related("ruleset", "ruling__article", "tournament"), pk=pk
    )
    if not access.may_read(request.user, case):
        raise Http404("No such case.")
    checks = []
    if case.ruling is not None:
        checks = list(case.ruling.checks.select_related("scenario").order_by("position"))
    context = {
        "case": case,
        "checks": checks,
        "may_review": access.may_review(request.user, case),
        "why_not": access.why_not_reviewer(request.user, case),
    }
    response = render(request, "casebook/case_detail.html", context)
    if not case.is_published:
        response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_POST
def propose_case(request, slug, pk):
    """A director proposes a decided case from the log; the texts start anonymised."""
    tournament = log_or_404(request.user, slug)
    if not (request.user.is_staff or is_director_of(request.user, tournament)):
        raise PermissionDenied(gettext("This tournament's directors propose its cases."))
    entry = get_object_or_404(LoggedRuling, pk=pk, tournament=tournament)
    try:
        case = propose(entry, request.user)
    except NotDecided as refused:
        messages.error(request, str(refused))
        return redirect(reverse("toolkit:log", args=[slug]) + f"#ruling-{entry.pk}")
    messages.success(
        request,
        gettext(
            "Proposed for the casebook, names, tables and rounds removed. An editor who does "
            "not direct this tournament reviews and publishes it."
        ),
    )
    return redirect(case.get_absolute_url())


class CaseEdit(EditView):
    """The reviewer edits the anonymised texts and picks the ruling, before or after publishing."""

    model = Case
    form_class = CaseForm
    template_name = "casebook/case_form.html"
    context_object_name = "case"
    invalid_status = 400
    what = "a case"
    message = gettext_lazy("Case saved.")

    def get_object(self):
        case = super().get_object()
        if not access.may_review(self.request.user, case):
            raise PermissionDenied(access.why_not_reviewer(self.request.user, case))
        return case


case_edit = login_required(CaseEdit.as_view())


@login_required
@require_POST
def publish(request, pk):
    """An editor who does not direct its tournament publishes the case, once it names its
    ruling and says its reasoning."""
    case = get_object_or_404(Case.objects.select_related("tournament"), pk=pk)
    if not access.may_keep(request.user, case):
        raise Http404("No such case.")
    if not access.may_review(request.user, case):
        raise PermissionDenied(access.why_not_reviewer(request.user, case))
    with transaction.atomic():
        case = Case.objects.select_for_update().get(pk=pk)
        missing = [
            said
            for said, present in (
                (gettext("the League ruling it applies"), case.ruling_id),
                (gettext("the reasoning"), case.reasoning.strip()),
            )
            if not present
        ]
        if case.is_published:
            messages.info(request, gettext("This case is published already."))
        elif missing:
            messages.error(
                request,
                gettext("Before publishing, add %(missing)s (Edit).")
                % {"missing": gettext(" and ").join(missing)},
            )
        else:
            case.status = Case.Status.PUBLISHED
            case.published_at = timezone.now()
            case.reviewed_by = request.user
            case._change_reason = "Reviewed and published"
            case.save()
            messages.success(
                request, gettext("Published in the casebook and on its ruling's page.")
            )
    return redirect(case.get_absolute_url())


@login_required
@require_GET
def proposals(request):
    """The proposals waiting for review: editors (each marked when they may not review it)."""
    if not (request.user.is_staff or is_editor(request.user)):
        raise PermissionDenied(gettext("Editors review the casebook's proposals."))
    waiting = Case.objects.filter(status=Case.Status.PROPOSED).select_related("tournament")
    listed = [(case, access.may_review(request.user, case)) for case in waiting]
    response = render(request, "casebook/proposals.html", {"proposals": listed})
    response["Cache-Control"] = "private, no-store"
    return response
