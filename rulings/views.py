"""Scenario pages: the list, one scenario, the step reference, the editor and its live check."""

import logging
import time

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from mahjong_rules.scenarios import runner
from mahjong_rules.scenarios.registry import KEYWORDS, PARAMETER_TYPES

from articles.models import Article
from articles.sections import page_sections
from mahjong_rules import presentation
from pagecache.pages import cache_for_readers
from rulings import card_sources, checks, drafts, reader_words, scenario_store, step_tables
from rulings.forms import MAX_TEXT_CHARS, ScenarioForm, check_text
from rulings.models import Scenario
from rulings.scenario_access import REFUSED, can_write_scenarios, scenario_writer_required
from versions.failures import save_whole

log = logging.getLogger(__name__)


@require_GET
@cache_for_readers
def scenario_list(request):
    """Every scenario as readers see it; writers also get a link to the drafts."""
    scenarios = list(Scenario.objects.for_readers().prefetch_related("articles"))
    drawings = checks.drawings_for(scenarios)
    rows = [
        (scenario, reader_words.states_summary(values))
        for scenario, (_, values) in zip(scenarios, drawings, strict=True)
    ]
    return render(
        request,
        "rulings/scenario_list.html",
        {
            "rows": rows,
            "summary": checks.section_summary(drawings),
            "can_edit": can_write_scenarios(request.user),
            "draft_count": (
                Scenario.objects.drafts().count() if can_write_scenarios(request.user) else 0
            ),
        },
    )


@require_GET
@cache_for_readers
def scenario_detail(request, slug):
    """A scenario as readers see it; to its writers, a draft with its problems instead."""
    can_edit = can_write_scenarios(request.user)
    scenarios = Scenario.objects.prefetch_related("articles")
    if can_edit:
        scenario = get_object_or_404(scenarios, slug=slug)
    else:
        scenario = get_object_or_404(scenarios.for_readers(), slug=slug)
    context = {"scenario": scenario, "can_edit": can_edit}
    if can_edit and scenario.is_draft:
        context["problems"] = drafts.problems(scenario.text)
    context["drawing"], _ = checks.drawings_for([scenario])[0]
    if can_edit:  # authors only: one more run, uncached, to read each step's table
        context["step_tables"] = step_tables.step_tables(
            scenario.text, card_sources.public_lookup()
        )
    if not scenario.is_draft:
        context["sections"] = page_sections("scenario", scenario=scenario)
    return render(request, "rulings/scenario_detail.html", context)


@require_GET
@cache_for_readers
def scenario_drawing(request, slug, key):
    """A check's whole drawing as the article `key`'s page draws it: the HTML fragment its
    light line there fetches when opened (static/js/drawings.js). Only a check readers may
    see (its last clean version, as on the article's page) linked to a published article."""
    articles = Article.objects.published().filter(key=key)
    scenario = get_object_or_404(
        Scenario.objects.reader_rows().filter(articles__in=articles), slug=slug
    )
    [(html, _)] = checks.drawings_for([scenario], article_key=key)
    if can_write_scenarios(request.user):  # authors: each step's table, to copy (one more run)
        tables = step_tables.step_tables(scenario.text, card_sources.public_lookup())
        if tables:
            html += render_to_string("rulings/_step_tables.html", {"step_tables": tables})
    response = HttpResponse(html)
    response["X-Robots-Tag"] = "noindex"  # a part of the article's page, not a page
    return response


@require_GET
@scenario_writer_required
def draft_list(request):
    """The checks that need work: each draft with what keeps it from readers."""
    rows = [
        (scenario, drafts.problems(scenario.text))
        for scenario in Scenario.objects.drafts().order_by("-updated_at")
    ]
    return render(request, "rulings/draft_list.html", {"rows": rows})


@require_GET
@cache_for_readers
def step_reference(request):
    """Every phrase the runner knows, straight from its registry, so it cannot drift."""
    registry = runner.default_engine().registry  # the one steps.py fills: what really runs
    sections = [(keyword, registry.phrases(keyword)) for keyword in KEYWORDS]
    parameters = [(name, doc) for name, _pattern, _transform, doc in PARAMETER_TYPES]
    return render(
        request, "rulings/step_reference.html", {"sections": sections, "parameters": parameters}
    )


NUL = "\x00"
NUL_IN_TEXT = gettext_lazy(
    "The text has a NUL character, which a scenario may not hold: remove it to check it."
)


def _check(text, user):
    """The live check of a text: its line-by-line results and what stops it being saved.

    Run uncached: a draft changes with every pause in typing, and caching each version
    would fill the cache with texts nobody will ask for again (a save stores its result).
    The writer's own cards count here (a private one too); the saved scenario's public
    page runs with the public cards only."""
    if NUL in text:
        # The form refuses it (Django's CharField), and PostgreSQL cannot even compare it
        # with a card's name: say so instead of running.
        return {"error": str(NUL_IN_TEXT), "summary": str(NUL_IN_TEXT), "lines": [], "blocking": []}
    # A failed step carries the table it failed at: its line shows it to the author.
    result = checks.run(text, card_lookup=card_sources.lookup_for(user))
    report = presentation.line_report(result)
    report["blocking"] = [] if result.problems else check_text(text)
    return report


@require_http_methods(["GET", "POST"])
@scenario_writer_required
def scenario_edit(request, slug=None):
    """Create (no slug) or edit a scenario; "Check" re-renders with results, "Save" saves."""
    scenario = get_object_or_404(Scenario, slug=slug) if slug else Scenario()
    form = ScenarioForm(request.POST or None, instance=scenario)
    context = {"form": form, "scenario": scenario if scenario.pk else None}
    status = 200
    if request.method == "POST":
        if request.POST.get("action") != "check" and form.is_valid():
            if scenario.pk is None:
                attempt = save_whole(form.save, form=form, what="a scenario")
                if attempt.saved:
                    saved = attempt.value
                    if saved.is_draft:
                        messages.warning(request, _saved_as_draft(saved))
                    else:
                        messages.success(request, _("Saved “%(title)s”.") % {"title": saved.title})
                    return redirect(saved)
                status = attempt.status  # the form comes back with the text and why
            else:
                attempt = save_whole(
                    lambda: scenario_store.save_text(
                        scenario,
                        form.cleaned_data["text"],
                        form.cleaned_data.get("base_history_id"),
                        form.cleaned_data.get("summary") or "Edited",
                    ),
                    form=form,
                    what="a scenario",
                )
                outcome = attempt.value
                if not attempt.saved:
                    status = attempt.status  # the form comes back with the text and why
                elif not outcome.conflicts:
                    scenario.refresh_from_db(fields=["title", "is_draft", "published_text"])
                    if scenario.is_draft and not outcome.unchanged:
                        messages.warning(request, _saved_as_draft(scenario))
                    else:
                        messages.success(request, _saved_message(outcome, scenario))
                    return redirect(scenario)
                else:
                    # Someone saved the same lines meanwhile: show both, keep ours, save
                    # nothing. The form now starts from their version, so saving again is a
                    # decision.
                    context["conflict"] = scenario.history.order_by("-history_id").first()
                    data = request.POST.copy()
                    data["text"] = outcome.values["text"]
                    data["base_history_id"] = outcome.latest_version
                    context["form"] = ScenarioForm(
                        data, instance=Scenario.objects.get(pk=scenario.pk)
                    )
                    status = 409
        # Only for a page that is shown again: a saved text is run by the save itself.
        text = request.POST.get("text", "")[: MAX_TEXT_CHARS + 1]
        if len(text) <= MAX_TEXT_CHARS and _too_many_checks(request.user):
            # The Check button counts with the live check: both run the text.
            context["report"] = {"summary": _too_fast(), "lines": []}
        elif len(text) <= MAX_TEXT_CHARS:
            context["report"] = _check(text.replace("\r\n", "\n"), request.user)
    elif scenario.pk and scenario.is_draft:
        context["problems"] = drafts.problems(scenario.text)
    return render(request, "rulings/scenario_edit.html", context, status=status)


def _saved_as_draft(scenario):
    if scenario.published_text:
        return _(
            "Saved “%(title)s” as a draft: it does not run clean yet, so readers still see "
            "the last version that did."
        ) % {"title": scenario.title}
    return _(
        "Saved “%(title)s” as a draft: it does not run clean yet, so readers will see it "
        "once it does."
    ) % {"title": scenario.title}


# The editor checks after each pause in typing. More than this many checks from one user
# in one window is not typing: it would hold a worker each, and readers would wait.
LIVE_CHECKS = 12
LIVE_CHECK_WINDOW = 10  # seconds
TOO_FAST = gettext_lazy(
    "Checking paused: more than %(checks)s checks in %(seconds)s seconds. It checks again "
    "when you next pause typing after a few seconds (or press Check)."
)


def _too_fast():
    return TOO_FAST % {"checks": LIVE_CHECKS, "seconds": LIVE_CHECK_WINDOW}


def _too_many_checks(user):
    """Count this check against the user's window; True when over the limit. The counter is
    in Django's cache, so every worker (and server, with Redis) counts the same checks."""
    window = int(time.time() // LIVE_CHECK_WINDOW)
    key = f"live-check:{user.pk}:{window}"
    cache.add(key, 0, timeout=LIVE_CHECK_WINDOW * 2)
    try:
        count = cache.incr(key)
    except ValueError:  # the entry expired between add and incr
        cache.set(key, 1, timeout=LIVE_CHECK_WINDOW * 2)
        count = 1
    return count > LIVE_CHECKS


def _saved_message(outcome, scenario):
    if outcome.unchanged:
        return _("Nothing changed, so no new version was saved.")
    if outcome.merged:
        return _(
            "Saved “%(title)s”. Someone else saved it while you were editing; "
            "their changes and yours touched different parts and were merged."
        ) % {"title": scenario.title}
    return _("Saved “%(title)s”.") % {"title": scenario.title}


@require_POST
def scenario_check(request):
    """JSON for the editor's live check: per line, its mark, messages and nearest phrases."""
    if not can_write_scenarios(request.user):
        return JsonResponse({"error": REFUSED}, status=403)
    if _too_many_checks(request.user):
        response = JsonResponse({"error": _too_fast()}, status=429)
        response["Retry-After"] = str(LIVE_CHECK_WINDOW)
        return response
    text = request.POST.get("text", "")
    if len(text) > MAX_TEXT_CHARS:
        return JsonResponse(
            {
                "error": _("The text is too long to check: at most %(count)s characters.")
                % {"count": f"{MAX_TEXT_CHARS:,}"}
            },
            status=400,
        )
    report = _check(text.replace("\r\n", "\n"), request.user)
    return JsonResponse(report, status=400 if "error" in report else 200)
