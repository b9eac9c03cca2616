"""The appeals pages: record an appeal of a logged ruling (refused after the deadline), read
it, the head TD's decision, a round's end, the tournament's appeal rules. Every view checks
`appeals.access` first; the history pages are the versions app's (appeals/versioned.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from toolkit.models import LoggedRuling
from versions.editing import CreateView, EditView

from . import access
from .forms import AppealForm, AppealRulesForm, DecisionForm, RoundEndedForm, RoundForm
from .models import Appeal, AppealRules, Round, deadline_for, head_td_of


class AppealAdd(CreateView):
    """Record a player's appeal of a logged ruling: its directors and staff, inside the
    tournament's deadline (after it, the form says by when it had to be made)."""

    form_class = AppealForm
    template_name = "appeals/appeal_form.html"
    message = gettext_lazy("Appeal recorded. The head TD decides it.")
    reason = "Appeal recorded"
    invalid_status = 400
    what = "an appeal"

    def dispatch(self, request, *args, **kwargs):
        self.tournament = access.recorder_or_403(request.user, kwargs["slug"])
        self.entry = get_object_or_404(LoggedRuling, pk=kwargs["pk"], tournament=self.tournament)
        existing = Appeal.objects.filter(logged_ruling=self.entry).first()
        if existing is not None:
            messages.info(request, gettext("This ruling has been appealed already."))
            return redirect("appeals:appeal", self.tournament.slug, existing.pk)
        self.deadline = deadline_for(self.entry)
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        return {"instance": Appeal(logged_ruling=self.entry), "deadline": self.deadline}

    def get_context_data(self, **context):
        return {
            "tournament": self.tournament,
            "entry": self.entry,
            "deadline": self.deadline,
            "rules": AppealRules.objects.filter(tournament=self.tournament).first(),
            **context,
        }

    def fill(self, obj, form):
        obj.recorded_by = self.request.user

    def save(self, form):
        try:
            with transaction.atomic():
                return super().save(form)
        except IntegrityError:  # a co-director recorded it a moment before
            form.add_error(None, gettext("This ruling has just been appealed by another director."))
            raise

    def get_success_url(self, obj):
        return reverse("appeals:appeal", args=[self.tournament.slug, obj.pk])


appeal_add = login_required(AppealAdd.as_view())


def _appeal(user, slug, pk):
    tournament = access.log_or_404(user, slug)
    appeal = get_object_or_404(
        Appeal.objects.select_related("logged_ruling__recorded_by", "decided_by", "recorded_by"),
        pk=pk,
        logged_ruling__tournament=tournament,
    )
    return tournament, appeal


def _appeal_page(request, tournament, appeal, form=None, status=200):
    head = head_td_of(tournament)
    is_head = access.is_head_td(request.user, tournament, head)
    entry = appeal.logged_ruling
    context = {
        "tournament": tournament,
        "appeal": appeal,
        "entry": entry,
        "head_td": head,
        "is_head_td": is_head,
        "deadline": deadline_for(entry),
        "form": form if form is not None else (DecisionForm() if is_head else None),
    }
    response = render(request, "appeals/appeal_detail.html", context, status=status)
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
def appeal_detail(request, slug, pk):
    tournament, appeal = _appeal(request.user, slug, pk)
    return _appeal_page(request, tournament, appeal)


@login_required
@require_POST
def decide(request, slug, pk):
    """The head TD's decision, checked here: anyone else who may read the appeal is refused."""
    tournament, appeal = _appeal(request.user, slug, pk)
    if not access.is_head_td(request.user, tournament):
        raise PermissionDenied(gettext("Only this tournament's head TD decides appeals."))
    form = DecisionForm(request.POST)
    if not form.is_valid():
        return _appeal_page(request, tournament, appeal, form, status=400)
    with transaction.atomic():
        locked = Appeal.objects.select_for_update().get(pk=appeal.pk)
        if locked.is_decided:
            messages.error(
                request, gettext("This appeal was decided already; its decision stands.")
            )
            return redirect("appeals:appeal", tournament.slug, appeal.pk)
        locked.decision = form.cleaned_data["decision"]
        locked.reason = form.cleaned_data["reason"]
        locked.decided_at = timezone.now()
        locked.decided_by = request.user
        locked._change_reason = "Decided by the head TD"
        locked.save()
    messages.success(request, gettext("Decision recorded."))
    return redirect(
        reverse("toolkit:log", args=[tournament.slug]) + f"#ruling-{appeal.logged_ruling_id}"
    )


@login_required
@require_POST
def round_ended(request, slug):
    """The head TD records that a round ended now; appeals of its rulings count from it."""
    tournament = access.head_td_or_403(request.user, slug)
    log = reverse("toolkit:log", args=[tournament.slug])
    form = RoundEndedForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give the round's number (1 to 99) to record its end."))
        return redirect(log + "#rounds")
    number = form.cleaned_data["number"]
    with transaction.atomic():
        found, _ = Round.objects.select_for_update().get_or_create(
            tournament=tournament, number=number
        )
        if found.ended_at is not None:
            ended = timezone.localtime(found.ended_at)
            messages.error(
                request,
                gettext("Round %(number)s already ended at %(time)s.")
                % {"number": number, "time": f"{ended:%H:%M}"},
            )
            return redirect(log + "#rounds")
        found.ended_at = timezone.now()
        found.ended_by = request.user
        found._change_reason = "Round ended"
        found.save()
    ended = timezone.localtime(found.ended_at)
    messages.success(
        request,
        gettext("Round %(number)s ended at %(time)s.")
        % {"number": number, "time": f"{ended:%H:%M}"},
    )
    return redirect(log + "#rounds")


class AppealRulesEdit(EditView):
    """The tournament's head TD and how long players have to appeal: its directors, staff."""

    model = AppealRules
    form_class = AppealRulesForm
    template_name = "appeals/appeal_rules_form.html"
    context_object_name = "rules"
    invalid_status = 400
    what = "the appeal rules"

    def get_object(self):
        self.tournament = access.recorder_or_403(self.request.user, self.kwargs["slug"])
        rules = AppealRules.objects.filter(tournament=self.tournament).first()
        if rules is None:
            # The first visit makes the row (the default deadline, no head TD yet), so the
            # one version-checked save edits it like any other.
            rules = AppealRules(tournament=self.tournament)
            rules._change_reason = "Appeal rules set"
            rules.save()
        return rules

    def get_context_data(self, **context):
        return super().get_context_data(tournament=self.tournament, **context)

    def get_success_url(self, form):
        return reverse("toolkit:log", args=[self.tournament.slug])


appeal_rules_edit = login_required(AppealRulesEdit.as_view())


class AppealEdit(EditView):
    """Correct what was recorded of an appeal (who, when, both statements): its directors and
    staff, version-checked like every edit. The time still has to fall inside the deadline;
    the decision is the head TD's and no field here."""

    model = Appeal
    form_class = AppealForm
    template_name = "appeals/appeal_form.html"
    context_object_name = "appeal"
    invalid_status = 400
    what = "the appeal"

    def get_object(self):
        self.tournament = access.recorder_or_403(self.request.user, self.kwargs["slug"])
        appeal = get_object_or_404(
            Appeal.objects.select_related("logged_ruling"),
            pk=self.kwargs["pk"],
            logged_ruling__tournament=self.tournament,
        )
        self.logged = appeal.logged_ruling
        self.deadline = deadline_for(self.logged)
        return appeal

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "deadline": self.deadline}

    def get_context_data(self, **context):
        return super().get_context_data(
            tournament=self.tournament, entry=self.logged, deadline=self.deadline, **context
        )

    def get_success_url(self, form):
        return reverse("appeals:appeal", args=[self.tournament.slug, self.object.pk])


class RoundEdit(EditView):
    """Correct a round's recorded end or its note: the head TD alone, version-checked."""

    model = Round
    form_class = RoundForm
    template_name = "appeals/round_form.html"
    context_object_name = "round"
    invalid_status = 400
    what = "the round"

    def get_object(self):
        self.tournament = access.head_td_or_403(self.request.user, self.kwargs["slug"])
        return get_object_or_404(Round, tournament=self.tournament, number=self.kwargs["round"])

    def get_context_data(self, **context):
        return super().get_context_data(tournament=self.tournament, **context)

    def get_success_url(self, form):
        return reverse("toolkit:log", args=[self.tournament.slug]) + "#rounds"


appeal_edit = login_required(AppealEdit.as_view())
round_edit = login_required(RoundEdit.as_view())
