"""A scenario's history pages: the list of versions, compare two, restore one.

Reading is open to everyone, as the scenario pages are, but a reader reads only the versions
that ran clean (`rulings.drafts.shown_to`), and a check that never did is a 404 to them, as
its page is; restoring is writing, so it needs the Editors or Tournament directors group
(checked here, on the server).
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from articles.wiki.timeline import chosen_pair
from rulings import drafts, scenario_history
from rulings.models import Scenario
from rulings.scenario_access import can_write_scenarios, scenario_writer_required


def _context(request, scenario, **extra):
    return {
        "label": f"Scenario “{scenario.title}”",
        "page_url": scenario.get_absolute_url(),
        "history_url": reverse("rulings:scenario-history", args=[scenario.slug]),
        "compare_url": reverse("rulings:scenario-compare", args=[scenario.slug]),
        "edit_url": reverse("rulings:scenario-edit", args=[scenario.slug]),
        "may_restore": can_write_scenarios(request.user),
        **extra,
    }


def _scenario(request, slug):
    """The scenario as this user may see it: to a reader, its last clean version (or 404)."""
    scenarios = Scenario.objects
    if not drafts.sees_drafts(request.user):
        scenarios = scenarios.for_readers()
    return get_object_or_404(scenarios, slug=slug)


@require_GET
def history(request, slug):
    scenario = _scenario(request, slug)
    records = scenario_history.records_of(scenario)
    versions = scenario_history.versions_of(scenario, records, request.user)
    context = _context(request, scenario, versions=list(reversed(versions.values())))
    return render(request, "history/history.html", context)


@require_GET
def compare(request, slug):
    scenario = _scenario(request, slug)
    records = scenario_history.records_of(scenario)
    versions = scenario_history.versions_of(scenario, records, request.user)
    pair = chosen_pair(request.GET, len(records))
    if pair is None or not set(pair) <= versions.keys():
        messages.error(request, "Choose two versions to compare.")
        return redirect("rulings:scenario-history", scenario.slug)
    (a, b) = pair
    parts = scenario_history.parts_between(records[a - 1], records[b - 1], request.user)
    context = _context(request, scenario, older=versions[a], newer=versions[b], parts=parts)
    return render(request, "history/compare.html", context)


@require_http_methods(["GET", "POST"])
@scenario_writer_required
def restore_version(request, slug, number):
    scenario = get_object_or_404(Scenario, slug=slug)
    records = scenario_history.records_of(scenario)
    if not 0 < number <= len(records):
        raise Http404("No such version of this scenario.")
    record = records[number - 1]
    stale = False
    if request.method == "POST":
        if request.POST.get("latest") == str(records[-1].history_id):
            if scenario_history.restore(scenario, record, number):
                messages.success(request, f"Version {number} was restored as a new version.")
            else:
                messages.info(request, f"The text is already version {number}'s; nothing saved.")
            return redirect("rulings:scenario-history", scenario.slug)
        stale = True  # someone saved after the page was shown: show what restoring does now
    versions = scenario_history.versions_of(scenario, records, request.user)
    context = _context(
        request,
        scenario,
        version=versions[number],
        parts=scenario_history.parts_between(scenario, record, request.user),
        latest=records[-1].history_id,
        stale=stale,
    )
    return render(request, "history/restore.html", context, status=409 if stale else 200)
