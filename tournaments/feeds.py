"""`/tournaments/<slug>/feed/`: an Atom feed of a tournament's published and withdrawn
versions, for players and TDs who follow its house rules. Published tournaments only."""

from dataclasses import dataclass
from datetime import datetime, time

from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.utils import timezone

from articles.atom import TextAtomFeed

from .comparison import person
from .models import Tournament
from .versions import version_history


@dataclass
class VersionEvent:
    """A version published, or withdrawn (with who and why)."""

    number: int
    date: datetime
    withdrawn: bool
    who: str | None
    text: str


def _published_at(version):
    """When a version was published: to the minute where kept, else the start of its day."""
    if version.published_at is not None:
        return version.published_at
    return timezone.make_aware(datetime.combine(version.published_on, time.min))


def version_events(tournament) -> list[VersionEvent]:
    """Each publish and each withdrawal, newest first."""
    events = []
    for entry in version_history(tournament):
        version = entry.version
        changes = "; ".join(change.summary for change in entry.changes)
        events.append(
            VersionEvent(
                version.number,
                _published_at(version),
                False,
                None,
                changes or "Published with no change to the house rules.",
            )
        )
        if version.is_withdrawn:
            events.append(
                VersionEvent(
                    version.number,
                    version.withdrawn_at,
                    True,
                    person(version.withdrawn_by),
                    version.withdrawal_reason or "Withdrawn.",
                )
            )
    events.sort(key=lambda event: event.date, reverse=True)
    return events


class TournamentFeed(Feed):
    feed_type = TextAtomFeed

    def get_object(self, request, slug):
        return get_object_or_404(Tournament.objects.published(), slug=slug)

    def title(self, tournament):
        return f"{tournament.name}: house rules"

    def link(self, tournament):
        return tournament.get_absolute_url()

    def subtitle(self, tournament):
        return f"Each version of the house rules of {tournament.name}, published or withdrawn."

    def items(self, tournament):
        self.tournament = tournament
        return version_events(tournament)

    def item_title(self, event):
        verb = "withdrawn" if event.withdrawn else "published"
        return f"Version {event.number} {verb}"

    def item_description(self, event):
        return event.text

    def item_link(self, event):
        return self.tournament.get_absolute_url() + f"#version-{event.number}"

    def item_guid(self, event):
        verb = "withdrawn" if event.withdrawn else "published"
        return f"{self.tournament.slug}/versions/{event.number}/{verb}"

    item_guid_is_permalink = False

    def item_pubdate(self, event):
        return event.date

    def item_updateddate(self, event):
        return event.date

    def item_author_name(self, event):
        return event.who
