"""The header's count of unread notices and which pages the user watches, for the templates.

Both are lazy: a page that never draws them runs no query, and anonymous readers (whose
pages are cached whole) get nothing. Signed-in users bypass the page cache, so the count
and the star are always their own.
"""

from django.utils.functional import SimpleLazyObject

from .models import Notification, Watch


class Watching:
    """The keys of the pages a user watches, read once, on first use."""

    def __init__(self, user):
        rows = list(
            Watch.objects.filter(user=user).values_list(
                "article__key", "scenario__slug", "tournament__slug"
            )
        )
        articles, scenarios, tournaments = zip(*rows, strict=True) if rows else ((), (), ())
        self.articles = set(articles) - {None}
        self.scenarios = set(scenarios) - {None}
        self.tournaments = set(tournaments) - {None}


def notices(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {
        "unread_notices": SimpleLazyObject(
            lambda: Notification.objects.filter(user=user, read_at__isnull=True).count()
        ),
        "watching": SimpleLazyObject(lambda: Watching(user)),
    }
