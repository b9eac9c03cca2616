"""Talk pages, watches and preferences in the site's recent changes (found by the wiki's
autodiscovery).

Threads and replies are listed for whoever may read their talk page (a draft tournament's
only for its directors and staff); a hidden reply shows that it was hidden, never its text.
A user's watches and preferences are their own business: listed to them alone.
"""

from django.db.models import Q
from django.urls import reverse

from articles.wiki.queries import ContributedChange
from tournaments.models import Tournament

from .models import Preferences, Reply, Thread, Watch

VERBS = {"+": "started", "~": "changed", "-": "deleted"}
REPLY_VERBS = {"+": "reply posted", "~": "reply changed", "-": "reply deleted"}


def _visible(user):
    tournaments = (
        Tournament.objects.visible_to(user)
        if user is not None and user.is_authenticated
        else Tournament.objects.published()
    )
    return Q(article__isnull=False) | Q(tournament__in=tournaments.values("pk"))


def _history_url(thread_pk):
    return reverse("community:thread-history", args=[thread_pk])


def changes(limit, user):
    """The latest talk versions this user may see, and their own watch and preference
    changes. Four queries at most."""
    visible = Thread.objects.filter(_visible(user)).values("pk")
    rows = []
    threads = (
        Thread.history.filter(id__in=visible)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
    for record in threads[:limit]:
        rows.append(
            ContributedChange(
                date=record.history_date,
                label=f"Discussion: {record.title}",
                what=f"thread {VERBS.get(record.history_type, 'changed')}",
                who_user=record.history_user,
                summary=record.history_change_reason or "",
                url=_history_url(record.id),
            )
        )
    replies = (
        Reply.history.filter(thread_id__in=visible)
        .select_related("history_user", "thread")
        .order_by("-history_date", "-history_id")
    )
    for record in replies[:limit]:
        rows.append(
            ContributedChange(
                date=record.history_date,
                label=f"Discussion: {record.thread.title}",
                what=REPLY_VERBS.get(record.history_type, "reply changed"),
                who_user=record.history_user,
                summary=record.history_change_reason or "",
                url=_history_url(record.thread_id),
            )
        )
    if user is not None and user.is_authenticated:
        rows += _own_changes(limit, user)
    return rows


def _own_changes(limit, user):
    rows = []
    watches = Watch.history.filter(user=user).order_by("-history_date", "-history_id")
    for record in watches[:limit]:
        rows.append(
            ContributedChange(
                date=record.history_date,
                label="Your watchlist",
                what="page watched" if record.history_type == "+" else "page no longer watched",
                who_user=user,
                url=reverse("community:watchlist"),
            )
        )
    preferences = Preferences.history.filter(user=user).order_by("-history_date", "-history_id")
    for record in preferences[:limit]:
        rows.append(
            ContributedChange(
                date=record.history_date,
                label="Your notice preferences",
                what=f"e-mail: {record.get_delivery_display()}",
                who_user=user,
                summary=record.history_change_reason or "",
                url=reverse("community:preferences"),
            )
        )
    return rows
