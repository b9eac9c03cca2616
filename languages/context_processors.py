"""Every page's links to itself in the site's other languages (the switcher, `hreflang`)."""

from dataclasses import dataclass

from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language


@dataclass(frozen=True)
class LanguageLink:
    code: str
    name: str  # in its own language: "Nederlands", "English"
    url: str  # this page in that language
    current: bool


NAMES = {"en": "English", "nl": "Nederlands"}


def languages(request) -> dict:
    """The page in each language (root-relative: a cached page serves every host). A page
    outside the language patterns (the API, the admin) is the same address in each. The
    address without its query: a page never repeats what a visitor put in the query (the
    privacy and payload walks check that), and search engines want the plain page."""
    here = get_language()
    path = request.path
    links = [
        LanguageLink(code, NAMES.get(code, name), translate_url(path, code), code == here)
        for code, name in settings.LANGUAGES
    ]
    return {
        "language_links": links,
        "other_languages": [link for link in links if not link.current],
    }
