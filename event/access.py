"""Who may see a tournament's players: its own directors, and staff. Always on the server.

Editors read the rulings log of a published tournament, but they see its players as
"Player A / Player B" (`log_parts.entry_details`); anyone else is told the page does not exist.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments.access import is_director_of
from tournaments.models import Tournament


def may_see_players(user, tournament) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_staff or is_director_of(user, tournament)


def players_or_404(user, slug):
    """The tournament whose players this user may see, or 404."""
    tournament = get_object_or_404(Tournament.objects.select_related("ruleset"), slug=slug)
    if not may_see_players(user, tournament):
        raise Http404("No such page.")
    return tournament
