"""Whole-page cache for readers, invalidated by the content generation.

A TD at the table is an anonymous reader; their pages come straight from the cache.

Usage::

    @cache_for_readers
    def article_detail(request, key): ...

Only anonymous GET/HEAD requests are served from or stored in the cache; a page that set a
cookie, used the CSRF token or showed a message is never stored, since it is personal.
Add ``pagecache.middleware.PageCacheMiddleware`` right after WhiteNoise so a stored page is
answered before the rest of the middleware runs (whitenoise-like speed for readers). The
content generation is shared by every worker process: in Redis when there is one, else in
the database (generation.py), so no worker serves a stale page for more than a second.

A page is stored once per variant other apps register (variants.py: the reader's chosen
tournament) and, within it, as it is and gzip-compressed (encoding.py), compressed once when
stored; each reader gets the copy their Accept-Encoding takes, with `Vary: Accept-Encoding,
Cookie`.
"""

import hashlib
from functools import wraps

from django.core.cache import cache
from django.http import HttpResponse

from .encoding import IDENTITY, accepted, compressed_copies
from .generation import current_generation, forget_known_generation
from .local import local_pages
from .variants import variant_of

PAGE_TIMEOUT = 60 * 60 * 24  # a day; the generation makes older pages unreachable anyway
# Hop-by-hop or per-request headers that must not be replayed from the cache.
_NOT_STORED = {"set-cookie", "vary"}
# Every stored page answers by the Accept-Encoding and the cookies its variants read.
VARY = "Accept-Encoding, Cookie"


def forget_local_copies():
    """Drop this process's pages and generation (tests that clear the shared cache)."""
    local_pages.clear()
    forget_known_generation()


def page_key(request, generation):
    """The key of this request's page: its address and its variant (the chosen tournament)."""
    address = f"{request.get_full_path()}\n{variant_of(request, generation)}"
    digest = hashlib.sha256(address.encode()).hexdigest()
    return f"page-cache:v2:{generation}:{digest}"


def _copy_key(key, encoding):
    return key if encoding == IDENTITY else f"{key}:{encoding}"


def local_response(request, key):
    """This process's stored copy in the encoding the request accepts (else as it is)."""
    encoding = accepted(request)
    response = local_pages.response(_copy_key(key, encoding))
    if response is None and encoding != IDENTITY:
        response = local_pages.response(key)
    return response


def _is_reader(request):
    return request.method in ("GET", "HEAD") and not request.user.is_authenticated


def may_share(request, response):
    """Only a plain, impersonal 200 may be shared between readers (or compressed for them:
    it holds no secret for BREACH to read)."""
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
    response = local_response(request, key)
    if response is None:
        page = cache.get(key)
        if page is None:
            return None
        _keep_locally(key, page)
        response = local_response(request, key)
        if response is None:  # the local copies were dropped at once: answer as it is
            copies, headers = page
            response = HttpResponse(copies[IDENTITY], headers=headers)
    response["X-Page-Cache"] = "hit"
    return response


def _keep_locally(key, page):
    copies, headers = page
    for encoding, content in copies.items():
        # Each copy with its own length (the response's was the uncompressed page's).
        own = {**headers, "Content-Length": str(len(content))}
        if encoding != IDENTITY:
            own["Content-Encoding"] = encoding
        local_pages.put(_copy_key(key, encoding), (content, own))


def store(key, response):
    """Store the page, as it is and compressed, in the shared cache and this process's."""
    headers = {k: v for k, v in response.items() if k.lower() not in _NOT_STORED}
    headers["Vary"] = VARY
    if "Content-Encoding" in headers:  # already encoded upstream: stored as it is
        copies = {IDENTITY: response.content}
    else:
        copies = compressed_copies(response.content, headers.get("Content-Type", ""))
    page = (copies, headers)
    cache.set(key, page, PAGE_TIMEOUT)
    _keep_locally(key, page)


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
        if may_share(request, response):
            response["X-Page-Cache"] = "miss"
            if getattr(request, "page_cache_middleware", False):
                request.page_cache_key = key  # the middleware stores the finished response
            else:
                store(key, response)
        return response

    return wrapped
