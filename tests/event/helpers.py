"""Small builders for the event tests: a tournament with two directors, players, a schedule."""

from django.urls import reverse
from django.utils import timezone

from event.models import Infraction, Player, Seat
from tests.tournaments.tournament_factories import td, tournament
from tournaments.models import Tournament

SLUG = "harbour-event"


def event_world():
    first, second = td("first-td"), td("second-td")
    made = tournament(SLUG, status=Tournament.Status.PUBLISHED, directors=[first, second])
    misnamed = Infraction.objects.create(
        tournament=made, name="misnamed discard", points=25, second_points=50,
        third_head_td_decides=True,
    )  # fmt: skip
    peek = Infraction.objects.create(tournament=made, name="peek at a blind pass", points=10)
    ann = Player.objects.create(tournament=made, name="Ann Lee", number="101")
    bo = Player.objects.create(tournament=made, name="Bo Park", number="102")
    return {
        "tournament": made, "first": first, "second": second,
        "misnamed": misnamed, "peek": peek, "ann": ann, "bo": bo,
    }  # fmt: skip


def seat(player, round, table, at=""):
    return Seat.objects.create(player=player, round=round, table=table, seat=at)


def log_data(**fields):
    """The log form as a director fills it at the table, with the event's part."""
    data = {
        "ruled_at": timezone.localtime().strftime("%Y-%m-%dT%H:%M"),
        "table": "4",
        "round": "1",
        "players": "",
        "what_happened": "East named 3 Bam and threw :5B:.",
        "outcome": "Penalty as the schedule says.",
        "event-players": [],
    }
    data.update(fields)
    return data


def log_url():
    return reverse("toolkit:log-add", args=[SLUG])
