"""Who may see and change a tournament. Always checked on the server, in the views.

Published tournaments are public; a draft is seen only by its directors and staff. A
tournament's house rules are edited and published by its own directors (who must be in the
"Tournament directors" group) and by staff; wiki editors edit content, not tournaments.
"""

from articles.permissions import is_tournament_director


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
