"""The reader's chosen tournament ("I'm at this tournament").

A reader says once which tournament they are at; no account is needed, so the choice is a
cookie holding the tournament's slug. Only a published tournament can be chosen: a cookie
naming a draft, a deleted tournament or garbage reads as no choice at all.

Every app that shows or ranks by the choice reads it here (article pages, search), so the
cookie's name and meaning live in one place.
"""

from .models import Tournament

COOKIE_NAME = "tournament"
# A year: a reader at a series of events should not have to choose again each weekend.
COOKIE_MAX_AGE = 365 * 24 * 60 * 60


def chosen_slug(request):
    """The slug in the reader's cookie, or "" (not checked against the database)."""
    value = request.COOKIES.get(COOKIE_NAME, "")
    # Slugs are short; anything else is not ours.
    return value if value and len(value) <= 80 and value.replace("-", "").isalnum() else ""


def chosen_tournament(request):
    """The published tournament the reader has chosen, or None."""
    cached = getattr(request, "_chosen_tournament", False)
    if cached is not False:
        return cached
    slug = chosen_slug(request)
    tournament = Tournament.objects.published().filter(slug=slug).first() if slug else None
    request._chosen_tournament = tournament
    return tournament
