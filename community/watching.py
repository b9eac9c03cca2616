"""Watching a page: the pages that can be watched, the toggle, and the watchlist."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.http import Http404
from django.utils import timezone

from articles.models import Article
from rulings.models import Scenario
from tournaments import access
from tournaments.models import Tournament

from .models import Notification, Watch

KINDS = ("article", "scenario", "tournament")


def find_page(kind: str, key: str, user):
    """The page a user may watch, by kind and its key or slug; 404 for anything else (a
    draft tournament they may not see, an unpublished article, a scenario never published)."""
    if kind == "article":
        page = Article.objects.published().filter(key=key).first()
    elif kind == "scenario":
        page = Scenario.objects.for_readers().filter(slug=key).only("pk", "slug").first()
    elif kind == "tournament":
        page = Tournament.objects.filter(slug=key).first()
        if page is not None and not access.can_view(user, page):
            page = None
    else:
        page = None
    if page is None:
        raise Http404("Nothing to watch at this address.")
    return page


def set_watching(user, kind: str, page, watch: bool) -> bool:
    """Watch or stop watching, as the button the user pressed said (pressing twice does the
    same thing twice, never the opposite). Returns whether they now watch it."""
    with transaction.atomic():
        existing = Watch.objects.select_for_update().filter(user=user, **{kind: page}).first()
        if watch and existing is None:
            Watch(user=user, last_visited_at=timezone.now(), **{kind: page}).save()
        elif not watch and existing is not None:
            existing.delete()
    return watch


@dataclass
class WatchlistRow:
    watch: Watch
    label: str
    url: str
    changes: int  # notices about it since the user last looked at the watchlist
    latest: object  # the newest of them, or None


def watchlist(user) -> list[WatchlistRow]:
    """Each watched page with what changed since the user's last visit to the watchlist."""
    watches = list(
        Watch.objects.filter(user=user).select_related("article", "scenario", "tournament")
    )
    notices = Notification.objects.filter(user=user)
    rows = []
    for watch in watches:
        page = {watch.page_kind: watch.page}
        since = notices.filter(**page)
        if watch.last_visited_at:
            since = since.filter(created_at__gt=watch.last_visited_at)
        summary = since.aggregate(latest=Max("created_at"))
        rows.append(
            WatchlistRow(
                watch=watch,
                label=watch.page_label,
                url=watch.page.get_absolute_url(),
                changes=since.count(),
                latest=summary["latest"],
            )
        )
    rows.sort(key=lambda row: (row.changes == 0, row.label.casefold()))
    return rows


def visited(user) -> None:
    """The user has seen their watchlist: what changes from now on is new."""
    Watch.objects.filter(user=user).update(last_visited_at=timezone.now())
