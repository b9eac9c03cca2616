"""Requests carrying a NUL character are refused before anything reads them.

No address, query or cookie of the site ever holds a NUL, and PostgreSQL cannot store or
compare text with one: a query given one fails, so before this a NUL typed into an address
(`/hand/?card=%00`) was a server error. `NulBytesMiddleware` answers such a request 400 with
the site's error page (the API's usual `{"detail": …}` under `/api/`), once, before the page
cache so a NUL never reaches a cache key, and before sessions, which read the database.

Form fields are not checked here: a form answers a NUL as a field error and keeps what was
typed (Django's CharField refuses NUL), which is kinder than an error page.
"""

from csp.constants import HEADER as CSP_HEADER
from csp.utils import build_policy
from django.http import HttpResponseBadRequest, JsonResponse
from django.template.loader import render_to_string

NUL = "\x00"
API_PREFIX = "/api/"  # the read API's addresses (api/urls.py), answered in its own JSON


def _may_hold_nul(environ) -> bool:
    """False when the raw request cannot decode to a NUL: no NUL, no `%00` in the query, no
    backslash in the cookies (a quoted cookie's octal escape `\\000` is one). Every reader's
    request passes here first, so the common case parses nothing."""
    query = environ.get("QUERY_STRING", "")
    cookie = environ.get("HTTP_COOKIE", "")
    return (
        NUL in environ.get("PATH_INFO", "")
        or NUL in query
        or "%00" in query
        or NUL in cookie
        or "\\" in cookie
    )


def _has_nul(request) -> str | None:
    """Where the request holds a NUL ("the address", "a query parameter", "a cookie"), or None."""
    if NUL in request.path_info:
        return "the address"
    for name, values in request.GET.lists():
        if NUL in name or any(NUL in value for value in values):
            return "a query parameter"
    if any(NUL in name or NUL in value for name, value in request.COOKIES.items()):
        return "a cookie"
    return None


def refusal(request, where: str):
    reason = f"The request has a NUL character (%00) in {where}; no page of this site uses one."
    if request.path_info.startswith(API_PREFIX):
        return JsonResponse({"detail": reason}, status=400)
    response = HttpResponseBadRequest(render_to_string("400.html", {"reason": reason}))
    # The answer leaves before CSPMiddleware runs: give it the site's policy here.
    response[CSP_HEADER] = build_policy()
    return response


class NulBytesMiddleware:
    """Answers 400 to a NUL in the path, a query parameter's name or value, or a cookie.

    Goes right before PageCacheMiddleware (settings.MIDDLEWARE).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        where = _has_nul(request) if _may_hold_nul(request.META) else None
        if where is not None:
            return refusal(request, where)
        return self.get_response(request)
