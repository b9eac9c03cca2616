#!/usr/bin/env python
"""Search benchmark: 10,000 articles, 50,000 questions and 10,000 rulings in a throwaway
SQLite database.

    taskset -c 1 .venv/bin/python scripts/bench_search.py [--articles 10000]
        [--questions 50000] [--rulings 10000] [--tournaments 40] [--queries 400] [--runs 3]
        [--seed 7] [--dutch 0.1] [--keep FILE]

Migrates a temporary database (the FTS5 table and triggers come from the migration),
generates articles and questions from the seed content's word frequencies plus a long tail
of rarer words, with tile mentions and article numbers mixed in, published tournaments
with house rules, and rulings (a question in a TD's words, its answer and reason: the seed
rulings' questions with some of their words redrawn), indexes them with `rebuild_index()`
and loads the seed synonyms. Then, `--runs` times over, it times a mix of searches through
`search.ranking.search()` and through the JSON endpoint the search box calls: words,
phrases, tiles, numbers, as-you-type prefixes, filters, and at least 20% questions that
fall back to most of their words, 10% typos, 10% synonyms, 10% house-rule questions asked
with a tournament chosen, 10% questions as a TD types them, which rulings answer, and 10%
Dutch queries as a Dutch reader asks them (`language="nl"`, `/nl/search/`): a share of the
rulings (`--dutch`, a tenth) also has a Dutch translation, indexed as a Dutch document
(its words put into Dutch through a small word list).
Prints the median and 95th percentile in milliseconds, per class, with the load average
and the cores the process may use (pin it with `taskset`). Set DATABASE_URL to a
PostgreSQL database to time that backend instead. `--keep FILE` keeps the SQLite database;
a database that already has documents (kept, or on PostgreSQL filled by an earlier run) is
reused as it is.
"""

import argparse
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, date, datetime
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
TYPO_QUERIES = [
    "exposre",
    "charelston",
    "jocker exchange",
    "disqualifed",
    "courtsey pass",
    "touched tiel",
    "misnamd discard",
    "penatly",
]
# Questions in a TD's own words with a word no page uses: every word together finds nothing,
# so each falls back to most of the words (the benchmark counts how many really did).
FALLBACK_QUERIES = [
    "someone has 15 tiles after the charleston flamingo",
    "two players want the same discard for a win umbrella",
    "can I take back my call if I only touched the tile yesterday",
    "player picked a tile before their turn flamingo",
    "dead hand still pays the winner sandwich",
    "joker exchange from a concealed hand umbrella",
    "wrong number of tiles found during the charleston yesterday",
]
# House-rule questions, asked with a tournament chosen (the reader's cookie).
HOUSE_RULE_QUERIES = ["touched tile", "house rule", "{name} touched", "{name} joker", "penalty"]
HOUSE_RULE_TEXT = """touched tile is a taken tile once you have called a discard
call a table director before declaring another player's hand dead for the wrong number of tiles
one joker exchange at a time each exchange on its own before the next
the charleston courtesy pass is limited to three tiles at this tournament
a penalty of ten points for a misnamed discard at this tournament""".splitlines()
# Questions as a TD types them into the box, a few words each: the seed rulings answer
# these, and so do the generated rulings drawn from them.
RULING_QUESTIONS = [
    "give back a called tile once racked",
    "caller give back the tile",
    "joker in a pair",
    "stop the second charleston",
    "withdraw mah jongg",
    "call an older discard",
    "player picks a tile out of turn",
    "last discard when the wall is exhausted",
    "courtesy pass different numbers",
    "tjok claim beats poeng",
    "add a tile to an exposure",
    "missing tile found after first discard",
]
# Dutch: the generated rulings' words put into Dutch for their translations (a word not in
# the list stays: the rarer generated words are no language's), and queries in Dutch.
_DUTCH_TEXT = """tile:steen tiles:stenen discard:afgooi discarded:afgegooide call:roepen
called:geroepen calling:roepend claim:claimen claimed:geclaimde claims:claimt exposure:opening
exposed:open pung:poeng kong:kong joker:joker jokers:jokers exchange:ruil rack:rekje
racked:gerekt wall:muur hand:hand dead:dood player:speler players:spelers turn:beurt seat:stoel
east:oost south:zuid west:west north:noord pass:doorgeven dealer:gever win:winnen
winning:winnende declared:verklaard declare:verklaren concealed:verborgen pair:paar
dragon:draak dragons:draken wind:wind winds:winden card:kaart rule:regel rules:regels
ruling:uitspraak answer:antwoord question:vraag tournament:toernooi director:arbiter
table:tafel priority:voorrang window:moment wrong:verkeerd number:aantal penalty:straf
touched:aangeraakt taken:genomen withdraw:terugtrekken mistake:vergissing error:fout
score:score scoring:telling payment:betaling pick:pakken picked:gepakt draw:trekken
drawn:getrokken before:voor after:na the:de a:een of:van to:naar and:en is:is it:het
that:dat for:voor on:op may:mag be:zijn with:met this:dit not:niet by:door if:als when:wanneer
must:moet can:kan only:alleen one:een two:twee three:drie four:vier all:alle their:hun
other:andere more:meer then:dan once:eenmaal while:terwijl during:tijdens give:geef back:terug
same:dezelfde want:willen wants:wil beats:verslaat last:laatste first:eerste missing:ontbrekende
found:gevonden out:uit"""
DUTCH = dict(pair.split(":") for pair in _DUTCH_TEXT.split())
DUTCH_QUERIES = [
    "geclaimde stenen",
    "afgegooide steen terug",
    "speler pakt een steen buiten zijn beurt",
    "dode hand",
    "tjok gaat voor poeng",
    "verkeerd aantal stenen",
    "joker ruilen",
    "arbiter roepen",
]
TOURNAMENT_NAMES = ["Harbour", "Prairie", "Lakeside", "Summit", "Riverside", "Meadow", "Canyon"]


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=10_000)
    parser.add_argument("--questions", type=int, default=50_000)
    # The seed has 106 rulings for 9 articles; twelve an article would triple the corpus,
    # so one an article: a tenth of the documents are rulings and the rest compares as before.
    parser.add_argument("--rulings", type=int, default=10_000)
    parser.add_argument("--tournaments", type=int, default=40)
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--dutch", type=float, default=0.1, help="the share of rulings also indexed in Dutch"
    )
    parser.add_argument(
        "--keep", metavar="FILE", help="build the SQLite database in FILE and keep it (reused)"
    )
    return parser.parse_args()


def setup_django(database):
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{database}")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    # As the site runs: with debug on, Django would also log (and quote) every query.
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ["DJANGO_SECRET_KEY"] = "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuv"
    os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "0"
    os.environ["DJANGO_PLAIN_STATIC"] = "1"
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


def generate(n_articles, n_questions, n_rulings, n_tournaments, rng):
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
    generate_rulings(n_rulings, ids, text, rng)
    generate_tournaments(n_tournaments, nmjl, text, rng)


def generate_rulings(n, article_ids, text, rng):
    """Rulings: a seed ruling's question with about a quarter of its words redrawn, its
    answer, and a reason drawn like the rest of the text."""
    from articles.models import Ruling

    seeds = [
        ruling
        for path in sorted((ROOT / "fixtures" / "rulings").glob("*.json"))
        for ruling in json.loads(path.read_text())
    ]
    verdicts = [verdict for verdict, _ in Ruling.Verdict.choices]

    def redrawn(question):
        words = [w if rng.random() < 0.75 else text.word().lower() for w in question.split()]
        return " ".join(words).rstrip("?") + "?"

    rulings = []
    for i in range(n):
        seed = rng.choice(seeds)
        rulings.append(
            Ruling(
                article_id=rng.choice(article_ids),
                slug=f"{seed['slug']}-{i}"[:120],
                position=i % 20,
                question=redrawn(seed["question"])[:300],
                answer=seed["answer"][:300],
                verdict=rng.choice(verdicts),
                reason=text.paragraph(rng.randint(1, 2)),
            )
        )
    Ruling.objects.bulk_create(rulings, batch_size=2000)


def index_rulings_unless_indexed():
    """Rulings as documents of kind "ruling" (question; answer and reason), written here
    while the index does not write them itself: the mix must have them either way."""
    from articles.models import Ruling
    from search.index import Document
    from search.models import SearchDocument

    if SearchDocument.objects.filter(kind="ruling").exists():
        return 0
    rows = [
        Document(
            kind="ruling",
            key=ruling.slug,
            title=ruling.question,
            body=f"{ruling.answer} {ruling.reason}",
            url=f"/rulings/{ruling.slug}/",
            ruleset=ruleset,
        ).cleaned()
        for ruling, ruleset in (
            (ruling, ruling.article.ruleset.key)
            for ruling in Ruling.objects.select_related("article__ruleset").iterator()
        )
    ]
    SearchDocument.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


def in_dutch(text):
    """The text word by word through the Dutch word list (what it lacks stays)."""
    return " ".join(DUTCH.get(word.lower(), word) for word in text.split())


def index_dutch_translations(share, rng):
    """A Dutch translation of `share` of the ruling documents, as the translations' app
    indexes one: the same kind and key, language "nl" (`search.index.Document`)."""
    from search.index import Document
    from search.models import SearchDocument

    if SearchDocument.objects.filter(language="nl").exists() or share <= 0:
        return 0
    rulings = SearchDocument.objects.filter(kind="ruling", language="en")
    rows = [
        Document(
            kind="ruling",
            key=key,
            title=in_dutch(title),
            body=in_dutch(body),
            url=f"/nl{url}",
            ruleset=ruleset,
            language="nl",
        ).cleaned()
        for key, title, body, url, ruleset in rulings.values_list(
            "key", "title", "body", "url", "ruleset"
        ).iterator()
        if rng.random() < share
    ]
    SearchDocument.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


def generate_tournaments(n, nmjl, text, rng):
    """Published tournaments, each with a few house rules, created without signals (the
    index is rebuilt afterwards)."""
    from tournaments.models import PublishedVersion, Tournament

    tournaments = Tournament.objects.bulk_create(
        Tournament(
            name=f"{TOURNAMENT_NAMES[i % len(TOURNAMENT_NAMES)]} Open {2000 + i}",
            slug=f"{TOURNAMENT_NAMES[i % len(TOURNAMENT_NAMES)].lower()}-open-{2000 + i}",
            ruleset=nmjl,
            status=Tournament.Status.PUBLISHED,
        )
        for i in range(n)
    )
    versions = []
    for tournament in tournaments:
        rules = [
            {
                "number": number,
                "option": None,
                "value": None,
                "text": f"{rng.choice(HOUSE_RULE_TEXT).capitalize()}. {text.sentence(12)}",
                "departs_from": None,
            }
            for number in range(1, rng.randint(3, 8))
        ]
        snapshot = {"base_rules": "NMJL rules.", "house_rules": rules}
        versions.append(
            PublishedVersion(
                tournament=tournament,
                number=1,
                published_on=date(2026, 10, 1),
                published_at=datetime(2026, 10, 1, tzinfo=UTC),
                snapshot=snapshot,
            )
        )
    PublishedVersion.objects.bulk_create(versions)


# Thirty-four queries in each round: fallback 7 (20%); typos, synonyms, house rules with a
# tournament chosen, a TD's questions (rulings), Dutch queries, as you type and filters 3
# each (about 10%); words 3, a phrase, a tile and a number.
CLASSES = (
    ["words"] * 3
    + ["phrase", "tile", "number"]
    + ["typing"] * 3
    + ["filter"] * 3
    + ["synonym"] * 3
    + ["typo"] * 3
    + ["fallback"] * 7
    + ["houserule"] * 3
    + ["question"] * 3
    + ["dutch"] * 3
)


def queries(n, n_articles, tournaments, rng):
    """A mix like a TD's: phrases, single words, tiles, numbers, typing, filters, and the
    table's words, typos, long questions, house rules and the short questions rulings
    answer; each query with its class. The
    options are `search()`'s, `tournament` being the chosen one's slug."""
    mix = []
    for i in range(n):
        kind = CLASSES[i % len(CLASSES)]
        if kind == "words":
            mix.append((rng.choice(QUERY_WORDS), {}, kind))
        elif kind == "phrase":
            mix.append((" ".join(rng.sample(WORDS[:60], 2)), {}, "words"))
        elif kind == "tile":
            mix.append((rng.choice(TILES), {}, kind))
        elif kind == "number":
            number = rng.randint(1, n_articles + 500)
            text = rng.choice(["{}", "Article {}", "art. {}", "#{}"]).format(number)
            mix.append((text, {}, kind))
        elif kind == "typing":
            phrase = rng.choice(QUERY_WORDS)
            mix.append((phrase[: rng.randint(3, len(phrase))], {"suggest": True}, kind))
        elif kind == "filter":
            if rng.random() < 0.5:
                mix.append((rng.choice(QUERY_WORDS), {"ruleset": "matjok"}, kind))
            else:
                mix.append((rng.choice(WORDS[:30]), {"kind": "question"}, kind))
        elif kind == "synonym":
            mix.append((rng.choice(SYNONYM_QUERIES), {}, kind))
        elif kind == "typo":
            mix.append((rng.choice(TYPO_QUERIES), {}, kind))
        elif kind == "fallback":
            mix.append((rng.choice(FALLBACK_QUERIES), {}, kind))
        elif kind == "question":
            mix.append((rng.choice(RULING_QUESTIONS), {}, kind))
        elif kind == "dutch":
            mix.append((rng.choice(DUTCH_QUERIES), {"language": "nl"}, kind))
        else:
            slug, name = rng.choice(tournaments)
            text = rng.choice(HOUSE_RULE_QUERIES).format(name=name.split()[0])
            mix.append((text, {"tournament": slug}, kind))
    return mix


def percentiles(times):
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    return statistics.median(times), p95, times[-1]


def timed(mix):
    """One run of the mix through search() and through the JSON endpoint: wall-clock and
    this process's CPU milliseconds per class, and how many fallback queries fell back.

    On a busy machine the wall clock counts other processes' turns on the core too; the CPU
    time is what the search itself cost (on SQLite all of it; PostgreSQL's server process
    is not counted there, but summed apart per class when it runs on this machine)."""
    from django.test import Client

    from search.ranking import search
    from tournaments.chosen import COOKIE_NAME
    from tournaments.models import Tournament

    chosen = {t.slug: t for t in Tournament.objects.published()}
    calls, http, fell_back = {}, {}, 0
    server = ServerCPU()
    for text, options, label in mix:
        options = dict(options)
        slug = options.pop("tournament", "")
        before = server.seconds()
        start, cpu = time.perf_counter(), time.process_time()
        results = search(text, tournament=chosen.get(slug), **options)
        calls.setdefault(label, []).append(_elapsed(start, cpu))
        server.add(label, before)
        fell_back += label == "fallback" and results.broadened
    client = Client()
    for text, options, label in mix:
        params = {"q": text, "format": "json"}
        asked = ("suggest", "tournament", "language")
        params.update({k: v for k, v in options.items() if k not in asked})
        client.cookies[COOKIE_NAME] = options.get("tournament", "")
        # A Dutch reader's search box asks under /nl/, where the interface is Dutch.
        address = "/nl/search/" if options.get("language") == "nl" else "/search/"
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(address, params)
        http.setdefault(label, []).append(_elapsed(start, cpu))
        assert response.status_code == 200, (text, response.status_code)
    return calls, http, fell_back, server.per_class


def _elapsed(start, cpu):
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000


class ServerCPU:
    """The CPU seconds PostgreSQL's server process for this connection spent, read from
    /proc when the server runs on this machine (in clock ticks: summed per class, not per
    query); nothing on SQLite, whose work is this process's own."""

    def __init__(self):
        from django.db import connection

        self.per_class: dict[str, float] = {}
        self.stat = None
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                stat = Path(f"/proc/{cursor.fetchone()[0]}/stat")
            self.stat = stat if os.access(stat, os.R_OK) else None

    def seconds(self) -> float:
        if self.stat is None:
            return 0.0
        fields = self.stat.read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def add(self, label, before):
        if self.stat is not None:
            self.per_class[label] = self.per_class.get(label, 0.0) + self.seconds() - before


def report(run, calls, http, fell_back, server, load_before):
    """Print one run; return its p95s (search() wall, JSON wall, search() CPU, JSON CPU)."""
    load = ", ".join(f"{a:.2f}" for a in os.getloadavg())
    print(f"Run {run}: load average before {load_before}, after {load}")
    figures = []
    for label, timings in (("search()", calls), ("GET /search/?format=json", http)):
        wall = [w for values in timings.values() for w, _ in values]
        cpu = [c for values in timings.values() for _, c in values]
        median, p95, worst = percentiles(wall)
        cpu_median, cpu_p95, _ = percentiles(cpu)
        print(
            f"  {label:<26} {len(wall)} queries: median {median:.1f} ms, p95 {p95:.1f} ms, "
            f"max {worst:.1f} ms; CPU median {cpu_median:.1f} ms, p95 {cpu_p95:.1f} ms"
        )
        figures += [p95, cpu_p95]
    for label in sorted(calls):
        _, p95, _ = percentiles([w for w, _ in calls[label]])
        _, cpu_p95, _ = percentiles([c for _, c in calls[label]])
        _, http_p95, _ = percentiles([w for w, _ in http[label]])
        _, http_cpu_p95, _ = percentiles([c for _, c in http[label]])
        print(
            f"    {label:<10} {len(calls[label]):>3} queries: p95 search() {p95:.1f} ms "
            f"(CPU {cpu_p95:.1f}), JSON {http_p95:.1f} ms (CPU {http_cpu_p95:.1f})"
        )
    print(f"    {fell_back} of {len(calls.get('fallback', []))} fallback queries fell back")
    if server:
        queries = sum(len(calls[label]) for label in server)
        print(
            f"  PostgreSQL server CPU per search() (mean): "
            f"{sum(server.values()) * 1000 / queries:.1f} ms; "
            + ", ".join(
                f"{label} {seconds * 1000 / len(calls[label]):.1f}"
                for label, seconds in sorted(server.items())
            )
        )
    return figures[0], figures[2], figures[1], figures[3]


def load_synonyms():
    """The table's vocabulary as the seed content has it now, on a kept database too: a
    group added, changed or dropped since it was built changes what every query asks."""
    from search.models import Synonym

    path = ROOT / "fixtures" / "search" / "synonyms.json"
    groups = json.loads(path.read_text(encoding="utf-8"))["synonyms"]
    Synonym.objects.all().delete()
    Synonym.objects.bulk_create(
        Synonym(
            key=group["key"],
            words=group["words"],
            note=group.get("note", ""),
            language=group.get("language", "en"),
        )
        for group in groups
    )


def main():
    args = parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(args.keep).resolve() if args.keep else Path(folder) / "bench.sqlite3"
        setup_django(database)
        from django.db import connection

        from search.models import SearchDocument
        from tournaments.models import Tournament

        cores = ",".join(map(str, sorted(os.sched_getaffinity(0))))
        print(f"Backend: {connection.vendor}; cores {cores}.", flush=True)
        if SearchDocument.objects.exists():  # a database kept, or filled, by an earlier run
            print(f"Reusing the database's {SearchDocument.objects.count()} documents.")
        else:
            from search.backends import backend
            from search.rebuild import rebuild_index

            print(
                f"Generating {args.articles} articles, {args.questions} questions, "
                f"{args.rulings} rulings and {args.tournaments} tournaments…",
                flush=True,
            )
            started = time.perf_counter()
            generate(args.articles, args.questions, args.rulings, args.tournaments, rng)
            generated = time.perf_counter()
            documents = rebuild_index() + index_rulings_unless_indexed()
            documents += index_dutch_translations(args.dutch, random.Random(args.seed + 2))
            # As after any bulk load (rebuild_index does it too): one FTS5 segment on
            # SQLite, VACUUM ANALYZE on PostgreSQL, with the rulings written after it.
            backend().compact()
            indexed = time.perf_counter()
            print(
                f"Generated in {generated - started:.1f} s; indexed {documents} documents in "
                f"{indexed - generated:.1f} s."
            )
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")

        load_synonyms()
        from search.ranking import search

        tournaments = list(Tournament.objects.published().values_list("slug", "name"))
        mix = queries(args.queries, args.articles, tournaments, random.Random(args.seed + 1))
        for text, options, _ in mix[:20]:  # warm the database's pages
            search(text, **{k: v for k, v in options.items() if k != "tournament"})
        figures = []
        for run in range(1, args.runs + 1):
            load_before = ", ".join(f"{a:.2f}" for a in os.getloadavg())
            figures.append(report(run, *timed(mix), load_before))
        columns = zip(*figures, strict=True)
        names = ("search()", "JSON", "search() CPU", "JSON CPU")
        print(
            "p95 of each run: "
            + "; ".join(
                f"{name} " + " / ".join(f"{p:.1f}" for p in values) + " ms"
                for name, values in zip(names, columns, strict=True)
            )
        )
        connection.close()


if __name__ == "__main__":
    main()
