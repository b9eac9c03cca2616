"""Offline at the venue: the service worker, the web app manifest, and each tournament's
list of pages to keep."""

import hashlib
import json
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET

from tournaments.access import visible_or_404

from .offline import offline_manifest, touched_articles
from .offline_index import offline_index

STYLESHEETS = ["css/site.css", "css/reading.css", "css/community.css"]  # base.html's


def _digest(*paths) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()[:16]


def _precache() -> list[dict]:
    """What the worker precaches for every reader, each with a revision that changes with its
    content: the page for "nothing was kept" (its templates) and the site's stylesheets."""
    templates = [
        get_template(name).origin.name
        for name in ("toolkit/offline_nothing_kept.html", "base.html")
    ]
    return [
        {"url": reverse("toolkit:offline-nothing-kept"), "revision": _digest(*templates)},
        *({"url": static(css), "revision": _digest(finders.find(css))} for css in STYLESHEETS),
    ]


@require_GET
def service_worker(request):
    # Served from the site's root, not /static/: a worker controls only pages under its path.
    context = {
        "precache": json.dumps(_precache()),
        "nothing_kept": reverse("toolkit:offline-nothing-kept"),
        # "/nl": where each language's pages are, but the default's (unprefixed)
        "language_prefixes": json.dumps(
            [f"/{code}" for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
        ),
    }
    response = render(
        request, "toolkit/sw.js", context, content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"  # a new worker reaches browsers on their next visit
    return response


@require_GET
def web_manifest(request):
    """Installable to the home screen: the site as an app opening on the home page."""
    data = {
        "name": gettext("Rulings for mahjong tournament directors"),
        "short_name": gettext("Rulings"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#7a1f1f",
        "icons": [{"src": static("tiles/RD.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_GET
def nothing_kept(request):
    """The page the worker answers, offline, when no tournament was kept: fixed words. The
    worker precaches it without cookies, so it is an anonymous reader's page."""
    response = render(request, "toolkit/offline_nothing_kept.html")
    response["Cache-Control"] = "no-store"
    return response


NOT_KEPT = gettext_lazy("Only a published tournament can be kept for offline use.")


def for_a_kept_tournament(view):
    """The view is given the tournament, when it can be kept (published and visible; else
    404), and its answer is never stored: a saved copy fetches it fresh."""

    @wraps(view)
    def wrapped(request, slug):
        tournament = visible_or_404(request.user, slug)
        if not tournament.is_published:
            return HttpResponse(str(NOT_KEPT), status=404)
        response = view(request, tournament)
        response["Cache-Control"] = "no-store"
        return response

    return wrapped


@require_GET
@for_a_kept_tournament
def tournament_pages(request, tournament):
    """The pages "Keep for offline use" saves for a tournament (published ones only)."""
    return JsonResponse(offline_manifest(tournament, request.user))


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
