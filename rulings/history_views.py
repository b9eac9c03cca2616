"""A scenario's history pages: the list of versions, compare two, restore one.

Reading is open to everyone, as the scenario pages are; restoring is writing, so it needs
the Editors or Tournament directors group (checked here, on the server).
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from rulings import scenario_history
from rulings.models import Scenario
from rulings.scenario_access import can_write_scenarios, scenario_writer_required
from versions.timeline import chosen_pair


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


@require_GET
def history(request, slug):
    scenario = get_object_or_404(Scenario, slug=slug)
    records = scenario_history.records_of(scenario)
    versions = scenario_history.versions_of(scenario, records)
    context = _context(request, scenario, versions=list(reversed(versions)))
    return render(request, "history/history.html", context)


@require_GET
def compare(request, slug):
    scenario = get_object_or_404(Scenario, slug=slug)
    records = scenario_history.records_of(scenario)
    pair = chosen_pair(request.GET, len(records))
    if pair is None:
        messages.error(request, "Choose two versions to compare.")
        return redirect("rulings:scenario-history", scenario.slug)
    versions = scenario_history.versions_of(scenario, records)
    (a, b) = pair
    parts = scenario_history.parts_between(records[a - 1], records[b - 1])
    context = _context(request, scenario, older=versions[a - 1], newer=versions[b - 1], parts=parts)
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
    versions = scenario_history.versions_of(scenario, records)
    context = _context(
        request,
        scenario,
        version=versions[number - 1],
        parts=scenario_history.parts_between(scenario, record),
        latest=records[-1].history_id,
        stale=stale,
    )
    return render(request, "history/restore.html", context, status=409 if stale else 200)
