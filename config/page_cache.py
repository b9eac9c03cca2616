"""Whole-page cache for readers, invalidated by a content generation number.

A TD at the table is an anonymous reader; their pages come straight from the cache.
Any save or delete of content (articles and rulings apps) bumps the generation, so a
cached page is never served after the content under it changed. With several app
servers the cache must be shared (REDIS_URL), or each keeps its own generation.

Usage::

    @cache_for_readers
    def article_detail(request, key): ...

Only anonymous GET/HEAD requests are served from or stored in the cache; a page that set a
cookie, used the CSRF token or showed a message is never stored, since it is personal.
Add ``config.page_cache.PageCacheMiddleware`` right after WhiteNoise so a stored page is
answered before the rest of the middleware runs (whitenoise-like speed for readers).
"""

import hashlib
import threading
import time
from collections import OrderedDict
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse

GENERATION_KEY = "page-cache:generation"
PAGE_TIMEOUT = 60 * 60 * 24  # a day; the generation makes older pages unreachable anyway
# Hop-by-hop or per-request headers that must not be replayed from the cache.
_NOT_STORED = {"set-cookie", "vary"}
# Each process also keeps recent pages in memory: a page's key holds the generation, so a
# copy can never be stale, and a hit then costs one small cache read (the generation)
# instead of fetching and unpickling the whole page from Redis.
LOCAL_MAX_BYTES = 32 * 1024 * 1024


class _LocalPages:
    """A small least-recently-used store of pages, bounded by their total size."""

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self.size = 0
        self.pages = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            page = self.pages.get(key)
            if page is not None:
                self.pages.move_to_end(key)
            return page

    def put(self, key, page):
        with self.lock:
            if key in self.pages:
                return
            self.pages[key] = page
            self.size += len(page[0])
            while self.size > self.max_bytes and self.pages:
                _, (content, _) = self.pages.popitem(last=False)
                self.size -= len(content)

    def clear(self):
        with self.lock:
            self.pages.clear()
            self.size = 0


local_pages = _LocalPages(LOCAL_MAX_BYTES)


def current_generation():
    """The content generation; started from the clock so an evicted counter never repeats."""
    generation = cache.get(GENERATION_KEY)
    if generation is None:
        cache.add(GENERATION_KEY, time.time_ns(), timeout=None)
        generation = cache.get(GENERATION_KEY)
    return generation


def bump_generation():
    """Make every cached page stale: called whenever content is saved or deleted."""
    try:
        cache.incr(GENERATION_KEY)
    except ValueError:  # missing (never set, or evicted): start a fresh, unused number
        cache.set(GENERATION_KEY, time.time_ns(), timeout=None)


def page_key(request, generation):
    digest = hashlib.sha256(request.get_full_path().encode()).hexdigest()
    return f"page-cache:{generation}:{digest}"


def _is_reader(request):
    return request.method in ("GET", "HEAD") and not request.user.is_authenticated


def _may_store(request, response):
    """Only a plain, impersonal 200 may be shared between readers."""
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE") or request.COOKIES.get("messages"):
        return False
    storage = getattr(request, "_messages", None)
    if storage is not None and getattr(storage, "used", False):
        return False
    cache_control = response.get("Cache-Control", "")
    return "private" not in cache_control and "no-store" not in cache_control


def _stored(key):
    page = local_pages.get(key)
    if page is None:
        page = cache.get(key)
        if page is not None:
            local_pages.put(key, page)
    return page


def _store(key, response):
    headers = {k: v for k, v in response.items() if k.lower() not in _NOT_STORED}
    page = (response.content, headers)
    cache.set(key, page, PAGE_TIMEOUT)
    local_pages.put(key, page)


def _replay(page):
    content, headers = page
    response = HttpResponse(content, headers=headers)
    response["X-Page-Cache"] = "hit"
    return response


def cache_for_readers(view):
    """Serve anonymous readers a stored copy of the page for the current content generation.

    With PageCacheMiddleware installed the finished response (with every header the other
    middleware adds) is stored there, and later readers are answered before the rest of the
    middleware runs; without it, the view's own response is stored here.
    """

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not _is_reader(request):
            return view(request, *args, **kwargs)
        generation = getattr(request, "page_cache_generation", None) or current_generation()
        key = page_key(request, generation)
        page = _stored(key)
        if page is not None:
            return _replay(page)
        response = view(request, *args, **kwargs)
        if hasattr(response, "render") and callable(response.render):
            response = response.render()  # a TemplateResponse: render now to store the bytes
        if _may_store(request, response):
            response["X-Page-Cache"] = "miss"
            if getattr(request, "page_cache_middleware", False):
                request.page_cache_key = key  # the middleware stores the finished response
            else:
                _store(key, response)
        return response

    return wrapped


class PageCacheMiddleware:
    """Answers readers from the page cache before sessions, CSRF and the rest are consulted.

    Goes right after WhiteNoiseMiddleware. A request carrying a session cookie (someone who
    may be signed in) or a pending message is passed on to the view, whose decorator decides.
    Only pages of views decorated with cache_for_readers are ever stored, and never one that
    sets a cookie (a CSRF token, a session, a message).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if self._anonymous_read(request):
            # Only this process's copies: a path that is never cached costs one small read.
            request.page_cache_generation = current_generation()
            page = local_pages.get(page_key(request, request.page_cache_generation))
            if page is not None:
                return _replay(page)
        request.page_cache_middleware = True
        response = self.get_response(request)
        key = getattr(request, "page_cache_key", None)
        if key and not response.cookies and response.status_code == 200:
            _store(key, response)
        return response

    @staticmethod
    def _anonymous_read(request):
        return (
            request.method in ("GET", "HEAD")
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
            and "messages" not in request.COOKIES
        )
