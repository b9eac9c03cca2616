"""Whole-page cache for readers, invalidated by a content generation number.

A TD at the table is an anonymous reader; their pages come straight from the cache.
Any save or delete of content (articles and rulings apps) bumps the generation, so a
cached page is not served after the content under it changed: at once in the process that
saved, within PAGE_CACHE_GENERATION_TTL (one second) in the others. With several app
servers the cache must be shared (REDIS_URL), or each keeps its own generation.

Usage::

    @cache_for_readers
    def article_detail(request, key): ...

Only anonymous GET/HEAD requests are served from or stored in the cache; a page that set a
cookie, used the CSRF token or showed a message is never stored, since it is personal.
Add ``config.page_cache.PageCacheMiddleware`` right after WhiteNoise so a stored page is
answered before the rest of the middleware runs (whitenoise-like speed for readers).
"""

import atexit
import contextlib
import hashlib
import os
import shutil
import tempfile
import threading
import time
from collections import OrderedDict
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import FileResponse, HttpResponse

GENERATION_KEY = "page-cache:generation"
PAGE_TIMEOUT = 60 * 60 * 24  # a day; the generation makes older pages unreachable anyway
# Hop-by-hop or per-request headers that must not be replayed from the cache.
_NOT_STORED = {"set-cookie", "vary"}
# Each process also keeps recent pages as files of its own: a page's key holds the
# generation, so a copy can never be stale, and a hit then costs one small cache read (the
# generation) and is sent with sendfile, as whitenoise sends a static file, instead of
# fetching and unpickling the whole page from Redis and copying it through Python.
LOCAL_MAX_BYTES = 32 * 1024 * 1024


class _LocalPages:
    """This process's recently used pages, on disk, bounded by their total size (LRU)."""

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self.lock = threading.Lock()
        self.pid = None
        self._reset()

    def _reset(self):
        self.pages = OrderedDict()  # key -> (path, headers, size)
        self.size = 0
        self.folder = None

    def _folder(self):
        # Created after the fork, so each worker writes its own files.
        if self.pid != os.getpid():
            self._reset()
            self.pid = os.getpid()
        if self.folder is None:
            self.folder = tempfile.mkdtemp(prefix="page-cache-")
            atexit.register(shutil.rmtree, self.folder, True)
        return self.folder

    def response(self, key, request):
        """The stored page as a response, or None. Under a server that can send files
        (wsgi.file_wrapper: gunicorn's sendfile) it is streamed from its file."""
        with self.lock:
            if self.pid != os.getpid() or key not in self.pages:
                return None
            self.pages.move_to_end(key)
            path, headers, _ = self.pages[key]
        try:
            # By descriptor, so the file's name does not become a Content-Disposition.
            file = os.fdopen(os.open(path, os.O_RDONLY), "rb")
        except OSError:  # removed behind our back (a tmp cleaner): fetch it again
            return None
        if not request.META.get("wsgi.file_wrapper"):
            with file:
                return HttpResponse(file.read(), headers=headers)
        headers = dict(headers)
        return FileResponse(file, content_type=headers.pop("Content-Type", None), headers=headers)

    def put(self, key, page):
        content, headers = page
        with self.lock:
            if key in self.pages and self.pid == os.getpid():
                return
            path = os.path.join(self._folder(), hashlib.sha256(key.encode()).hexdigest())
            with open(path, "wb") as file:
                file.write(content)
            self.pages[key] = (path, headers, len(content))
            self.size += len(content)
            while self.size > self.max_bytes and len(self.pages) > 1:
                _, (old_path, _, old_size) = self.pages.popitem(last=False)
                self.size -= old_size
                with contextlib.suppress(OSError):
                    os.remove(old_path)

    def clear(self):
        with self.lock:
            for path, _, _ in self.pages.values():
                with contextlib.suppress(OSError):
                    os.remove(path)
            self.pages.clear()
            self.size = 0


local_pages = _LocalPages(LOCAL_MAX_BYTES)


class _KnownGeneration:
    """The generation as this process last read or wrote it, and when."""

    value = None
    read_at = 0.0

    @classmethod
    def remember(cls, value):
        cls.value, cls.read_at = value, time.monotonic()
        return value


def current_generation():
    """The content generation; started from the clock so an evicted counter never repeats.

    Read from the shared cache at most once per PAGE_CACHE_GENERATION_TTL seconds (default
    one second; 0 reads it on every request). That read is most of what a cached page
    costs, and a save in this process is known at once; a save in another process reaches
    this one's readers within that second.
    """
    ttl = getattr(settings, "PAGE_CACHE_GENERATION_TTL", 1.0)
    if _KnownGeneration.value is not None and time.monotonic() - _KnownGeneration.read_at < ttl:
        return _KnownGeneration.value
    generation = cache.get(GENERATION_KEY)
    if generation is None:
        cache.add(GENERATION_KEY, time.time_ns(), timeout=None)
        generation = cache.get(GENERATION_KEY)
    return _KnownGeneration.remember(generation)


def forget_local_copies():
    """Drop this process's pages and generation (tests that clear the shared cache)."""
    local_pages.clear()
    _KnownGeneration.value = None


def bump_generation():
    """Make every cached page stale: called whenever content is saved or deleted."""
    try:
        generation = cache.incr(GENERATION_KEY)
    except ValueError:  # missing (never set, or evicted): start a fresh, unused number
        generation = time.time_ns()
        cache.set(GENERATION_KEY, generation, timeout=None)
    _KnownGeneration.remember(generation)


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


def _stored_response(request, key):
    """The stored page for this key as a response (from this process's files, else the
    shared cache), or None."""
    response = local_pages.response(key, request)
    if response is None:
        page = cache.get(key)
        if page is None:
            return None
        local_pages.put(key, page)
        response = local_pages.response(key, request) or HttpResponse(page[0], headers=page[1])
    response["X-Page-Cache"] = "hit"
    return response


def _store(key, response):
    headers = {k: v for k, v in response.items() if k.lower() not in _NOT_STORED}
    page = (response.content, headers)
    cache.set(key, page, PAGE_TIMEOUT)
    local_pages.put(key, page)


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
        stored = _stored_response(request, key)
        if stored is not None:
            return stored
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
            key = page_key(request, request.page_cache_generation)
            stored = local_pages.response(key, request)
            if stored is not None:
                stored["X-Page-Cache"] = "hit"
                return stored
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
