"""A reader's first visit in the language their browser prefers."""

from django.conf import settings
from django.http import HttpResponseRedirect
from django.urls import is_valid_path
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language_from_path
from django.utils.translation.trans_real import (
    get_supported_language_variant,
    parse_accept_lang_header,
)

from .cookie import remember_language


def preferred_language(accept_language: str) -> str | None:
    """The first language of the browser's list that the site has, or None.

    >>> preferred_language("nl-NL,nl;q=0.9,en;q=0.8")
    'nl'
    >>> preferred_language("fr-FR,de;q=0.5") is None
    True
    """
    for code, _ in parse_accept_lang_header(accept_language[:500]):
        if code == "*":
            break
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return None


class FirstVisitLanguage:
    """On a reader's first visit (no language remembered) to an English page, when their
    browser prefers another language the site has, send them to that page in it and remember
    it, so the next visit — or choosing English with the switcher — is not sent again.

    Runs before the page cache: the cached English page would otherwise answer first.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        redirect = self._redirect(request)
        return redirect if redirect is not None else self.get_response(request)

    @staticmethod
    def _redirect(request):
        if request.method not in ("GET", "HEAD"):
            return None
        if settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
            return None
        if get_language_from_path(request.path_info) is not None:
            return None  # the address names its language
        language = preferred_language(request.META.get("HTTP_ACCEPT_LANGUAGE", ""))
        if language is None or language == settings.LANGUAGE_CODE:
            return None
        there = f"/{language}{request.path_info}"
        with translation.override(language):  # the prefix a pattern matches is the active one's
            if not is_valid_path(there):
                return None  # the API, the admin, files: one language
        query = request.META.get("QUERY_STRING", "")
        address = request.META.get("SCRIPT_NAME", "") + there + (f"?{query}" if query else "")
        response = HttpResponseRedirect(address)
        remember_language(response, language)
        patch_vary_headers(response, ["Accept-Language", "Cookie"])
        return response


class ApiLanguage:
    """The read API has no language in its addresses (its answers are data, the same in
    every language): its messages (a refusal, a 404's detail) are in the language the
    client's Accept-Language prefers among the site's, English otherwise.

    After LocaleMiddleware, which holds an unprefixed address to English."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path_info.startswith("/api/"):
            return self.get_response(request)
        accepted = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
        language = preferred_language(accepted) or settings.LANGUAGE_CODE
        with translation.override(language):
            request.LANGUAGE_CODE = language
            response = self.get_response(request)
        response.headers["Content-Language"] = language
        patch_vary_headers(response, ["Accept-Language"])
        return response
