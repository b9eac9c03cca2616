"""Tournament pages: the list, a tournament's house-rules sheet (HTML and JSON), and editing.

Views stay thin: who may do what, publishing and the rulings comparison live in
`access`, `versions` and `comparison`; these only fetch, check and render.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render

from articles.sections import page_sections
from pagecache.pages import cache_for_readers
from versions.failures import save_whole
from versions.saving import latest_version, posted_version

from . import access, cards, comparison, saving, versions
from .forms import HouseRuleForm, TournamentForm
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
    return render(
        request,
        "tournaments/tournament_version.html",
        {
            "tournament": tournament,
            "version": version,
            "sheet": versions.published_sheet(tournament, version),
            "current": current,
            "is_current": current is not None and current.pk == version.pk,
        },
    )


@login_required
def tournament_create(request):
    if not access.can_create(request.user):
        raise PermissionDenied("Only tournament directors may start a tournament.")
    form = TournamentForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():

        def create_it():
            tournament = form.save()
            tournament.directors.add(request.user)
            return tournament

        attempt = save_whole(create_it, form=form, what="a new tournament")
        if attempt.saved:
            messages.success(request, "Tournament created as a draft. Add its house rules.")
            return redirect("tournaments:tournament-edit", attempt.value.slug)
        status = attempt.status
    context = {"form": form, "tournament": None}
    return render(request, "tournaments/tournament_form.html", context, status=status)


@login_required
def tournament_edit(request, slug):
    """The director's desk: details, the working copy of the house rules, publishing."""
    tournament = _editable_tournament(request, slug)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        attempt = save_whole(
            lambda: saving.save_details(
                tournament, form.cleaned_data, form.cleaned_data.get("base_version")
            ),
            form=form,
            what="a tournament's details",
        )
        if not attempt.saved:  # the form comes back with what was typed and why
            return _desk(request, tournament, form, status=attempt.status)
        outcome = attempt.value
        if not outcome.conflicts:
            messages.success(request, saving.saved_message("Tournament details saved.", outcome))
            return redirect("tournaments:tournament-edit", form.cleaned_data["slug"])
        form = TournamentForm(
            _resubmitted(request, outcome), instance=Tournament.objects.get(pk=tournament.pk)
        )
        return _desk(request, tournament, form, conflicts=outcome.conflicts, status=409)
    return _desk(request, tournament, form)


def _desk(request, tournament, form, status=200, **extra):
    """The edit page; publishing confirms on its own page, which carries what it will freeze."""
    working = versions.working_sheet(tournament)
    return render(
        request,
        "tournaments/tournament_edit.html",
        {
            "tournament": tournament,
            "form": form,
            "rules": tournament.house_rules.select_related("departs_from"),
            "unpublished": versions.unpublished_changes(tournament),
            "latest": versions.latest_version(tournament),
            "preview": comparison.rulings_under(working),
            **extra,
        },
        status=status,
    )


def _resubmitted(request, outcome):
    """The form again after a conflict: merged values, mine where they clash, and based on
    the version now saved, so saving again is a decision made with both in view."""
    data = request.POST.copy()
    for name, value in outcome.values.items():
        if isinstance(value, bool):
            value = "on" if value else "off"  # the house rule's value choices
        data[name] = "" if value is None else str(value)
    data["base_version"] = "" if outcome.latest_version is None else str(outcome.latest_version)
    return data


@login_required
def house_rule_add(request, slug):
    tournament = _editable_tournament(request, slug)
    form = HouseRuleForm(request.POST or None, tournament=tournament)
    status = 200
    if request.method == "POST":
        attempt = save_whole(
            lambda: saving.add_house_rule(form), form=form, what="a new house rule"
        )
        if attempt.saved and attempt.value is not None:
            messages.success(request, "House rule added. Publish to make it the rule players read.")
            return redirect("tournaments:tournament-edit", tournament.slug)
        status = attempt.status
    return render(
        request,
        "tournaments/tournament_rule_form.html",
        {"tournament": tournament, "form": form},
        status=status,
    )


@login_required
def house_rule_edit(request, slug, pk):
    tournament = _editable_tournament(request, slug)
    rule = get_object_or_404(HouseRule, pk=pk, tournament=tournament)
    form = HouseRuleForm(request.POST or None, instance=rule, tournament=tournament)
    context, status = {}, 200
    if request.method == "POST" and form.is_valid():
        attempt = save_whole(
            lambda: saving.save_house_rule(
                rule, form.cleaned_data, form.cleaned_data.get("base_version")
            ),
            form=form,
            what="a house rule",
        )
        outcome = attempt.value
        if not attempt.saved:
            status = attempt.status  # the form comes back with what was typed and why
        elif not outcome.conflicts:
            message = "House rule saved. Publish to make it the rule players read."
            messages.success(request, saving.saved_message(message, outcome))
            return redirect("tournaments:tournament-edit", tournament.slug)
        else:
            rule = HouseRule.objects.get(pk=rule.pk)
            form = HouseRuleForm(
                _resubmitted(request, outcome), instance=rule, tournament=tournament
            )
            context, status = {"conflicts": outcome.conflicts}, 409
    return render(
        request,
        "tournaments/tournament_rule_form.html",
        {"tournament": tournament, "form": form, "rule": rule, **context},
        status=status,
    )


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
            messages.success(request, "House rule removed. Publish to make the change official.")
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
