"""Sections other apps add to an article's page and to the site's other pages (hooks).

The wiki is the lowest layer, so it cannot import the apps above it (scenario checks in
`rulings`, house rules in `tournaments`). Instead, each of those apps registers its
functions from its `AppConfig.ready()` (`hooks.register`, in layer order):

- ``article_sections``: ``sections(page) -> list[Section]``, drawn below the article;
- ``under_ruling``: ``under_ruling(page) -> list[Section]``, right under the short ruling,
  for this reader (the house rules of the tournament they chose). It may read the request's
  cookies only through a variant the page cache keys on (`pagecache.variants`), since the
  page is stored whole for readers;
- ``ruling_sections``: ``sections(page, ruling) -> list[Section]`` on one ruling's own page
  (`/rulings/<slug>/`), under its answer and sources (`rulings`: the check that shows it);
- ``ruling_answers``: ``answers(page) -> {ruling slug: answer}``, each of the article's
  rulings as this reader's chosen tournament answers it where its house rules change it
  (`tournaments`: a `TournamentAnswer`, drawn by ``tournaments/_ruling_answer.html``
  before the League's answer). Like ``under_ruling``, it varies only with the chosen
  tournament, a variant the page cache keys on;
- ``page_sections``: ``sections(page_name, **context) -> list[Section]`` for the other pages
  ("home"; "tournament" with `tournament=`; "scenario" with `scenario=`), an empty list for
  the pages an app does not add to.

`page` is the request's `articles.page.ArticlePage`: what several hooks need is worked out
on it once, so a hook may be called alone or in any order. A section's data is computed
here, by the view, so the templates only draw: no template tag runs a query or renders a
template into a string.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import hooks

from .page import ArticlePage


@dataclass(frozen=True)
class Section:
    """One part of an article page: the template that draws it and what it draws."""

    template: str
    data: dict = field(default_factory=dict)


def _page(article_or_page, request=None) -> ArticlePage:
    if isinstance(article_or_page, ArticlePage):
        return article_or_page
    return ArticlePage(article_or_page, request)


def sections_for(page) -> list[Section]:
    """Every section the other apps add to this article's page (an ArticlePage, or an
    article, for which one is made)."""
    page = _page(page)
    return [section for make in hooks.get_hooks("article_sections") for section in make(page)]


def ruling_sections_for(page, ruling) -> list[Section]:
    """What the other apps add to one ruling's page, under its answer and sources."""
    page = _page(page)
    return [s for make in hooks.get_hooks("ruling_sections") for s in make(page, ruling)]


def under_ruling_for(page) -> list[Section]:
    """What the other apps show this reader right under the article's ruling."""
    page = _page(page)
    if page.request is None:
        return []
    return [section for make in hooks.get_hooks("under_ruling") for section in make(page)]


def ruling_answers_for(page) -> dict:
    """{ruling slug: answer} for the rulings the reader's chosen tournament answers otherwise
    (empty without a reader or a tournament): the box leads with it."""
    page = _page(page)
    if page.request is None:
        return {}
    found = {}
    for make in hooks.get_hooks("ruling_answers"):
        found.update(make(page))
    return found


def answered(rulings, answers: dict) -> list[tuple]:
    """(ruling, its tournament answer or None) for each ruling, for a template to draw."""
    return [(ruling, answers.get(ruling.slug)) for ruling in rulings]


def page_sections(page: str, **context) -> list[Section]:
    """Every section the apps above add to one of the site's pages."""
    return [
        section for make in hooks.get_hooks("page_sections") for section in make(page, **context)
    ]
