"""Lighthouse (mobile) and pa11y on the pages a reader meets first: the home page, an article,
a ruling, the hand check and the picker score 100 for accessibility, best practices and SEO,
and pa11y finds no error on them. Search results ask not to be indexed, so they are held to
the same marks except SEO. Performance is measured apart (scripts/bench_lighthouse.py): its
score depends on the machine, not only the page."""

import pytest

from tests.browser.conftest import seeded_server  # noqa: F401 (a fixture these tests use)
from tests.checkers import node_checkers

pytestmark = pytest.mark.browser

PAGES = {
    "home page": "/",
    "article": "/articles/nmjl-6/",
    "ruling": "/rulings/give-back-a-racked-call/",
    "hand check": "/hand/?tiles=2C+2C+2C+5D+5D+5D+N+N+N+WD+WD+WD+J+J",
    "picker": "/picker/call/",
}
SEARCH_RESULTS = "/search/?q=joker"
CATEGORIES = ["accessibility", "best-practices", "seo"]


def test_lighthouse_gives_every_first_page_100_for_accessibility_best_practices_and_seo(
    seeded_server,  # noqa: F811
):
    addresses = [seeded_server + path for path in [*PAGES.values(), SEARCH_RESULTS]]
    results = node_checkers.lighthouse(CATEGORIES, addresses)
    below = {}
    for name, path in [*PAGES.items(), ("search results", SEARCH_RESULTS)]:
        result = results[seeded_server + path]
        assert result["runtimeError"] is None, (name, result["runtimeError"])
        wanted = CATEGORIES if path != SEARCH_RESULTS else CATEGORIES[:2]
        scores = {category: result["scores"][category] for category in wanted}
        if any(score != 100 for score in scores.values()):
            below[name] = (scores, result["failing"])
    assert below == {}
    # Search results are held out of SEO only because they ask not to be indexed.
    assert "is-crawlable" in " ".join(results[seeded_server + SEARCH_RESULTS]["failing"])


def test_pa11y_finds_no_error_on_every_first_page_or_the_search_results(
    seeded_server,  # noqa: F811
):
    addresses = [seeded_server + path for path in [*PAGES.values(), SEARCH_RESULTS]]
    errors = {address: found for address, found in node_checkers.pa11y(addresses).items() if found}
    assert errors == {}
