"""Sections other apps add to an article's page, found by Django's autodiscovery.

The wiki is the lowest layer, so it cannot import the apps above it (scenario checks in
`rulings`, house rules in `tournaments`). Instead, an installed app may have an
`article_sections` module with a function ``sections(article) -> list[Section]``; the
article view calls every one, in INSTALLED_APPS order (the order of the layers), and the
template draws each section with its own template. As with Django's admin, discovery is by
module name at the first page view, never by registration at import time.

A section's data is computed here, by the view, so the templates only draw: no template tag
runs a query or renders a template into a string.

A scenario's page is found the same way (`scenario_sections`, called by `rulings`' view):
`tournaments` adds the grid of the scenario's checks under each tournament's house rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.apps import apps
from django.utils.module_loading import autodiscover_modules

MODULE = "article_sections"
SCENARIO_MODULE = "scenario_sections"


@dataclass(frozen=True)
class Section:
    """One part of an article page: the template that draws it and what it draws."""

    template: str
    data: dict = field(default_factory=dict)


def section_makers(module_name=MODULE):
    """Each installed app's `sections` function, lower layers first."""
    autodiscover_modules(module_name)
    makers = []
    for config in apps.get_app_configs():
        module = getattr(config.module, module_name, None)
        if module is not None:
            makers.append(module.sections)
    return makers


def sections_for(article) -> list[Section]:
    """Every section the other apps add to this article's page."""
    return [section for make in section_makers() for section in make(article)]


def sections_for_scenario(scenario) -> list[Section]:
    """Every section the apps above `rulings` add to a scenario's page."""
    return [section for make in section_makers(SCENARIO_MODULE) for section in make(scenario)]
