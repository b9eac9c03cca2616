"""Offline at the venue: the service worker, the web app manifest, and each tournament's
list of pages to keep."""

from functools import wraps

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


NOT_KEPT = "Only a published tournament can be kept for offline use."


def for_a_kept_tournament(view):
    """The view is given the tournament, when it can be kept (published and visible; else
    404), and its answer is never stored: a saved copy fetches it fresh."""

    @wraps(view)
    def wrapped(request, slug):
        tournament = visible_or_404(request.user, slug)
        if not tournament.is_published:
            return HttpResponse(NOT_KEPT, status=404)
        response = view(request, tournament)
        response["Cache-Control"] = "no-store"
        return response

    return wrapped


@require_GET
@for_a_kept_tournament
def tournament_pages(request, tournament):
    """The pages "Keep for offline use" saves for a tournament (published ones only)."""
    return JsonResponse(offline_manifest(tournament))


@require_GET
@for_a_kept_tournament
def search_index(request, tournament):
    """What the kept pages say, for the search page's script to search offline."""
    return JsonResponse(offline_index(tournament), json_dumps_params={"ensure_ascii": False})


@require_GET
@for_a_kept_tournament
def not_saved(request, tournament):
    """The page a saved copy answers for one that was not kept: links to what was."""
    context = {"tournament": tournament, "articles": touched_articles(tournament)}
    return render(request, "toolkit/offline_not_saved.html", context)
