#!/usr/bin/env python
"""Search benchmark: 10,000 articles and 50,000 questions in a throwaway SQLite database.

    .venv/bin/python scripts/bench_search.py [--articles 10000] [--questions 50000]
                                             [--queries 200] [--seed 7]

Migrates a temporary database (the FTS5 table and triggers come from the migration),
generates rulings from the seed content's word frequencies plus a long tail of rarer
words, with tile mentions and article numbers mixed in, indexes
them with `rebuild_index()`, then times a mix of searches (words, phrases, tiles, numbers,
as-you-type prefixes, filters) through `search.ranking.search()` and through the JSON
endpoint the search box calls. Prints the median and 95th percentile in milliseconds.
Set DATABASE_URL to a PostgreSQL database to time that backend instead (it must be empty).
"""

import argparse
import io
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from itertools import accumulate
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_WORD_TEXT = """
tile tiles discard call called calling exposure exposed pung kong quint sextet joker jokers
exchange rack racked wall hand dead player players turn seat east south west north charleston
pass passes dealer deal mah jongg win winning declared declare concealed exposed pair single
natural flower dragon dragons wind winds dots bams craks soap card line hand league bulletin
rule rules ruling commentary answer question tournament director house table priority window
misnamed wrong number count penalty disqualified disqualify touched taken committed withdraw
change changed locked lock racking ledge pick picked draw drawn blind steal courtesy mistake
error score scoring payment pays value double singles pairs exposure flat part upper discarded
latest previous next right left across opponent caller discarder claim claimed claims kitty
"""
WORDS = list(dict.fromkeys(_WORD_TEXT.split()))
_FILLER_TEXT = """
the a of to and in is it that for on may be as with this not by if after before until when
must can only any one two three four all their other more most also then once while during
"""
FILLER = _FILLER_TEXT.split()
TILES = ["7D", "7 Dots", "3 Bams", "6 Craks", "RD", "Soap", "North wind", "2 Dots", "9B", "5C"]
QUERY_WORDS = [
    "touched tile",
    "joker exchange",
    "dead hand",
    "wrong number of tiles",
    "call window",
    "misnamed discard",
    "charleston",
    "exposure locked",
    "mah jongg in error",
    "courtesy pass",
    "concealed hand",
    "priority",
    "flower",
    "kitty",
    "what happens when a tile is touched",
]


# The classes issue 13 added: the table's words (synonyms), typos, and questions in a TD's own
# words that no page has all of (the fallback to most of the words).
SYNONYM_QUERIES = ["pong", "quad", "meld", "dq", "joker swap", "crack", "picking", "chow"]
TYPO_QUERIES = ["exposre", "charelston", "jocker exchange", "disqualifed", "courtsey pass"]
FALLBACK_QUERIES = [
    "someone has 15 tiles after the charleston",
    "two players want the same discard for a win",
    "can I take back my call if I only touched the tile",
    "player picked a tile before their turn flamingo",
]


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=10_000)
    parser.add_argument("--questions", type=int, default=50_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--keep", metavar="FILE", help="build the SQLite database in FILE and keep it"
    )
    return parser.parse_args()


def setup_django(database):
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{database}")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ["DJANGO_DEBUG"] = "1"
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def fixture_words():
    """Word counts of the real content (fixtures), so the generated text reads like it."""
    counts = Counter()

    def walk(value):
        if isinstance(value, str):
            counts.update(w.lower() for w in re.findall(r"[A-Za-z]{2,}", value))
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            walk(list(value.values()))

    for path in (ROOT / "fixtures" / "content").rglob("*.json"):
        walk(json.loads(path.read_text()))
    for path in (ROOT / "fixtures" / "scenarios").glob("*.feature"):
        walk(path.read_text())
    return counts or Counter(dict.fromkeys(WORDS, 10) | dict.fromkeys(FILLER, 40))


class Text:
    """Sentences drawn word by word from the real content's word frequencies (70%) and from
    a long tail of rarer words (30%): a corpus sixty thousand documents long uses many
    more distinct words than the few seed documents do. Tiles and article references are
    mixed in as the rulings mention them."""

    TAIL = 20_000

    def __init__(self, rng):
        self.rng = rng
        counts = fixture_words()
        self.words = list(counts)
        self.cumulative = list(accumulate(counts.values()))
        syllables = ["ba", "ko", "ri", "tan", "mel", "su", "dor", "vi", "pe", "lun", "ga", "zo"]
        self.tail = [
            "".join(rng.choice(syllables) for _ in range(rng.randint(2, 4)))
            for _ in range(self.TAIL)
        ]
        self.tail_cumulative = list(accumulate(1 / rank for rank in range(1, self.TAIL + 1)))

    def word(self):
        roll = self.rng.random()
        if roll < 0.015:
            return self.rng.choice(TILES)
        if roll < 0.02:
            return f"Article {self.rng.randint(1, 10_000)}"
        if roll < 0.7:
            return self.rng.choices(self.words, cum_weights=self.cumulative)[0]
        return self.rng.choices(self.tail, cum_weights=self.tail_cumulative)[0]

    def sentence(self, length):
        return " ".join(self.word() for _ in range(length)).capitalize() + "."

    def paragraph(self, sentences, length=14):
        return " ".join(
            self.sentence(self.rng.randint(length // 2, length * 2)) for _ in range(sentences)
        )


def generate(n_articles, n_questions, rng):
    from articles.models import Article, Question, RuleSet

    text = Text(rng)
    nmjl = RuleSet.objects.create(key="nmjl", name="NMJL", position=1)
    matjok = RuleSet.objects.create(key="matjok", name="Matjok", position=2)
    articles = [
        Article(
            ruleset=nmjl if i % 5 else matjok,
            key=f"{'nmjl' if i % 5 else 'matjok'}-{i}",
            number=str(i),
            title=text.sentence(rng.randint(2, 6))[:-1],
            summary=text.sentence(16),
            body=text.paragraph(rng.randint(3, 12)),
            position=i % 1000,
        )
        for i in range(1, n_articles + 1)
    ]
    Article.objects.bulk_create(articles, batch_size=2000)
    ids = list(Article.objects.values_list("pk", flat=True))
    questions = [
        Question(
            article_id=rng.choice(ids),
            question=text.sentence(rng.randint(8, 25)).rstrip(".") + "?",
            answer=text.paragraph(rng.randint(1, 4)),
            position=i % 50,
        )
        for i in range(n_questions)
    ]
    Question.objects.bulk_create(questions, batch_size=2000)


def queries(n, n_articles, rng):
    """A mix like a TD's: phrases, single words, tiles, numbers, typing, filters, and the
    table's words, typos and long questions; each query with its class."""
    mix = []
    for i in range(n):
        kind = i % 13
        if kind < 4:
            mix.append((rng.choice(QUERY_WORDS), {}, "words"))
        elif kind == 4:
            mix.append((" ".join(rng.sample(WORDS[:60], 2)), {}, "words"))
        elif kind == 5:
            mix.append((rng.choice(TILES), {}, "tile"))
        elif kind == 6:
            number = rng.randint(1, n_articles + 500)
            text = rng.choice(["{}", "Article {}", "art. {}", "#{}"]).format(number)
            mix.append((text, {}, "number"))
        elif kind == 7:
            phrase = rng.choice(QUERY_WORDS)
            mix.append((phrase[: rng.randint(3, len(phrase))], {"suggest": True}, "typing"))
        elif kind == 8:
            mix.append((rng.choice(QUERY_WORDS), {"ruleset": "matjok"}, "filter"))
        elif kind == 9:
            mix.append((rng.choice(WORDS[:30]), {"kind": "question"}, "filter"))
        elif kind == 10:
            mix.append((rng.choice(SYNONYM_QUERIES), {}, "synonym"))
        elif kind == 11:
            mix.append((rng.choice(TYPO_QUERIES), {}, "typo"))
        else:
            mix.append((rng.choice(FALLBACK_QUERIES), {}, "fallback"))
    return mix


def percentiles(times):
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    return statistics.median(times), p95, times[-1]


def main():
    args = parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        setup_django(Path(args.keep).resolve() if args.keep else Path(folder) / "bench.sqlite3")
        from django.db import connection
        from django.test import Client

        from search.index import rebuild_index
        from search.ranking import search

        print(
            f"Backend: {connection.vendor}; generating {args.articles} articles and "
            f"{args.questions} questions…",
            flush=True,
        )
        started = time.perf_counter()
        generate(args.articles, args.questions, rng)
        generated = time.perf_counter()
        documents = rebuild_index()
        from search.content import import_content

        import_content(ROOT / "fixtures", stdout=io.StringIO())  # the table's vocabulary
        indexed = time.perf_counter()
        print(
            f"Generated in {generated - started:.1f} s; indexed {documents} documents in "
            f"{indexed - generated:.1f} s."
        )

        mix = queries(args.queries, args.articles, rng)
        for text, options, _ in mix[:10]:  # warm the page cache of the database file
            search(text, **options)

        timings, found, by_class = [], 0, {}
        for text, options, label in mix:
            start = time.perf_counter()
            results = search(text, **options)
            timings.append((time.perf_counter() - start) * 1000)
            by_class.setdefault(label, []).append(timings[-1])
            found += bool(results.hits or results.articles)

        client = Client()
        http = []
        for text, options, _ in mix:
            params = {"q": text, "format": "json"}
            params.update({k: v for k, v in options.items() if k != "suggest"})
            start = time.perf_counter()
            response = client.get("/search/", params)
            http.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, (text, response.status_code)

        for label, values in (("search()", timings), ("GET /search/?format=json", http)):
            median, p95, worst = percentiles(values)
            print(
                f"{label:<26} {len(values)} queries: median {median:.1f} ms, "
                f"p95 {p95:.1f} ms, max {worst:.1f} ms"
            )
        for label, values in sorted(by_class.items()):
            median, p95, worst = percentiles(values)
            print(
                f"  search() {label:<17} {len(values)} queries: median {median:.1f} ms, "
                f"p95 {p95:.1f} ms"
            )
        print(f"{found} of {len(mix)} queries found something.")
        connection.close()


if __name__ == "__main__":
    main()
