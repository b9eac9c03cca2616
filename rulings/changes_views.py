"""What changed between two dates: every check whose verdict a change of League rules flipped,
with its source and article (`/rules/changes/?from=…&to=…`), and an Atom feed of the last year."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.contrib.syndication.views import Feed
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from articles.atom import TextAtomFeed
from rulings import over_time
from rulings.models import Scenario

YEAR = timedelta(days=365)


def readers_scenarios():
    """Every scenario as readers see it, with its articles (two queries)."""
    return list(Scenario.objects.reader_rows().prefetch_related("articles"))


def _day(value: str, name: str, errors: list[str]) -> date | None:
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        errors.append(
            _("“%(value)s” is not a date for “%(name)s”: write it as YYYY-MM-DD, e.g. 2024-01-01.")
            % {"value": value, "name": name}
        )
        return None


def period(query) -> tuple[date, date, list[str], dict]:
    """(from, to, problems, what was typed): a missing date takes its default (to: today;
    from: a year before to); a date that does not read is a problem, never an error page."""
    typed = {"from": query.get("from", ""), "to": query.get("to", "")}
    errors: list[str] = []
    to_name, from_name = pgettext("a period", "to"), pgettext("a period", "from")
    end = _day(typed["to"], to_name, errors) if typed["to"].strip() else timezone.localdate()
    end = end or timezone.localdate()
    start = _day(typed["from"], from_name, errors) if typed["from"].strip() else end - YEAR
    start = start or end - YEAR
    if start > end:
        errors.append(_("The first date comes after the second: nothing can change in between."))
    return start, end, errors, typed


@require_GET
def changes(request):
    start, end, errors, typed = period(request.GET)
    notes = [] if errors else over_time.flips_between(readers_scenarios(), start, end)
    return render(
        request,
        "rulings/changes.html",
        {"start": start, "end": end, "errors": errors, "typed": typed, "notes": notes},
        status=400 if errors else 200,
    )


class ChangesFeed(Feed):
    """The last year's flipped checks, one entry per check and change."""

    feed_type = TextAtomFeed
    title = "Rulings: what the League changed in the last year"
    subtitle = "Scenario checks whose verdict a dated League source changed."

    def link(self):
        return reverse("rulings:changes")

    def items(self):
        end = timezone.localdate()
        notes = over_time.flips_between(readers_scenarios(), end - YEAR, end)
        return [(note, check) for note in reversed(notes) for check in note.checks]

    def item_title(self, item):
        note, check = item
        return f"{check.name}: {check.after} since the {' and the '.join(note.sources)}"

    def item_description(self, item):
        note, check = item
        return (
            f"{note.sentence} {check.action}: {check.after.lower()} since then; "
            f"before, {check.before.lower()}."
        )

    def item_link(self, item):
        _, check = item
        return check.scenario.get_absolute_url()

    def item_guid(self, item):
        note, check = item
        where = check.scenario.get_absolute_url()
        return f"{where}#{note.day.isoformat()}-{check.name}-{check.action}"

    def item_guid_is_permalink(self, item):
        return False

    def item_pubdate(self, item):
        note, _ = item
        return timezone.make_aware(datetime.combine(note.day, time()))

    def item_updateddate(self, item):
        return self.item_pubdate(item)
