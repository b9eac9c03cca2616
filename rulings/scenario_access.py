"""Who may write scenarios: members of the Editors group and of the Tournament directors group.

The scenario language's contract says tournament directors write and edit these, so both
groups may; the check runs on the server, templates only use it to choose which links to show.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from articles.permissions import is_editor, is_tournament_director

REFUSED = "Writing scenarios needs the Editors or the Tournament directors group."


def can_write_scenarios(user) -> bool:
    """An editor or a tournament director (superusers count as both)."""
    return is_editor(user) or is_tournament_director(user)


def scenario_writer_required(view):
    """Send anonymous visitors to the login page; refuse (403) anyone who may not write."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_write_scenarios(request.user):
            raise PermissionDenied(REFUSED)
        return view(request, *args, **kwargs)

    return wrapper
