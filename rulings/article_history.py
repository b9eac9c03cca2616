"""The versions of an article's linked scenarios, for the article's one history (found by
the wiki's autodiscovery, as recent changes are)."""

from django.db.models import Count, Max
from django.urls import reverse

from articles.wiki.page_history import PageEntry
from rulings.models import Scenario
from versions.timeline import person

PART_ORDER = 4  # after the wiki's own parts when saved in the same instant


def entries(article) -> list[PageEntry]:
    """Every saved version of each scenario linked to the article now (one query each)."""
    scenarios = {s.pk: s.slug for s in Scenario.objects.filter(articles=article).only("slug")}
    records = (
        Scenario.history.filter(id__in=scenarios)
        .select_related("history_user")
        .order_by("id", "history_id")
    )
    found, numbers = [], {}
    for record in records:
        number = numbers[record.id] = numbers.get(record.id, 0) + 1
        slug = scenarios[record.id]
        compare = None
        if number > 1:
            compare = (
                reverse("rulings:scenario-compare", args=[slug]) + f"?from={number - 1}&to={number}"
            )
        found.append(
            PageEntry(
                date=record.history_date,
                part=f"Scenario: {record.title}",
                what=record.get_history_type_display().lower(),
                who=person(record.history_user),
                summary=record.history_change_reason or "",
                compare_url=compare,
                restore_url=reverse("rulings:scenario-restore", args=[slug, number]),
                order=(PART_ORDER, record.history_id),
            )
        )
    return found


def count(article):
    """(entries, latest date) of what `entries` lists, in one query."""
    linked = Scenario.objects.filter(articles=article).values("pk")
    found = Scenario.history.filter(id__in=linked).aggregate(
        n=Count("history_id"), latest=Max("history_date")
    )
    return found["n"], found["latest"]
