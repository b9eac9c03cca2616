"""The reader's chosen tournament ("I'm at this tournament").

A reader says once which tournament they are at; no account is needed, so the choice is a
cookie holding the tournament's slug. Only a published tournament can be chosen: a cookie
naming a draft, a deleted tournament or garbage reads as no choice at all.

Every app that shows or ranks by the choice reads it here (article pages, search), so the
cookie's name and meaning live in one place.
"""

from django.db import DatabaseError

from .models import Tournament

COOKIE_NAME = "tournament"
# A year: a reader at a series of events should not have to choose again each weekend.
COOKIE_MAX_AGE = 365 * 24 * 60 * 60


def _slug(value):
    # Slugs are short; anything else is not ours.
    return value if value and len(value) <= 80 and value.replace("-", "").isalnum() else ""


def chosen_slug(request):
    """The slug in the reader's cookie, or "" (not checked against the database)."""
    return _slug(request.COOKIES.get(COOKIE_NAME, ""))


def article_slug(request):
    """The tournament an article or ruling page is drawn for: the address's own
    `?tournament=<slug>`, else the reader's cookie. An offline copy is fetched without
    cookies, so a tournament's pages are kept at such addresses (`toolkit/offline.py`); the
    page cache keys on the full address, so such a copy is stored apart from the plain one.
    Only the article's own boxes read it: the header still names the reader's choice."""
    return _slug(request.GET.get(COOKIE_NAME, "")) or chosen_slug(request)


def chosen_tournament(request, among=()):
    """The published tournament the reader has chosen, or None; worked out once per request
    (the header and the article page both ask), and with no query when it is `among` the
    published tournaments the caller has already read."""
    cached = getattr(request, "_chosen_tournament", False)
    if cached is not False:
        return cached
    slug = chosen_slug(request)
    tournament = next((t for t in among if t.slug == slug), None) if slug else None
    if tournament is None and slug:
        tournament = Tournament.objects.published().filter(slug=slug).first()
    request._chosen_tournament = tournament
    return tournament


class _PublishedSlugs:
    """The published tournaments' slugs, read once per content generation in each process.

    Publishing or withdrawing is a content save, which moves the generation on, so the set
    is never older than the pages cached under the same generation.
    """

    generation = None
    slugs = frozenset()

    @classmethod
    def at(cls, generation):
        if generation is None or generation != cls.generation:
            try:
                slugs = frozenset(Tournament.objects.published().values_list("slug", flat=True))
            except DatabaseError:
                # The database is down: readers keep the cached pages of the last known set.
                return cls.slugs
            cls.generation, cls.slugs = generation, slugs
        return cls.slugs


def page_cache_variant(request, generation):
    """The page cache's variant for this reader: the chosen tournament's slug if it is
    published, else "" (the same as no choice). So the cache holds at most one copy of a page
    per published tournament plus one without, whatever a client puts in the cookie."""
    slug = chosen_slug(request)
    if not slug:
        return ""
    return slug if slug in _PublishedSlugs.at(generation) else ""


def choose(response, tournament, secure):
    """Remember on the reader's browser that they are at this tournament."""
    response.set_cookie(
        COOKIE_NAME,
        tournament.slug,
        max_age=COOKIE_MAX_AGE,
        secure=secure,
        httponly=True,  # no script reads it: the server draws the pages by it
        samesite="Lax",
    )
    return response


def leave(response):
    """Forget the reader's choice."""
    response.delete_cookie(COOKIE_NAME, samesite="Lax")
    return response
