"""Compressed copies of a stored page, made once when it is stored, chosen per request.

A reader's page goes over the wire gzip-compressed: compressing it once, when the page is
stored, keeps a hit as cheap as before (no compression per request, as GZipMiddleware would
do). A reader's page that is never stored (the home page, search results, the hand check) is
compressed per request instead, on the same terms. Only impersonal pages are compressed: no
CSRF token, session or anything else secret (pages.may_share), so the BREACH attack, which
reads a secret reflected in a compressed response, has nothing to read. Pages for signed-in
users are not compressed at all.
"""

import gzip
import re

from django.utils.cache import patch_vary_headers

IDENTITY = "identity"
GZIP = "gzip"
# Below this the compressed copy saves nothing worth a header.
MIN_SIZE = 512
COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml")
_CODING = re.compile(r"^\s*([A-Za-z0-9*-]+)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$")


def compressed_copies(content: bytes, content_type: str) -> dict[str, bytes]:
    """{encoding: bytes} to store for a page; always with the page as it is (identity)."""
    copies = {IDENTITY: content}
    if len(content) >= MIN_SIZE and content_type.startswith(COMPRESSIBLE):
        # mtime=0: the same page always compresses to the same bytes.
        copies[GZIP] = gzip.compress(content, compresslevel=6, mtime=0)
    return copies


def accepted(request) -> str:
    """The encoding to answer this request with: gzip if the client takes it, else identity."""
    header = request.META.get("HTTP_ACCEPT_ENCODING", "")
    for coding in header.split(","):
        match = _CODING.match(coding)
        if not match:
            continue
        name, quality = match.group(1).lower(), match.group(2)
        try:
            wanted = quality is None or float(quality) > 0
        except ValueError:
            wanted = False
        if wanted and name in (GZIP, "*"):
            return GZIP
    return IDENTITY


def compressed_for(request, response):
    """A reader's page that is not stored, gzip-compressed now if the client takes gzip."""
    if response.streaming or response.has_header("Content-Encoding"):
        return response
    # Plain or compressed, the answer depends on Accept-Encoding: say so to every cache.
    patch_vary_headers(response, ("Accept-Encoding",))
    if accepted(request) != GZIP:
        return response
    copies = compressed_copies(response.content, response.get("Content-Type", ""))
    if GZIP in copies:
        response.content = copies[GZIP]
        response["Content-Encoding"] = GZIP
        response["Content-Length"] = str(len(response.content))
        etag = response.get("ETag", "")
        if etag.startswith('"'):  # the bytes differ from the plain page's: a weak validator
            response["ETag"] = "W/" + etag
    return response
