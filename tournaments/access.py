"""Who may see and change a tournament. Always checked on the server, in the views.

Published tournaments are public; a draft is seen only by its directors and staff. A
tournament's house rules are edited and published by its own directors (who must be in the
"Tournament directors" group) and by staff; wiki editors edit content, not tournaments.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from articles.permissions import is_tournament_director

from .models import Tournament


def is_director_of(user, tournament) -> bool:
    """One of this tournament's directors (whether or not still in the TD group)."""
    if not user.is_authenticated:
        return False
    return tournament.directors.filter(pk=user.pk).exists()


def can_view(user, tournament) -> bool:
    """Published tournaments are public; a draft only for its directors and staff."""
    if tournament.is_published:
        return True
    return bool(user.is_authenticated and (user.is_staff or is_director_of(user, tournament)))


def can_edit(user, tournament) -> bool:
    """A director of this tournament who is in the TD group, or staff."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return is_tournament_director(user) and is_director_of(user, tournament)


def can_create(user) -> bool:
    """Any tournament director (or staff) may start a tournament; they become its director."""
    if not user.is_authenticated:
        return False
    return user.is_staff or is_tournament_director(user)


def visible_or_404(user, slug):
    """The tournament, or 404 for anyone who may not see it (a draft, to the public)."""
    tournament = get_object_or_404(Tournament.objects.select_related("ruleset"), slug=slug)
    if not can_view(user, tournament):
        raise Http404("No such tournament.")
    return tournament


def editable_or_403(user, slug):
    """The tournament, if this user may change it (404 if they may not even see it)."""
    tournament = visible_or_404(user, slug)
    if not can_edit(user, tournament):
        raise PermissionDenied(
            gettext("Only this tournament's directors may change its house rules.")
        )
    return tournament
