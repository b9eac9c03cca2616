"""Offline at the venue: the service worker, the web app manifest, and each tournament's
list of pages to keep."""

from csp.utils import build_policy
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from tournaments.access import visible_or_404

from .offline import offline_manifest, touched_articles
from .offline_index import offline_index


@require_GET
def service_worker(request):
    # Served from the site's root, not /static/: a worker controls only pages under its path.
    # The site's Content-Security-Policy, for the one page the worker makes itself ("not saved").
    context = {"site_policy": build_policy()}
    response = render(
        request, "toolkit/sw.js", context, content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"  # a new worker reaches browsers on their next visit
    return response


@require_GET
def web_manifest(request):
    """Installable to the home screen: the site as an app opening on the home page."""
    data = {
        "name": "Rulings for mahjong tournament directors",
        "short_name": "Rulings",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#7a1f1f",
        "icons": [{"src": static("tiles/RD.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return JsonResponse(data, content_type="application/manifest+json")


def _kept(request, slug):
    """The tournament, or None when it cannot be kept (not published, or not visible)."""
    tournament = visible_or_404(request.user, slug)
    return tournament if tournament.is_published else None


NOT_KEPT = "Only a published tournament can be kept for offline use."


@require_GET
def tournament_pages(request, slug):
    """The pages "Keep for offline use" saves for a tournament (published ones only)."""
    tournament = _kept(request, slug)
    if tournament is None:
        return HttpResponse(NOT_KEPT, status=404)
    response = JsonResponse(offline_manifest(tournament))
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def search_index(request, slug):
    """What the kept pages say, for the search page's script to search offline."""
    tournament = _kept(request, slug)
    if tournament is None:
        return HttpResponse(NOT_KEPT, status=404)
    response = JsonResponse(offline_index(tournament), json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def not_saved(request, slug):
    """The page a saved copy answers for one that was not kept: links to what was."""
    tournament = _kept(request, slug)
    if tournament is None:
        return HttpResponse(NOT_KEPT, status=404)
    context = {"tournament": tournament, "articles": touched_articles(tournament)}
    response = render(request, "toolkit/offline_not_saved.html", context)
    response["Cache-Control"] = "no-store"
    return response
