"""The versions of an article's linked scenarios, for the article's one history (the
wiki's `article_history` and `article_history_count` hooks, registered in
`RulingsConfig.ready()`).

The article's history is a reader's page, the same for everyone (its entries number the
page's versions, which citations and printed QR codes name). Every save of a linked scenario
is an entry, so those numbers never move; a draft save is listed without a word of the draft
(`rulings.drafts.shown_to` decides what a reader sees): only that a check was saved as a
draft, under the title readers know."""

from django.db.models import Count, Max
from django.urls import reverse
from django.utils.translation import gettext

from articles.wiki.page_history import PageEntry
from rulings import drafts
from rulings.models import Scenario
from versions.tables import history_rows
from versions.timeline import person

PART_ORDER = 4  # after the wiki's own parts when saved in the same instant


def entries(article) -> list[PageEntry]:
    """Every version readers were shown of each scenario linked to the article now (one
    query each), numbered as the scenario's own history numbers it."""
    scenarios = {s.pk: s.slug for s in Scenario.objects.filter(articles=article).only("slug")}
    records = (
        Scenario.history.filter(id__in=scenarios)
        .select_related("history_user")
        .order_by("id", "history_id")
    )
    found, numbers, shown_before = [], {}, {}
    for record in records:
        number = numbers[record.id] = numbers.get(record.id, 0) + 1
        shown = drafts.shown_to(None, record)
        slug = scenarios[record.id]
        if shown is None:
            found.append(_draft_entry(record))
            continue
        compare = None
        before = shown_before.get(record.id)
        if before is not None:
            compare = (
                reverse("rulings:scenario-compare", args=[slug]) + f"?from={before}&to={number}"
            )
        shown_before[record.id] = number
        found.append(
            PageEntry(
                date=record.history_date,
                part=gettext("Scenario: %(title)s") % {"title": shown.title},
                what=record.get_history_type_display().lower(),
                who=person(record.history_user),
                summary=shown.summary,
                compare_url=compare,
                restore_url=reverse("rulings:scenario-restore", args=[slug, number]),
                order=(PART_ORDER, record.history_id),
            )
        )
    return found


def _draft_entry(record) -> PageEntry:
    """A save readers were not shown: it keeps its place (the page's version numbers), and
    says nothing of the draft but that it exists, under the title readers read, if any."""
    title = record.published_title
    return PageEntry(
        date=record.history_date,
        part=gettext("Scenario: %(title)s") % {"title": title}
        if title
        else gettext("A scenario check not yet published"),
        what="saved as a draft (not shown to readers)",
        who=person(record.history_user),
        order=(PART_ORDER, record.history_id),
    )


def count(article):
    """(entries, latest date) of what `entries` lists, in one query."""
    linked = Scenario.objects.filter(articles=article).values("pk")
    rows = history_rows(Scenario).filter(id__in=linked)
    found = rows.aggregate(n=Count("history_id"), latest=Max("history_date"))
    return found["n"], found["latest"]
