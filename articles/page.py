"""The article page for one request: what every hook that adds to it is given.

An article view (the page, a version of it, its JSON in the API) makes one `ArticlePage` and
hands it to each `article_sections` and `under_ruling` hook. What several hooks need (the
article's scenario rows, their League results, the reader's chosen tournament, its results)
is worked out on the page object the first time a hook asks and read from it after, so the
hooks may run alone or in any order and get the same page, and no hook leaves anything on a
model instance for another to find.

The wiki cannot know what the apps above keep, so it offers `known(name, make)`; each app
names its own facts through small functions of its own (`rulings.article_page.scenarios`,
`tournaments.article_view.view_of`), which are the only callers of `known` for those names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth.models import AnonymousUser


@dataclass(eq=False)
class ArticlePage:
    """One article as one reader sees it in one request."""

    article: object
    request: object = None  # None for a page no reader asked for (a test, a command)
    _facts: dict = field(default_factory=dict, repr=False)

    @property
    def reader(self):
        """Who reads it (anonymous when no request)."""
        user = getattr(self.request, "user", None)
        return user if user is not None else AnonymousUser()

    @property
    def for_print(self) -> bool:
        """The print view (`?print=1`): every part drawn in full, as the page is printed
        (the ordinary page loads some parts, such as a check's drawing, when opened)."""
        return self.request is not None and self.request.GET.get("print") == "1"

    def rulings(self) -> list:
        """The article's rulings in order, each with its citations (read once per request;
        from the prefetch when the article came with `with_page_content()`)."""
        return self.known("articles.rulings", lambda: list(self.article.rulings.all()))

    def known(self, name: str, make: Callable[[], object]):
        """The fact `name` for this page: `make()` the first time it is asked for."""
        if name not in self._facts:
            self._facts[name] = make()
        return self._facts[name]
