"""The search page: a thin view over `search.ranking.search`."""

from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe
from mahjong_rules.engine.tiles import is_tile_code, tile_name

from articles.models import RuleSet
from search.labels import kind_choices
from search.models import KIND_LABELS
from search.query import MAX_QUERY_LENGTH
from search.ranking import search as search_everything
from tournaments.chosen import chosen_tournament

SUGGESTIONS = 10  # results in JSON: what the search box shows as you type


@require_safe
def search(request):
    """`/search/?q=…[&ruleset=…][&kind=…][&format=json]`.

    A number or key that names exactly one article goes straight to it; JSON puts the
    articles it names first. Filters that name nothing are ignored, never an error. The
    reader's chosen tournament (its cookie) puts its house rules first.
    """
    query = request.GET.get("q", "").strip()[:MAX_QUERY_LENGTH]
    as_json = request.GET.get("format") == "json"
    # Checked against the keys in Python: what a reader sends never reaches a query
    # (PostgreSQL refuses a NUL byte with an error). The search box's JSON, asked at every
    # keystroke, reads the rule sets only when it is filtered by one.
    ruleset = request.GET.get("ruleset", "")
    rulesets = [] if as_json and not ruleset else list(RuleSet.objects.all())
    names = {rs.key: rs.name for rs in rulesets}
    if ruleset not in names:
        ruleset = ""
    kind = request.GET.get("kind", "")
    kind = kind if kind in KIND_LABELS else ""
    exact = request.GET.get("exact") == "1"  # "search instead for" what was typed

    results = search_everything(
        query,
        ruleset=ruleset,
        kind=kind,
        limit=SUGGESTIONS if as_json else 30,
        suggest=as_json,
        exact=exact,
        tournament=chosen_tournament(request),
        # The interface's language (/nl/…): a Dutch reader's query reads Dutch pages first.
        language=(get_language() or "en")[:2],
    )
    if as_json:
        return JsonResponse({"results": results.as_json(SUGGESTIONS)})
    if len(results.articles) == 1:
        return redirect(results.articles[0])
    for hit in results.hits:
        hit.ruleset_name = names.get(hit.ruleset, "")
    return render(
        request,
        "search/search.html",
        {
            "query": query,
            "search_query": query,  # the header's search box shows it too
            "results": results,
            "ruleset": ruleset,
            "kind": kind,
            "rulesets": rulesets,
            "kinds": kind_choices(),
        },
    )


@require_safe
def tile(request, code):
    """`/tiles/3B/`: a tile, its picture and every page that mentions it, rulings first."""
    if not is_tile_code(code) or code != code.upper():
        raise Http404("No such tile.")
    hits = [hit for hit in search_everything(code, limit=100).hits if hit.kind != "tile"]
    return render(
        request,
        "search/tile.html",
        {"code": code, "name": tile_name(code), "hits": hits},
    )
