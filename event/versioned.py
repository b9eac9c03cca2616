"""The event's four versioned models, each declared once for the history pages.

All four are private to the tournament's directors (and staff): anyone else is told their
history does not exist, and recent changes lists their rows to those directors alone. A
player's name is the walk's "player" kind (tests/security/privacy.py): no editor sees it.
"""

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

import versions
from tournaments.models import Tournament
from versions.recent import Recent

from .access import may_see_players
from .models import Infraction, InvolvedPlayer, Player, Seat

PLAYER_FIELDS = ("name", "number")
SEAT_FIELDS = ("round", "table", "seat")
PENALTY_FIELDS = ("points", "reason")  # who, what and which offence stay as counted
INFRACTION_FIELDS = (
    "name",
    "description",
    "ruling",
    "article",
    "points",
    "second_points",
    "second_head_td_decides",
    "third_points",
    "third_head_td_decides",
    "position",
)


def _directed(user):
    """The tournaments whose players `user` may see, as a query."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    if user.is_staff:
        return Tournament.objects.all()
    return Tournament.objects.filter(directors=user)


# How recent changes name a row, by its model, in the reader's language.
RECENT_LABELS = {
    Player: gettext_lazy("Players of %(name)s"),
    Seat: gettext_lazy("Seats of %(name)s"),
    Infraction: gettext_lazy("Infractions of %(name)s"),
    InvolvedPlayer: gettext_lazy("Players named in the log of %(name)s"),
}


def declare(model, *, name, route, tournament, label, url, fields, text_fields=(), private=None):
    """One tournament-private model: `tournament` is the lookup from the model to its
    tournament ("player__tournament"), for finding, reading and recent changes."""

    def tournament_of(obj):
        found = obj
        for step in tournament.split("__"):
            found = getattr(found, step)
        return found

    def find(user, slug, pk):
        return get_object_or_404(
            model.objects.select_related(tournament), pk=pk, **{f"{tournament}__slug": slug}
        )

    def may(user, obj):
        return may_see_players(user, tournament_of(obj))

    versions.register(
        model,
        name=name,
        namespace="event",
        route=f"tournaments/<slug:slug>/{route}/<int:pk>/",
        url_kwargs=lambda obj: {"slug": tournament_of(obj).slug, "pk": obj.id},
        find=find,
        sign_in_to_read=True,
        may_read=may,
        may_restore=may,
        label=label,
        url=url,
        fields=fields,
        text_fields=text_fields,
        recent=(
            Recent(
                visible=lambda user, rows: rows.filter(
                    Q(**{f"{tournament}__in": _directed(user).values("pk")})
                ),
                related=(tournament,),
                label=lambda record: (
                    str(RECENT_LABELS[model]) % {"name": tournament_of(record).name}
                ),
            ),
        ),
        private=private or {},
    )


declare(
    Player,
    name="player",
    route="players",
    tournament="tournament",
    label=lambda player: (
        gettext("Player %(number)s (%(tournament)s)")
        % {"number": player.pk, "tournament": player.tournament.name}
    ),
    url=lambda player: reverse("event:player", args=[player.tournament.slug, player.pk]),
    fields=PLAYER_FIELDS,
    private={"player": frozenset()},
)
declare(
    Seat,
    name="seat",
    route="seats",
    tournament="player__tournament",
    label=lambda seat: (
        gettext("A seat in round %(round)s (%(tournament)s)")
        % {"round": seat.round, "tournament": seat.player.tournament.name}
    ),
    url=lambda seat: reverse("event:player", args=[seat.player.tournament.slug, seat.player_id]),
    fields=SEAT_FIELDS,
)
declare(
    Infraction,
    name="infraction",
    route="penalties",
    tournament="tournament",
    label=lambda infraction: (
        gettext("Infraction “%(name)s” (%(tournament)s)")
        % {"name": infraction.name, "tournament": infraction.tournament.name}
    ),
    url=lambda infraction: reverse("event:infractions", args=[infraction.tournament.slug]),
    fields=INFRACTION_FIELDS,
    text_fields=("description",),
)
declare(
    InvolvedPlayer,
    name="involved",
    route="named",
    tournament="entry__tournament",
    label=lambda named: (
        gettext("A player named in logged ruling %(number)s") % {"number": named.entry_id}
    ),
    url=lambda named: (
        reverse("toolkit:log", args=[named.entry.tournament.slug]) + f"#ruling-{named.entry_id}"
    ),
    fields=PENALTY_FIELDS,
    text_fields=("reason",),
    # The reason a TD gave is the log's text, read by editors as the rest of the log is;
    # the player it names is shown to them as "Player A".
    private={"penalty reason": frozenset({"editor"})},
)
