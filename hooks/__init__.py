"""One way for an app to add to another app's page or process: named hooks.

A lower layer cannot import the apps above it (the wiki cannot import `rulings` or
`tournaments`), yet its pages show what they know. So the lower layer calls a hook by name,
and each app above registers its function for it from its `AppConfig.ready()`::

    hooks.register("article_sections", article_sections.sections, order=hooks.TOURNAMENTS)

and the caller runs them, in their stated order::

    for make in hooks.get_hooks("article_sections"):
        found += make(page)

This is Django's own registration pattern (as `admin.site.register` and Wagtail's
`hooks.register(name, fn, order=…)`), not discovery: nothing is found by a module's name.
Unlike Wagtail, which imports every app's `wagtail_hooks.py` on the first call, an app's
functions are registered once, when Django starts, by the app that owns them. Hooks run by
`order` (the layer of the app that registers, below), then in the order registered.

Every hook this site has is named in `HOOKS` with what its function takes and returns, so a
misspelt name fails at start-up rather than leaving a page silently short.
"""

from __future__ import annotations

from collections.abc import Callable

# The layers that register, lowest first: a hook's functions run in this order unless one
# says otherwise (the order of INSTALLED_APPS and of the layers contract in pyproject.toml).
ARTICLES = 10
RULINGS = 20
TOURNAMENTS = 30
TOOLKIT = 40
COMMUNITY = 50
APPEALS = 53
EVENT = 55
CASEBOOK = 56
TRANSLATIONS = 58  # after every app whose content is translated (its import runs last)
SEARCH = 60

HOOKS = {
    "article_sections": "sections(page: ArticlePage) -> [Section], drawn below the article",
    "under_ruling": "under_ruling(page: ArticlePage) -> [Section], right under the ruling",
    "ruling_sections": "sections(page: ArticlePage, ruling) -> [Section], on a ruling's page",
    "ruling_answers": "answers(page: ArticlePage) -> {ruling slug: answer}, for this reader",
    "page_sections": "sections(page: str, **context) -> [Section], on another page",
    # The rulings log's hooks take keywords, the same names in each: tournament=, user=, and
    # what else each needs (entries=, entry=, data=).
    "log_entry_sections": "sections(*, tournament, user, entries) -> {entry pk: [Section]}, "
    "under each logged ruling of a tournament's log",
    "article_history": "entries(article) -> [PageEntry]; with count(article) -> (n, date)",
    "article_history_count": "count(article) -> (entries, latest date)",
    "article_feed": "entries(article) -> [FeedEntry], in the article's Atom feed",
    "import_content": "import_content(folder, stdout, imports): one app's part of a folder",
    "export_content": "export_content(folder, stdout): one app's part, in the form read back",
    "log_form_parts": "parts(*, tournament, user, entry, data) -> [LogFormPart], more of the "
    "log form",
    "log_entry_details": "details(*, tournament, user, entries) -> {entry pk: [(title, text)]}",
    "log_links": "links(*, tournament, user) -> [(label, url)], on the rulings log's page",
    "log_private_names": "names(*, entry) -> {name}, what the anonymiser takes out of an entry",
    "sheet_snapshot": "part(tournament) -> {key: plain data}, more of what a published "
    "version of its house rules keeps (the event's penalty schedule); {} adds nothing",
}

_registered: dict[str, list[tuple[int, int, Callable]]] = {}


class UnknownHook(LookupError):
    """A hook name that is not in HOOKS (a typo would otherwise add nothing, silently)."""


def register(name: str, fn: Callable | None = None, *, order: int):
    """Register `fn` for the hook `name`, run at `order` (lower first); usable as a
    decorator. Registering the same function twice for a hook keeps it once."""
    if name not in HOOKS:
        raise UnknownHook(f"No hook is named {name!r}; the hooks are {sorted(HOOKS)}.")
    if fn is None:
        return lambda function: register(name, function, order=order)
    found = _registered.setdefault(name, [])
    if not any(known is fn for _, _, known in found):
        found.append((order, len(found), fn))
        found.sort(key=lambda item: item[:2])
    return fn


def get_hooks(name: str) -> list[Callable]:
    """The functions registered for `name`, in their order."""
    if name not in HOOKS:
        raise UnknownHook(f"No hook is named {name!r}; the hooks are {sorted(HOOKS)}.")
    return [fn for _, _, fn in _registered.get(name, [])]
