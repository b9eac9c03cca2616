"""Tournament pages: the list, a tournament's house-rules sheet (HTML and JSON), and editing.

Views stay thin: who may do what, publishing and the rulings comparison live in
`access`, `versions` and `comparison`; these only fetch, check and render.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render

from articles.wiki.failures import save_whole
from pagecache.pages import cache_for_readers

from . import access, cards, comparison, versions
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
        },
    )


@cache_for_readers
def tournament_json(request, slug):
    tournament = _visible_tournament(request, slug)
    data = comparison.page_as_json(
        comparison.tournament_page(tournament), request.build_absolute_uri
    )
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 2})


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
    status = 200
    if request.method == "POST" and form.is_valid():
        attempt = save_whole(form.save, form=form, what="a tournament's details")
        if attempt.saved:
            messages.success(request, "Tournament details saved.")
            return redirect("tournaments:tournament-edit", attempt.value.slug)
        status = attempt.status
        tournament = _editable_tournament(request, slug)  # as saved, not as typed
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
        },
        status=status,
    )


@login_required
def house_rule_add(request, slug):
    tournament = _editable_tournament(request, slug)
    form = HouseRuleForm(request.POST or None, tournament=tournament)
    status = 200
    if request.method == "POST" and form.is_valid():
        attempt = save_whole(form.save, form=form, what="a new house rule")
        if attempt.saved:
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
    status = 200
    if request.method == "POST" and form.is_valid():
        attempt = save_whole(form.save, form=form, what="a house rule")
        if attempt.saved:
            messages.success(request, "House rule saved. Publish to make it the rule players read.")
            return redirect("tournaments:tournament-edit", tournament.slug)
        status = attempt.status
    return render(
        request,
        "tournaments/tournament_rule_form.html",
        {"tournament": tournament, "form": form, "rule": rule},
        status=status,
    )


@login_required
def house_rule_delete(request, slug, pk):
    tournament = _editable_tournament(request, slug)
    rule = get_object_or_404(HouseRule, pk=pk, tournament=tournament)
    context, status = {"tournament": tournament, "rule": rule}, 200
    if request.method == "POST":
        attempt = save_whole(rule.delete, what="removing a house rule")
        if attempt.saved:
            messages.success(request, "House rule removed. Publish to make the change official.")
            return redirect("tournaments:tournament-edit", tournament.slug)
        context["problem"], status = attempt.problem, attempt.status
    return render(request, "tournaments/tournament_rule_delete.html", context, status=status)
