"""The event in totals: each penalised player's penalties, and a player's by round."""

from __future__ import annotations

from collections import defaultdict
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
    label: str
    offences: list = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(found.points or 0 for found in self.offences)


def by_round(player) -> list[Round]:
    """The player's penalties grouped by the round their logged ruling names ("" last)."""
    found = (
        InvolvedPlayer.objects.filter(player=player, infraction__isnull=False)
        .select_related("infraction", "entry")
        .order_by("entry__ruled_at", "pk")
    )
    rounds: dict[str, Round] = defaultdict(lambda: Round(""))
    for offence in found:
        label = offence.entry.round.strip()
        rounds.setdefault(label, Round(label)).offences.append(offence)
    numbered = sorted(
        rounds.values(),
        key=lambda r: (not r.label, int(r.label) if r.label.isdigit() else 0, r.label),
    )
    return numbered
