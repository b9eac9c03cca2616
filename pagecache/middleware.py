"""Answers readers from this process's stored pages before sessions and CSRF run."""

from django.conf import settings

from .encoding import compressed_for
from .generation import current_generation
from .pages import local_response, may_share, page_key, store


class PageCacheMiddleware:
    """Answers readers from the page cache before sessions, CSRF and the rest are consulted.

    Goes right after WhiteNoiseMiddleware. A request carrying a session cookie (someone who
    may be signed in) or a pending message is passed on to the view, whose decorator decides.
    Only pages of views decorated with cache_for_readers are ever stored, and never one that
    sets a cookie (a CSRF token, a session, a message). A reader's impersonal page that is
    not stored is gzip-compressed as it is sent, when the reader takes gzip.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if self._anonymous_read(request):
            # Only this process's copies: a path that is never cached costs one small read.
            request.page_cache_generation = current_generation()
            key = page_key(request, request.page_cache_generation)
            stored = local_response(request, key)
            if stored is not None:
                stored["X-Page-Cache"] = "hit"
                return stored
        request.page_cache_middleware = True
        response = self.get_response(request)
        key = getattr(request, "page_cache_key", None)
        if key and not response.cookies and response.status_code == 200:
            store(key, response)
            # The first reader gets the stored copy too: compressed if they take it.
            stored = local_response(request, key)
            if stored is not None:
                stored["X-Page-Cache"] = "miss"
                return stored
        elif self._anonymous_read(request) and may_share(request, response):
            # Never stored (the home page, search results, the hand check): compressed as sent.
            return compressed_for(request, response)
        return response

    @staticmethod
    def _anonymous_read(request):
        return (
            request.method in ("GET", "HEAD")
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
            and "messages" not in request.COOKIES
        )
