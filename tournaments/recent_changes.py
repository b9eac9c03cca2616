"""Tournament versions for the site's recent changes (found by the wiki's autodiscovery).

Only tournaments the reader may see, and of those only what players read: publishes and
withdrawals. Saves to a working copy (details and house rules) are a draft of the next
version, shown to its directors and staff alone, as a draft tournament is. A card's changes
are shown to whoever may see the card (a private card's: its tournament's directors, editors
and staff).
"""

from django.urls import reverse

from articles.wiki.queries import ContributedChange

from .history import RULE_VERBS
from .models import Card, HouseRule, PublishedVersion, Tournament

DETAIL_VERBS = {"+": "tournament created", "~": "details changed", "-": "tournament deleted"}


def _history_url(slug):
    return reverse("tournaments:tournament-history", args=[slug])


def changes(limit, user):
    """The latest saves, publishes and withdrawals of tournaments this user may see.

    Five queries, whatever the number of tournaments and cards.
    """
    if user is None or not user.is_authenticated:
        visible, working = Tournament.objects.published(), Tournament.objects.none()
    else:
        visible = Tournament.objects.visible_to(user)
        working = Tournament.objects.all() if user.is_staff else user.directed_tournaments.all()
    visible, working = visible.values("pk"), working.values("pk")
    rows = []
    details = (
        Tournament.history.filter(id__in=working)
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
        HouseRule.history.filter(tournament_id__in=working)
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
    rows.extend(_card_changes(limit, user))
    return rows


def _card_changes(limit, user):
    visible = Card.objects.visible_to(user).values("pk")
    records = (
        Card.history.filter(id__in=visible)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
    return [
        ContributedChange(
            date=record.history_date,
            label=f"Card: {record.name}",
            what={"+": "card added"}.get(
                record.history_type, record.get_history_type_display().lower()
            ),
            who_user=record.history_user,
            summary=record.history_change_reason or "",
            url=reverse("cards:card-history", args=[record.id]),
        )
        for record in records[:limit]
    ]
