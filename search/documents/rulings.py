"""What the rulings put in the index: scenario checks (title, steps, linked article keys)."""

from __future__ import annotations

from collections.abc import Iterable

from rulings.models import Scenario
from search.index import Document, url_of

KIND = "scenario"


def scenario_document(scenario: Scenario, articles=None) -> Document:
    """The scenario as the index holds it (a reader's copy, from `for_readers()`: the last
    clean version); its rule set is that of its first linked article."""
    if articles is None:
        articles = scenario.articles.select_related("ruleset").order_by("key")
    articles = list(articles)
    return Document(
        kind=KIND,
        key=scenario.slug,
        title=scenario.title,
        body=scenario.text,
        url=url_of(scenario),
        ruleset=articles[0].ruleset.key if articles else "",
        keywords=" ".join(article.key for article in articles),
    )


def all_documents() -> Iterable[Document]:
    """Every scenario, its linked articles fetched in one more query."""
    for scenario in Scenario.objects.for_readers().prefetch_related("articles__ruleset"):
        linked = sorted(scenario.articles.all(), key=lambda article: article.key)
        yield scenario_document(scenario, linked)
