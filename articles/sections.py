"""Sections other apps add to an article's page, found by Django's autodiscovery.

The wiki is the lowest layer, so it cannot import the apps above it (scenario checks in
`rulings`, house rules in `tournaments`). Instead, an installed app may have an
`article_sections` module with a function ``sections(article) -> list[Section]``; the
article view calls every one, in INSTALLED_APPS order (the order of the layers), and the
template draws each section with its own template. As with Django's admin, discovery is by
module name at the first page view, never by registration at import time.

A module may also offer ``under_ruling(article, request) -> list[Section]``: what is drawn
right under the short ruling for this reader (the house rules of the tournament they chose).
It may read the request's cookies only through a variant the page cache keys on
(`pagecache.variants`), since the page is stored whole for readers.

A section's data is computed here, by the view, so the templates only draw: no template tag
runs a query or renders a template into a string.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.apps import apps
from django.utils.module_loading import autodiscover_modules

MODULE = "article_sections"


@dataclass(frozen=True)
class Section:
    """One part of an article page: the template that draws it and what it draws."""

    template: str
    data: dict = field(default_factory=dict)


def section_makers(module_name=MODULE, function="sections"):
    """Each installed app's `function` in that module (if it has one), lower layers first."""
    autodiscover_modules(module_name)
    makers = []
    for config in apps.get_app_configs():
        module = getattr(config.module, module_name, None)
        if module is not None and hasattr(module, function):
            makers.append(getattr(module, function))
    return makers


def sections_for(article) -> list[Section]:
    """Every section the other apps add to this article's page."""
    return [section for make in section_makers() for section in make(article)]


def under_ruling_for(article, request) -> list[Section]:
    """What the other apps show this reader right under the article's ruling."""
    if request is None:
        return []
    return [
        section
        for make in section_makers(function="under_ruling")
        for section in make(article, request)
    ]


# Other pages take sections the same way: an app's `page_sections` module offers
# ``sections(page, **context) -> list[Section]`` and answers for the pages it knows
# ("home"; "tournament" with `tournament=`), an empty list for the rest.
PAGE_MODULE = "page_sections"


def page_sections(page: str, **context) -> list[Section]:
    """Every section the apps above add to one of the site's pages."""
    return [section for make in section_makers(PAGE_MODULE) for section in make(page, **context)]
