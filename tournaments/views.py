"""Tournament pages: the list, a tournament's house-rules sheet (HTML and JSON), and editing.

Views stay thin: who may do what, publishing and the rulings comparison live in
`access`, `versions` and `comparison`; these only fetch, check and render.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from articles.permissions import is_editor
from articles.sections import page_sections
from pagecache.pages import cache_for_readers
from versions.editing import CreateView, EditView
from versions.failures import save_whole
from versions.saving import latest_version, posted_version

from . import access, cards, comparison, ruling_answers, ruling_choices, saving, versions
from .forms import HouseRuleForm, PlainHouseRuleForm, RulingHouseRuleForm, TournamentForm
from .models import HouseRule, Tournament


def _visible_tournament(request, slug):
    """The tournament, or 404 for anyone who may not see it (a draft, to the public)."""
    tournament = get_object_or_404(Tournament.objects.select_related("ruleset"), slug=slug)
    if not access.can_view(request.user, tournament):
        raise Http404("No such tournament.")
    return tournament


def _editable_tournament(request, slug):
    tournament = _visible_tournament(request, slug)
    if not access.can_edit(request.user, tournament):
        raise PermissionDenied("Only this tournament's directors may change its house rules.")
    return tournament


@cache_for_readers
def tournament_list(request):
    tournaments = (
        Tournament.objects.visible_to(request.user).with_published_rules().select_related("ruleset")
    )
    return render(
        request,
        "tournaments/tournament_list.html",
        {"tournaments": tournaments, "can_create": access.can_create(request.user)},
    )


@cache_for_readers
def tournament_detail(request, slug):
    tournament = _visible_tournament(request, slug)
    page = comparison.tournament_page(tournament)
    can_edit = access.can_edit(request.user, tournament)
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "page": page,
            # The rulings each house rule changes, listed under it on the sheet.
            "answered": ruling_answers.answers_by_rule(page.sheet),
            "can_edit": can_edit,
            "unpublished": versions.unpublished_changes(tournament) if can_edit else [],
            # Shown to everyone (the page is cached for readers): only a card the public sees.
            "public_card": cards.tournament_card_name(tournament, None),
            "sections": page_sections("tournament", tournament=tournament),
        },
    )


@cache_for_readers
def tournament_json(request, slug):
    tournament = _visible_tournament(request, slug)
    data = comparison.page_as_json(
        comparison.tournament_page(tournament), request.build_absolute_uri
    )
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 2})


@cache_for_readers
def tournament_version(request, slug, number):
    """One published version as it was printed, told apart from the version players read now."""
    tournament = _visible_tournament(request, slug)
    version = get_object_or_404(tournament.versions, number=number)
    current = versions.latest_version(tournament)
    sheet = versions.published_sheet(tournament, version)
    return render(
        request,
        "tournaments/tournament_version.html",
        {
            "tournament": tournament,
            "version": version,
            "sheet": sheet,
            "answered": ruling_answers.answers_by_rule(sheet),
            "current": current,
            "is_current": current is not None and current.pk == version.pk,
        },
    )


class TournamentCreate(CreateView):
    """A director starts a tournament: a draft, with them as its director."""

    form_class = TournamentForm
    template_name = "tournaments/tournament_form.html"
    message = _("Tournament created as a draft. Add its house rules.")
    what = "a new tournament"

    def dispatch(self, request, *args, **kwargs):
        if not access.can_create(request.user):
            raise PermissionDenied("Only tournament directors may start a tournament.")
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **context):
        return {"tournament": None, **context}

    def save(self, form):
        tournament = super().save(form)
        tournament.directors.add(self.request.user)
        return tournament

    def get_success_url(self, obj):
        return reverse("tournaments:tournament-edit", args=[obj.slug])


tournament_create = login_required(TournamentCreate.as_view())


class TournamentEdit(EditView):
    """The director's desk: details, the working copy of the house rules, publishing."""

    model = Tournament
    form_class = TournamentForm
    template_name = "tournaments/tournament_edit.html"
    context_object_name = "tournament"
    message = _("Tournament details saved.")
    validate = True  # a first day after the merged last day is a conflict
    what = "a tournament's details"

    def get_object(self):
        return _editable_tournament(self.request, self.kwargs["slug"])

    def get_success_url(self, form):
        return reverse("tournaments:tournament-edit", args=[form.cleaned_data["slug"]])

    def get_context_data(self, **context):
        """Publishing confirms on its own page, which carries what it will freeze."""
        tournament = self.object
        return super().get_context_data(
            rules=tournament.house_rules.select_related("departs_from"),
            unpublished=versions.unpublished_changes(tournament),
            latest=versions.latest_version(tournament),
            preview=comparison.rulings_under(versions.working_sheet(tournament)),
            for_authors=_is_author(self.request.user),
            **context,
        )


tournament_edit = login_required(TournamentEdit.as_view())


def _is_author(user) -> bool:
    """Editors and staff may see (and set) a house rule's engine option by its name."""
    return user.is_staff or is_editor(user)


def _starting_ruling(tournament, slug):
    """The ruling a house rule is written from: one of the tournament's rule set, published."""
    if not slug:
        return None
    return ruling_choices.findable(tournament).filter(slug=str(slug)[:120]).first()


def _rule_form(request, tournament, ruling, data=None, instance=None):
    """The house-rule form for this writer: from a ruling, "How does your tournament rule
    it?"; else an editor's full form (engine options by name) or a director's plain one."""
    kwargs = {"tournament": tournament, "instance": instance}
    if ruling is not None:
        choices = ruling_choices.readings_changing(ruling, tournament)
        if instance is not None and instance.option:
            current = ruling_choices.choice_for(instance.option, instance.value)
            if current.key not in {c.key for c in choices}:
                choices.append(current)  # a choice it no longer changes stays editable
        return RulingHouseRuleForm(data, ruling=ruling, choices=choices, **kwargs)
    if _is_author(request.user):
        return HouseRuleForm(data, **kwargs)
    if instance is not None and instance.option:
        choices = ruling_choices.readings_of(instance.option)
        return RulingHouseRuleForm(data, ruling=None, choices=choices, **kwargs)
    return PlainHouseRuleForm(data, **kwargs)


def _rule_form_context(request, tournament, form):
    return {
        "tournament": tournament,
        "form": form,
        "ruling": getattr(form, "ruling", None),
        "for_authors": _is_author(request.user),
    }


@login_required
def house_rule_add(request, slug):
    """Step 1 finds the ruling the rule changes; step 2 says how the tournament rules it."""
    tournament = _editable_tournament(request, slug)
    ruling = _starting_ruling(
        tournament, request.POST.get("from_ruling") or request.GET.get("ruling")
    )
    if ruling is None and request.method == "GET" and "plain" not in request.GET:
        words = request.GET.get("q", "")[:200].strip()
        return render(
            request,
            "tournaments/tournament_rule_find.html",
            {
                "tournament": tournament,
                "words": words,
                "found": ruling_choices.find_rulings(tournament, words) if words else [],
                "unknown": bool(request.GET.get("ruling")),
            },
        )
    form = _rule_form(request, tournament, ruling, request.POST or None)
    status = 200
    if request.method == "POST":
        attempt = save_whole(
            lambda: saving.add_house_rule(form), form=form, what="a new house rule"
        )
        if attempt.saved and attempt.value is not None:
            messages.success(
                request, _("House rule added. Publish to make it the rule players read.")
            )
            return redirect("tournaments:tournament-edit", tournament.slug)
        status = attempt.status
    return render(
        request,
        "tournaments/tournament_rule_form.html",
        _rule_form_context(request, tournament, form),
        status=status,
    )


class HouseRuleEdit(EditView):
    """One house rule of the working copy; its save locks the tournament's row first."""

    model = HouseRule
    form_class = HouseRuleForm
    template_name = "tournaments/tournament_rule_form.html"
    context_object_name = "rule"
    message = _("House rule saved. Publish to make it the rule players read.")
    what = "a house rule"

    def get_object(self):
        self.tournament = _editable_tournament(self.request, self.kwargs["slug"])
        return get_object_or_404(HouseRule, pk=self.kwargs["pk"], tournament=self.tournament)

    def get_form(self, data=None):
        rule = self.object
        ruling = rule.ruling if rule.ruling_id else None
        return _rule_form(self.request, self.tournament, ruling, data, instance=rule)

    def get_context_data(self, **context):
        extra = _rule_form_context(self.request, self.tournament, context.pop("form"))
        return super().get_context_data(**extra, **context)

    def get_success_url(self, form):
        return reverse("tournaments:tournament-edit", args=[self.tournament.slug])

    def save(self, form):
        cleaned = form.cleaned_data
        return saving.save_house_rule(self.object, cleaned, cleaned.get("base_version"))


house_rule_edit = login_required(HouseRuleEdit.as_view())


@login_required
def house_rule_delete(request, slug, pk):
    tournament = _editable_tournament(request, slug)
    rule = get_object_or_404(HouseRule, pk=pk, tournament=tournament)
    context, status = {}, 200
    if request.method == "POST":
        attempt = save_whole(
            lambda: saving.delete_house_rule(rule, posted_version(request.POST)),
            what="removing a house rule",
        )
        if attempt.saved and attempt.value:
            messages.success(request, _("House rule removed. Publish to make the change official."))
            return redirect("tournaments:tournament-edit", tournament.slug)
        if attempt.saved:  # changed since the page was shown: show it as it is now
            rule, context["changed"], status = HouseRule.objects.get(pk=rule.pk), True, 409
        else:
            context["problem"], status = attempt.problem, attempt.status
    return render(
        request,
        "tournaments/tournament_rule_delete.html",
        {"tournament": tournament, "rule": rule, "base_version": latest_version(rule), **context},
        status=status,
    )
