"""The event in totals: each penalised player's penalties, and a player's by round."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum

from .models import InvolvedPlayer, Player


@dataclass
class Total:
    player: Player
    penalties: int
    points: int
    head_td_pending: int  # penalties the schedule left to the head TD, without points


def totals(tournament) -> list[Total]:
    """Every player with a penalty at the event, the most points first."""
    charged = Q(involvements__infraction__isnull=False)
    players = (
        Player.objects.filter(tournament=tournament)
        .annotate(
            penalties=Count("involvements", filter=charged),
            points_total=Sum("involvements__points", filter=charged),
            pending=Count("involvements", filter=charged & Q(involvements__points__isnull=True)),
        )
        .filter(penalties__gt=0)
        .order_by("-points_total", "name", "number")
    )
    return [Total(p, p.penalties, p.points_total or 0, p.pending) for p in players]


@dataclass
class Round:
    number: int | None  # None: the logged rulings that name no round
    offences: list = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(found.points or 0 for found in self.offences)


def by_round(player) -> list[Round]:
    """The player's penalties grouped by the round their logged ruling names (none last)."""
    found = (
        InvolvedPlayer.objects.filter(player=player, infraction__isnull=False)
        .select_related("infraction", "entry")
        .order_by("entry__ruled_at", "pk")
    )
    rounds: dict[int | None, Round] = {}
    for offence in found:
        number = offence.entry.round
        rounds.setdefault(number, Round(number)).offences.append(offence)
    return [rounds[number] for number in sorted(rounds, key=lambda n: (n is None, n or 0))]
