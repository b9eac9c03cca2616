"""Every page's links to itself in the site's other languages (the switcher, `hreflang`)."""

from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.urls import translate_url
from django.utils.translation import get_language


def _full(request, address: str) -> str:
    try:
        return request.build_absolute_uri(address)
    except DisallowedHost:  # the 400 page for a request with a host not ours: no host then
        return address


@dataclass(frozen=True)
class LanguageLink:
    code: str
    name: str  # in its own language: "Nederlands", "English"
    url: str  # this page in that language, with the scheme and host
    current: bool


NAMES = {"en": "English", "nl": "Nederlands"}


def languages(request) -> dict:
    """The page in each language, as a full address (search engines ignore a relative
    hreflang; a cached page keeps the host that first asked, as its citation does). A page
    outside the language patterns (the API, the admin) is the same address in each. The
    address without its query: a page never repeats what a visitor put in the query (the
    privacy and payload walks check that), and search engines want the plain page."""
    here = get_language()
    path = request.path
    links = [
        LanguageLink(
            code, NAMES.get(code, name), _full(request, translate_url(path, code)), code == here
        )
        for code, name in settings.LANGUAGES
    ]
    return {
        "language_links": links,
        "other_languages": [link for link in links if not link.current],
    }
