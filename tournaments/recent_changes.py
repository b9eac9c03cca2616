"""Tournament versions for the site's recent changes (found by the wiki's autodiscovery).

Only tournaments the reader may see: a draft's changes, and its house rules', are shown to
its directors and staff alone, as the draft itself is.
"""

from django.urls import reverse

from articles.wiki.queries import ContributedChange

from .history import RULE_VERBS
from .models import HouseRule, PublishedVersion, Tournament

DETAIL_VERBS = {"+": "tournament created", "~": "details changed", "-": "tournament deleted"}


def _history_url(slug):
    return reverse("tournaments:tournament-history", args=[slug])


def changes(limit, user):
    """The latest saves, publishes and withdrawals of tournaments this user may see.

    Four queries, whatever the number of tournaments.
    """
    if user is None or not user.is_authenticated:
        visible = Tournament.objects.published()
    else:
        visible = Tournament.objects.visible_to(user)
    visible = visible.values("pk")
    rows = []
    details = (
        Tournament.history.filter(id__in=visible)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
    for record in details[:limit]:
        rows.append(
            ContributedChange(
                date=record.history_date,
                label=f"Tournament: {record.name}",
                what=DETAIL_VERBS.get(record.history_type, "details changed"),
                who_user=record.history_user,
                summary=record.history_change_reason or "",
                url=_history_url(record.slug),
            )
        )
    rules = (
        HouseRule.history.filter(tournament_id__in=visible)
        .select_related("history_user", "tournament")
        .order_by("-history_date", "-history_id")
    )
    for record in rules[:limit]:
        rows.append(
            ContributedChange(
                date=record.history_date,
                label=f"House rule of {record.tournament.name}",
                what=RULE_VERBS.get(record.history_type, "house rule changed"),
                who_user=record.history_user,
                summary=record.history_change_reason or "",
                url=_history_url(record.tournament.slug),
            )
        )
    versions = PublishedVersion.objects.filter(tournament__in=visible).select_related(
        "tournament", "published_by", "withdrawn_by"
    )
    published = versions.filter(published_at__isnull=False).order_by("-published_at")
    for version in published[:limit]:
        rows.append(
            ContributedChange(
                date=version.published_at,
                label=f"Tournament: {version.tournament.name}",
                what=f"published version {version.number}",
                who_user=version.published_by,
                url=_history_url(version.tournament.slug),
            )
        )
    withdrawn = versions.filter(withdrawn_at__isnull=False).order_by("-withdrawn_at")
    for version in withdrawn[:limit]:
        rows.append(
            ContributedChange(
                date=version.withdrawn_at,
                label=f"Tournament: {version.tournament.name}",
                what=f"withdrew version {version.number}",
                who_user=version.withdrawn_by,
                summary=version.withdrawal_reason,
                url=_history_url(version.tournament.slug),
            )
        )
    return rows
