"""Who may do what: anonymous visitors read, members of the Editors group edit.

The check always runs on the server (views use `editor_required`); templates only use
`is_editor` to decide which links to show.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

EDITORS = "Editors"
TOURNAMENT_DIRECTORS = "Tournament directors"


def is_editor(user) -> bool:
    """True for an active user in the Editors group (superusers count as editors)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    # Cached on the user object: a page asks several times, the answer is one query.
    if not hasattr(user, "_is_editor"):
        user._is_editor = user.groups.filter(name=EDITORS).exists()
    return user._is_editor


def is_tournament_director(user) -> bool:
    """True for an active user in the Tournament directors group (or a superuser)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or user.groups.filter(name=TOURNAMENT_DIRECTORS).exists()


def editor_required(view):
    """Send anonymous visitors to the login page and refuse (403) everyone else but editors."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_editor(request.user):
            raise PermissionDenied(_("Editing needs the Editors group."))
        return view(request, *args, **kwargs)

    return wrapper
