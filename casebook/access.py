"""Who may read, propose, review and publish cases. Always checked on the server.

A published case is public. A proposal is read by the directors of the tournament it came
from, the League's editors and staff; anyone else is told it does not exist (404). A
director of the tournament proposes; an editor who is NOT one of that tournament's
directors reviews and publishes (staff too, on the same condition), so a case is never
published by the people who ruled it.
"""

from django.utils.translation import gettext

from articles.permissions import is_editor
from tournaments.access import is_director_of


def directs_its_tournament(user, case) -> bool:
    return case.tournament is not None and is_director_of(user, case.tournament)


def may_read(user, case) -> bool:
    if case.is_published:
        return True
    return may_keep(user, case)


def may_keep(user, case) -> bool:
    """A proposal's keepers: its tournament's directors, editors, staff (its history too)."""
    if not user.is_authenticated:
        return False
    return user.is_staff or is_editor(user) or directs_its_tournament(user, case)


def may_review(user, case) -> bool:
    if not user.is_authenticated or not (user.is_staff or is_editor(user)):
        return False
    return not directs_its_tournament(user, case)


def why_not_reviewer(user, case) -> str:
    if directs_its_tournament(user, case):
        return gettext(
            "You direct the tournament this case comes from, so another editor reviews and "
            "publishes it."
        )
    return gettext("Only the League's editors review and publish cases.")
