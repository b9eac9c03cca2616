"""The relevance set: what a TD types, and whether the page that answers it comes in the
first three results on the seed content.

`relevance.json` was written from the content and from how people ask at the table, never
from what the ranking returns. Every miss is printed; below 90% in the top three fails.
"""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from articles.models import Ruling
from search.ranking import search
from tests.seeding import seed

RELEVANCE = Path(__file__).with_name("relevance.json")
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
TOP = 3
PASS_MARK = 0.90
CLASSES = ("situation", "misspelling", "vocabulary", "tile", "house-rule")


def queries():
    return json.loads(RELEVANCE.read_text(encoding="utf-8"))["queries"]


def _flat(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _flat(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _flat(item)


def _seed_text() -> str:
    parts = []
    for path in sorted(FIXTURES.rglob("*")):
        if path.suffix == ".json":
            parts.extend(_flat(json.loads(path.read_text(encoding="utf-8"))))
        elif path.suffix == ".feature":
            parts.append(path.read_text(encoding="utf-8"))
    return re.sub(r"\s+", " ", " ".join(parts))


def test_the_set_has_enough_queries_of_every_kind_a_td_types():
    counts = Counter(entry["kind"] for entry in queries())
    assert sum(counts.values()) >= 60
    for kind in CLASSES:
        assert counts[kind] >= 10, kind
    assert {"number", "source", "glossary"} <= set(counts)


def test_every_answering_sentence_is_in_the_seed_content():
    text = _seed_text()
    missing = [e["sentence"] for e in queries() if re.sub(r"\s+", " ", e["sentence"]) not in text]
    assert not missing


def answered(expected: str, urls: list[str]) -> bool:
    """An article page is answered by any part of it (text, commentary, an answer, one of
    its rulings, whose page shows the article); a glossary term or a house rule only by
    itself."""
    if "#" in expected:
        return expected in urls
    return any(url.split("#")[0] == expected for url in urls)


def first_urls(query: str) -> list[str]:
    """The first three results' pages, a ruling's as the article it is part of."""
    results = search(query)
    named = [article.get_absolute_url() for article in results.articles]
    rulings = {
        ruling.get_absolute_url(): ruling.article.get_absolute_url()
        for ruling in Ruling.objects.select_related("article")
    }
    return [rulings.get(url, url) for url in named + [hit.url for hit in results.hits]][:TOP]


@pytest.mark.django_db
# First score, before any ranking change: 39/78 (50%) on SQLite, 40/78 (51%) on PostgreSQL;
# with rulings first, fallback, house rules, synonyms and typos: 74/78 (95%) on both;
# with the reader's own words before a synonym's and titled parts in page order: 77/78 (99%);
# with rulings indexed (issue 25; a ruling counts as a part of its article's page): see README.
def test_ninety_percent_of_what_a_td_types_finds_its_answer_in_the_first_three(tmp_path):
    seed()
    misses = []
    for entry in queries():
        urls = first_urls(entry["query"])
        if not answered(entry["url"], urls):
            misses.append(
                f"  [{entry['kind']}] {entry['query']!r}: wanted {entry['url']}, got {urls}"
            )
    total = len(queries())
    score = (total - len(misses)) / total
    print(f"\nrelevance: {total - len(misses)}/{total} in the top {TOP} ({score:.0%})")
    print("\n".join(misses))
    assert score >= PASS_MARK
