"""Full-text search: find a ruling by number, by words or by the tiles in the situation.

Everything searchable (articles, commentary, questions and answers, sources, glossary terms
and, through `rulings.search_index`, scenarios) is copied into one denormalised table,
`SearchDocument`, kept current by signals on every save and delete. The table is indexed by
SQLite FTS5 (an external-content table kept in step by triggers) or by a PostgreSQL
`tsvector` column with a GIN index (kept in step by a trigger); both are created by
migration 0002. Queries are built here from plain tokens, never from the user's text, so no
FTS syntax a user types can break a query.

Tiles are written many ways ("7D", "7 dots", "Sevens of Dots", "7 circles"); each mention is
stored once more as a canonical token (`7dtile`) in the `keywords` column, and a tile in a
query searches for that token, so every spelling finds every other.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.contrib.postgres.search import (
    SearchHeadline,
    SearchQuery,
    SearchRank,
    SearchVectorField,
)
from django.core.exceptions import ObjectDoesNotExist
from django.db import DEFAULT_DB_ALIAS, connection, models, transaction
from django.db.models import F
from django.urls import NoReverseMatch
from django.utils.html import escape, strip_tags
from django.utils.safestring import SafeString, mark_safe

from articles.models import Article, Citation, Commentary, Question, Source, Term

FTS_TABLE = "articles_searchdocument_fts"
MAX_QUERY_LENGTH = 200
MAX_TERMS = 12

KIND_LABELS = {
    "article": "Article",
    "commentary": "Commentary",
    "question": "Question and answer",
    "source": "Source",
    "scenario": "Scenario check",
    "term": "Glossary term",
}

# Snippets are cut by the database with these two characters around each match; they can
# never occur in indexed text (we strip them), so after escaping the snippet they can be
# turned into <mark> safely.
_MARK_START = "\x02"
_MARK_END = "\x03"
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


class SearchDocument(models.Model):
    """One searchable thing, flattened: what it is, where it lives, and its text."""

    kind = models.CharField(max_length=20, choices=list(KIND_LABELS.items()))
    key = models.CharField(max_length=120, help_text="The object's key, unique within a kind.")
    ruleset = models.CharField(max_length=40, blank=True, help_text="A RuleSet key, or blank.")
    title = models.CharField(max_length=300)
    body = models.TextField(blank=True)
    keywords = models.TextField(
        blank=True, help_text="Words not shown but searched: keys, aliases, canonical tiles."
    )
    url = models.CharField(max_length=300, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Filled by a database trigger on PostgreSQL; unused (NULL) on SQLite, where FTS5 indexes.
    vector = SearchVectorField(null=True, editable=False)

    class Meta:
        app_label = "articles"
        constraints = [
            models.UniqueConstraint(fields=["kind", "key"], name="search_document_kind_key")
        ]
        indexes = [models.Index(fields=["ruleset", "kind"], name="search_doc_ruleset_kind")]

    def __str__(self):
        return f"{self.kind}: {self.title}"


# --- Tiles -------------------------------------------------------------------------------

_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"], start=1
    )
}
_SUITS = {
    "d": ("dot", "dots", "circle", "circles"),
    "b": ("bam", "bams", "bamboo", "bamboos"),
    "c": ("crak", "craks", "crack", "cracks", "character", "characters"),
}
_SUIT_OF_WORD = {word: letter for letter, words in _SUITS.items() for word in words}
_NUMBER = r"[1-9]|" + "|".join(_NUMBER_WORDS)
_SUIT_WORD = "|".join(sorted(_SUIT_OF_WORD, key=len, reverse=True))

_TILE_RE = re.compile(
    rf"\b(?:(?P<num>{_NUMBER})s?[\s-]+(?:of[\s-]+)?(?P<suit>{_SUIT_WORD})"
    r"|(?P<code_num>[1-9])(?P<code_suit>[dbc])"
    r"|(?P<dragon>red|green|white)[\s-]+dragons?|(?P<dragon_code>rd|gd|wd)|(?P<soap>soaps?)"
    r"|(?P<wind>north|east|south|west)[\s-]+winds?)\b",
    re.IGNORECASE,
)
_DRAGON_CODES = {"r": "red", "g": "green", "w": "white"}


@dataclass(frozen=True)
class TileMention:
    # The token stored and searched: "7dtile". Starting with the tile, never with "tile", so
    # a reader's "tile…" typed as a prefix does not have to sweep every tile token too.
    canonical: str
    spellings: tuple[str, ...]  # what readers write, searched too so snippets highlight it


def _tile_of(match: re.Match) -> TileMention:
    g = {k: (v or "").lower() for k, v in match.groupdict().items()}
    if g["num"]:
        number, suit = _NUMBER_WORDS.get(g["num"], g["num"]), _SUIT_OF_WORD[g["suit"]]
    elif g["code_num"]:
        number, suit = g["code_num"], g["code_suit"]
    else:
        if g["wind"]:
            return TileMention(f"{g['wind']}windtile", (f"{g['wind']} wind",))
        colour = g["dragon"] or _DRAGON_CODES.get(g["dragon_code"][:1], "white")
        spellings = (f"{colour} dragon", f"{colour[0]}d") + (("soap",) if colour == "white" else ())
        return TileMention(f"{colour}dragontile", spellings)
    long_names = _SUITS[suit][1::2]  # "dots", "circles"; "bams", "bamboos"; …
    in_words = {v: k for k, v in _NUMBER_WORDS.items()}[number]
    spellings = (
        f"{number}{suit}",
        *(f"{number} {w}" for w in long_names),
        f"{in_words} of {long_names[0]}",  # "Sevens of Dots": the stemmer drops the s
    )
    return TileMention(f"{number}{suit}tile", spellings)


def tile_tokens(text: str) -> list[str]:
    """The canonical token of every tile the text mentions, once each, in order."""
    return list(dict.fromkeys(_tile_of(m).canonical for m in _TILE_RE.finditer(text or "")))


# --- Queries -----------------------------------------------------------------------------

# PostgreSQL's English stop words: dropped on both backends so both find the same things.
_STOP_WORD_LIST = """i me my myself we our ours ourselves you your yours yourself yourselves he
    him his himself she her hers herself it its itself they them their theirs themselves what which
    who whom this that these those am is are was were be been being have has had having do
    does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on
    off over under again further then once here there when where why how all any both each
    few more most other some such no nor not only own same so than too very s t can will just
    don should now"""
STOP_WORDS = frozenset(_STOP_WORD_LIST.split())
_WORD_RE = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class QueryTerm:
    """One thing a document must match: a word, or a tile in any of its spellings."""

    word: str = ""
    tile: TileMention | None = None
    prefix: bool = False


@dataclass(frozen=True)
class ParsedQuery:
    terms: tuple[QueryTerm, ...]

    def __bool__(self):
        return bool(self.terms)

    def as_phrase(self) -> ParsedQuery | None:
        """The words as one phrase, when there are several words and no tiles."""
        if len(self.terms) < 2 or any(term.tile for term in self.terms):
            return None
        words = " ".join(term.word for term in self.terms)
        return ParsedQuery((QueryTerm(word=words, prefix=self.terms[-1].prefix),))

    def to_fts5(self, operator: str = "AND") -> str:
        """An FTS5 MATCH expression; every token is double-quoted so nothing is syntax."""

        def phrase(words: str) -> str:
            return '"' + words + '"'

        parts = []
        for term in self.terms:
            if term.tile:
                options = [phrase(term.tile.canonical), *map(phrase, term.tile.spellings)]
                parts.append("(" + " OR ".join(options) + ")")
            else:
                parts.append(phrase(term.word) + ("*" if term.prefix else ""))
        return f" {operator} ".join(parts)

    def to_tsquery(self, operator: str = "&") -> str:
        """A to_tsquery() expression; every token is single-quoted so nothing is syntax."""

        def phrase(words: str) -> str:
            return " <-> ".join(f"'{w}'" for w in words.split())

        parts = []
        for term in self.terms:
            if term.tile:
                options = [phrase(term.tile.canonical), *map(phrase, term.tile.spellings)]
                parts.append("(" + " | ".join(options) + ")")
            else:
                parts.append(phrase(term.word) + (":*" if term.prefix else ""))
        return f" {operator} ".join(parts)


def parse_query(text: str, *, prefix_last: bool = False) -> ParsedQuery:
    """Turn what a reader typed into terms: tiles first, then words without stop words.

    Only letters and digits survive, so quotes, NEAR, *, -, AND/OR and parentheses are
    plain text to us. `prefix_last` makes the last word match as a prefix (typing "touc"
    suggests "touched tile").
    """
    text = _CONTROL.sub(" ", (text or "")[:MAX_QUERY_LENGTH])
    if prefix_last:
        text = _complete_tile(text)
    terms: list[QueryTerm] = []
    position = 0
    for match in _TILE_RE.finditer(text):
        terms.extend(_word_terms(text[position : match.start()]))
        terms.append(QueryTerm(tile=_tile_of(match)))
        position = match.end()
    tail = text[position:]
    terms.extend(_word_terms(tail))
    terms = list(dict.fromkeys(terms))[:MAX_TERMS]
    if prefix_last and terms and terms[-1].word and not tail[-1:].isspace():
        last = terms[-1]
        if len(last.word) >= 2 and not last.word.isdigit():
            terms[-1] = QueryTerm(word=last.word, prefix=True)
    return ParsedQuery(tuple(terms))


_HALF_TYPED_TILE = re.compile(r"\b(?P<number>[1-9])[\s-]+(?P<start>[a-z]{1,9})$", re.IGNORECASE)


def _complete_tile(text: str) -> str:
    """ "7 do" half-typed is the tile 7 Dots, when only one suit's names start that way."""
    match = _HALF_TYPED_TILE.search(text)
    if not match:
        return text
    start = match["start"].lower()
    suits = {suit for word, suit in _SUIT_OF_WORD.items() if word.startswith(start)}
    if len(suits) != 1:
        return text
    return f"{text[: match.start()]}{match['number']}{suits.pop().upper()}"


def _word_terms(text: str) -> list[QueryTerm]:
    words = (w.lower() for w in _WORD_RE.findall(text))
    return [QueryTerm(word=w) for w in words if w not in STOP_WORDS]


# --- Number lookup -----------------------------------------------------------------------

_NUMBER_QUERY = re.compile(
    r"^\s*(?:(?:article|art|no)\s*\.?\s*|#\s*)?(?P<number>\d{1,5}[a-z]?)\s*$", re.IGNORECASE
)
_KEY_QUERY = re.compile(r"^\s*(?P<key>[a-z][a-z0-9]*-[a-z0-9-]+)\s*$", re.IGNORECASE)


def requested_number(text: str) -> str | None:
    """The article number asked for in "205", "Article 205", "art. 6", "#205", or None."""
    match = _NUMBER_QUERY.match(text or "")
    return match["number"] if match else None


def lookup_articles(text: str, ruleset: str = "") -> list[Article]:
    """Published articles named by number or key ("205", "Art 6", "nmjl-6"), best first."""
    articles = Article.objects.published().select_related("ruleset")
    if ruleset:
        articles = articles.for_ruleset(ruleset)
    number = requested_number(text)
    if number:
        return list(articles.filter(number__iexact=number))
    match = _KEY_QUERY.match(text or "")
    if match:
        return list(articles.filter(key=match["key"].lower()))
    return []


# --- Searching ---------------------------------------------------------------------------


@dataclass
class Hit:
    url: str
    title: str
    kind: str
    ruleset: str
    snippet: SafeString
    ruleset_name: str = ""

    @property
    def kind_label(self):
        return KIND_LABELS.get(self.kind, self.kind)

    def as_json(self):
        return {"url": self.url, "title": self.title, "kind": self.kind, "snippet": self.snippet}


@dataclass
class SearchResults:
    query: str
    hits: list[Hit] = field(default_factory=list)
    articles: list[Article] = field(default_factory=list)  # named by number or key
    number: str | None = None  # a number was asked for
    broadened: bool = False  # no document had every word; showing those with any

    @property
    def unknown_number(self):
        return bool(self.number) and not self.articles

    def as_json(self, limit: int) -> list[dict]:
        """Articles named by number first (all of them), then ranked hits, up to `limit`."""
        named = [
            {
                "url": article.get_absolute_url(),
                "title": str(article),
                "kind": "article",
                "snippet": escape(article.summary),
            }
            for article in self.articles
        ]
        return (named + [hit.as_json() for hit in self.hits])[: max(limit, len(named))]


def highlight(raw: str) -> SafeString:
    """Escape a database snippet, then turn its match markers into <mark>."""
    escaped = html.escape(raw or "")
    return mark_safe(escaped.replace(_MARK_START, "<mark>").replace(_MARK_END, "</mark>"))


def search(
    text: str, *, ruleset: str = "", kind: str = "", limit: int = 30, suggest: bool = False
) -> SearchResults:
    """Search everything: articles named by number or key first, then ranked text matches.

    `suggest` is the search box's as-you-type mode: the last word matches as a prefix.
    """
    text = (text or "")[:MAX_QUERY_LENGTH]
    results = SearchResults(query=text, number=requested_number(text))
    if kind not in KIND_LABELS:
        kind = ""
    if kind in ("", "article"):
        results.articles = lookup_articles(text, ruleset)
    parsed = parse_query(text, prefix_last=suggest)
    if parsed:
        backend = PostgreSQLBackend if connection.vendor == "postgresql" else SQLiteBackend
        results.hits, results.broadened = _ranked_hits(backend, parsed, ruleset, kind, limit)
    named = {article.get_absolute_url() for article in results.articles}
    results.hits = [hit for hit in results.hits if hit.url not in named]
    return results


def _ranked_hits(backend, parsed: ParsedQuery, ruleset, kind, limit) -> tuple[list[Hit], bool]:
    """Every word, with the words as a phrase first ("touched tile" before "tile … touched");
    only if nothing has them all, any word."""
    every = backend.render(parsed, every=True)
    phrase = parsed.as_phrase()
    # Neither bm25 nor ts_rank reliably favours adjacent words: rank the phrase on its own.
    ranked = backend.rank(backend.render(phrase), ruleset, kind, limit) if phrase else []
    ranked += [pk for pk in backend.rank(every, ruleset, kind, limit) if pk not in ranked]
    if ranked or len(parsed.terms) < 2:
        return backend.fetch(_one_per_page(ranked)[:limit], every), False
    either = backend.render(parsed, every=False)
    ranked = _one_per_page(backend.rank(either, ruleset, kind, limit))
    return backend.fetch(ranked, either), bool(ranked)


def _one_per_page(ranked: list[int]) -> list[int]:
    """The ranked documents, keeping only the best of those that open the same page.

    Sources of one publication and year share their page (/sources/mjme/2024/): a reader
    would otherwise see the same link several times. A document without a page stays.
    """
    urls = dict(SearchDocument.objects.filter(pk__in=ranked).values_list("pk", "url"))
    seen: set[str] = set()
    kept = []
    for pk in ranked:
        url = urls.get(pk, "")
        if url and url in seen:
            continue
        seen.add(url)
        kept.append(pk)
    return kept


class SQLiteBackend:
    """FTS5: bm25 ranking (title counts most, then keywords), snippet() for highlights."""

    # Scoring costs about a microsecond a match. Past a few thousand matches a query's words
    # are in nearly everything and their scores say little, so a pool is scored instead.
    SCORE_AT_MOST = 3000

    @staticmethod
    def render(parsed: ParsedQuery, every=True) -> str:
        return parsed.to_fts5("AND" if every else "OR")

    @classmethod
    def rank(cls, expression: str, ruleset: str, kind: str, limit: int) -> list[int]:
        filtered = cls._filtered(expression, ruleset, kind)
        in_titles = cls._filtered(f"{{title keywords}} : ({expression})", ruleset, kind)
        matching = f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s"
        # Only the pool is scored: every match when there are few, else the first few
        # thousand with the words in the title or keywords and the first few thousand of
        # the rest. "+" keeps FTS5 from running the whole query once per pooled rowid.
        sql = f"""
            {matching} AND +rowid IN (
                SELECT rowid FROM ({matching} LIMIT %s)
                UNION SELECT rowid FROM ({matching} LIMIT %s)
            )
            ORDER BY bm25({FTS_TABLE}, 10.0, 1.0, 4.0, 0.0), rowid LIMIT %s
        """
        pool = cls.SCORE_AT_MOST
        params = [filtered, in_titles, pool, filtered, pool, limit]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return [row[0] for row in cursor.fetchall()]

    @staticmethod
    def _filtered(expression: str, ruleset: str, kind: str) -> str:
        """The expression, kept to one rule set and kind by their tokens in `facets`."""
        for facet, value in (("ruleset", ruleset), ("kind", kind)):
            if value:
                token = facet + re.sub(r"[^a-z0-9-]", "", value.lower())
                expression = f'({expression}) AND facets : "{token}"'
        return expression

    @staticmethod
    def fetch(order: list[int], expression: str) -> list[Hit]:
        # Snippets only for the rows shown: cutting one for every match of a common word
        # would cost more than the search itself.
        if not order:
            return []
        marks = ", ".join(["%s"] * len(order))
        with connection.cursor() as cursor:
            cursor.execute(
                f"""
                SELECT d.id, d.url, d.title, d.kind, d.ruleset,
                       snippet({FTS_TABLE}, 1, char(2), char(3), '…', 24)
                FROM {FTS_TABLE} f JOIN articles_searchdocument d ON d.id = f.rowid
                WHERE {FTS_TABLE} MATCH %s AND f.rowid IN ({marks})
                """,
                [expression, *order],
            )
            rows = {row[0]: row for row in cursor.fetchall()}
        return [
            Hit(url, title, kind, ruleset, highlight(snippet))
            for pk, url, title, kind, ruleset, snippet in (rows[pk] for pk in order)
        ]


class PostgreSQLBackend:
    """tsvector @@ tsquery on the GIN index; ts_rank for order, ts_headline for highlights."""

    @staticmethod
    def render(parsed: ParsedQuery, every=True) -> SearchQuery:
        expression = parsed.to_tsquery("&" if every else "|")
        return SearchQuery(expression, search_type="raw", config="english")

    @staticmethod
    def rank(query: SearchQuery, ruleset: str, kind: str, limit: int) -> list[int]:
        # Unlike FTS5, the cost here is reading each match's vector from the table, which a
        # pool would not save: every match is scored.
        documents = SearchDocument.objects.filter(vector=query)
        if ruleset:
            documents = documents.filter(ruleset=ruleset)
        if kind:
            documents = documents.filter(kind=kind)
        # Normalisation 1 divides by the log of the length, as bm25 favours short documents.
        ranked = documents.annotate(rank=SearchRank(F("vector"), query, normalization=1))
        return list(ranked.order_by("-rank", "pk").values_list("pk", flat=True)[:limit])

    @staticmethod
    def fetch(order: list[int], query: SearchQuery) -> list[Hit]:
        documents = SearchDocument.objects.filter(pk__in=order).annotate(
            snippet=SearchHeadline(
                "body",
                query,
                config="english",
                start_sel=_MARK_START,
                stop_sel=_MARK_END,
                max_words=30,
                min_words=12,
                max_fragments=2,
                fragment_delimiter=" … ",
            )
        )
        found = {doc.pk: doc for doc in documents}
        return [
            Hit(d.url, d.title, d.kind, d.ruleset, highlight(d.snippet))
            for d in (found[pk] for pk in order)
        ]


# --- Indexing ----------------------------------------------------------------------------


@dataclass
class Document:
    kind: str
    key: str
    title: str
    body: str
    url: str = ""
    ruleset: str = ""
    keywords: str = ""

    def cleaned(self) -> SearchDocument:
        """The row to store: control characters stripped, tiles added as canonical tokens."""

        def clean(value: str) -> str:
            return _CONTROL.sub(" ", value or "")

        title, body = clean(self.title)[:300], clean(self.body)
        tiles = " ".join(tile_tokens(f"{title}\n{body}\n{self.keywords}"))
        return SearchDocument(
            kind=self.kind,
            key=str(self.key)[:120],
            ruleset=self.ruleset or "",
            title=title,
            body=body,
            keywords=f"{clean(self.keywords)} {tiles}".strip(),
            url=(self.url or "")[:300],
        )


def index_document(kind, key, title, body, url, ruleset="", keywords=""):
    """Add or replace one document in the index (the API other apps call)."""
    _store(Document(kind, key, title, body, url, ruleset, keywords))


def _store(document: Document):
    row = document.cleaned()
    values = {f: getattr(row, f) for f in ("ruleset", "title", "body", "keywords", "url")}
    SearchDocument.objects.update_or_create(kind=row.kind, key=row.key, defaults=values)


def remove_document(kind, key):
    """Take one document out of the index; nothing happens if it was never there."""
    SearchDocument.objects.filter(kind=kind, key=str(key)).delete()


def _url(obj, anchor="") -> str:
    # A page that is not routed yet must not stop a save; rebuild_search_index fixes it later.
    try:
        return obj.get_absolute_url() + anchor
    except NoReverseMatch:
        return ""


_IMAGE_ALT = re.compile(r"<img\b[^>]*?\balt=\"([^\"]*)\"[^>]*>", re.IGNORECASE)


def _plain(markdown: str, rendered: str = "") -> str:
    """Readable text for the index: the rendered HTML without tags, or the Markdown.

    A tile picture counts as its name ("7 Dots"), so tiles drawn in the text are found.
    """
    if not rendered:
        return markdown or ""
    return html.unescape(strip_tags(_IMAGE_ALT.sub(r" \1 ", rendered)))


def _article_keywords(article: Article) -> str:
    number = f"article {article.number} art {article.number}" if article.number else ""
    return f"{article.key} {number}"


def article_document(article: Article) -> Document:
    body = "\n".join(filter(None, [article.summary, _plain(article.body, article.body_html)]))
    return Document(
        "article",
        article.key,
        str(article),
        body,
        _url(article),
        article.ruleset.key,
        _article_keywords(article),
    )


def commentary_document(article: Article, commentaries: Iterable[Commentary]) -> Document:
    """All of an article's commentary as one document: it is read as one section."""
    commentaries = list(commentaries)
    return Document(
        "commentary",
        article.key,
        f"Commentary on {article}",
        "\n".join(_plain(c.body, c.body_html) for c in commentaries),
        _url(article, "#commentary-title"),
        article.ruleset.key,
        " ".join([_article_keywords(article), *(c.author for c in commentaries)]),
    )


QUESTION_TITLE_WORDS = 10


def _first_words(text: str, count: int = QUESTION_TITLE_WORDS) -> str:
    words = text.split()
    return " ".join(words[:count]) + ("…" if len(words) > count else "")


def question_document(question: Question) -> Document:
    article = question.article
    asked = question.question.strip()
    answer = _plain(question.answer, question.answer_html)
    # An answer given on its own is named by its first words: several answers on one article
    # must not all read "Answer on Article 6".
    title = asked if asked else f"Answer on {article.label}: {_first_words(answer)}"
    if len(title) > 160:
        title = title[:159].rsplit(" ", 1)[0] + "…"
    return Document(
        "question",
        question.pk,
        title,
        f"{asked}\n{answer}".strip(),
        _url(article, f"#question-{question.pk}"),
        article.ruleset.key,
        f"{_article_keywords(article)} {question.asked_by} {question.answered_by}",
    )


def source_document(source: Source, citations: Iterable[Citation] | None = None) -> Document:
    if citations is None:
        citations = source.citations.select_related(
            "article__ruleset", "commentary__article__ruleset", "question__article__ruleset"
        )
    citations = list(citations)
    rulesets = {c.cited_article.ruleset.key for c in citations}
    quotes = [c.quote for c in citations if c.quote]
    return Document(
        "source",
        source.key,
        str(source),
        "\n".join(filter(None, [source.title, source.note, *quotes])),
        _url(source),
        rulesets.pop() if len(rulesets) == 1 else "",
        f"{source.get_publication_display()} {source.edition} {source.year or ''}",
    )


def term_document(term: Term) -> Document:
    return Document(
        "term",
        term.slug,
        term.term,
        _plain(term.definition, term.definition_html),
        _url(term),
        "",
        term.aliases.replace(",", " "),
    )


# Other apps add their documents to a full rebuild here (rulings adds scenarios), so this
# module never imports them.
_EXTRA_SOURCES: dict[str, Callable[[], Iterable[Document]]] = {}


def register_source(kind: str, documents: Callable[[], Iterable[Document]]):
    """Let `rebuild_index()` ask another app for every document of one kind."""
    _EXTRA_SOURCES[kind] = documents


def all_documents() -> Iterable[Document]:
    """Every document the index should hold, built in a handful of queries."""
    articles = Article.objects.published().select_related("ruleset")
    yield from map(article_document, articles.iterator(chunk_size=2000))
    published = Article.objects.published()
    commentaries: dict[int, list[Commentary]] = {}
    for commentary in Commentary.objects.filter(article__in=published).order_by(
        "article", "position", "pk"
    ):
        commentaries.setdefault(commentary.article_id, []).append(commentary)
    for article in articles.filter(pk__in=commentaries):
        yield commentary_document(article, commentaries[article.pk])
    yield from map(
        question_document,
        Question.objects.filter(article__in=published)
        .select_related("article__ruleset")
        .iterator(chunk_size=2000),
    )
    citations: dict[int, list[Citation]] = {}
    for citation in Citation.objects.select_related(
        "article__ruleset", "commentary__article__ruleset", "question__article__ruleset"
    ):
        citations.setdefault(citation.source_id, []).append(citation)
    for source in Source.objects.all():
        yield source_document(source, citations.get(source.pk, []))
    yield from map(term_document, Term.objects.all())
    for documents in _EXTRA_SOURCES.values():
        yield from documents()


def rebuild_index(batch_size: int = 1000) -> int:
    """Empty the index and fill it again from the content; returns how many documents."""
    count = 0
    with transaction.atomic():
        SearchDocument.objects.all().delete()
        batch = []
        for document in all_documents():
            batch.append(document.cleaned())
            if len(batch) >= batch_size:
                SearchDocument.objects.bulk_create(batch)
                count += len(batch)
                batch = []
        SearchDocument.objects.bulk_create(batch)
        count += len(batch)
    return count


# --- Keeping the index current -----------------------------------------------------------


def index_article(article: Article):
    """Index an article and what is shown under its name (commentary, questions)."""
    if not article.is_published:
        remove_article(article)
        return
    _store(article_document(article))
    index_commentary(article)
    for question in article.questions.all():
        _store(question_document(question))


def index_commentary(article: Article):
    commentaries = list(article.commentaries.all())
    if commentaries and article.is_published:
        _store(commentary_document(article, commentaries))
    else:
        remove_document("commentary", article.key)


def remove_article(article: Article):
    remove_document("article", article.key)
    remove_document("commentary", article.key)
    questions = [str(pk) for pk in article.questions.values_list("pk", flat=True)]
    SearchDocument.objects.filter(kind="question", key__in=questions).delete()


def _article_saved(sender, instance, **kwargs):
    # An article's key can change; drop the old document so no stale link stays behind.
    previous = getattr(instance, "_search_previous_key", None)
    if previous and previous != instance.key:
        remove_document("article", previous)
        remove_document("commentary", previous)
    index_article(instance)


def _article_about_to_save(sender, instance, **kwargs):
    if instance.pk:
        instance._search_previous_key = (
            Article.objects.filter(pk=instance.pk).values_list("key", flat=True).first()
        )


def _question_saved(sender, instance, **kwargs):
    try:
        article = instance.article
    except ObjectDoesNotExist:
        return
    if article.is_published:
        _store(question_document(instance))
    else:
        remove_document("question", instance.pk)


def _commentary_changed(sender, instance, **kwargs):
    try:
        article = Article.objects.select_related("ruleset").get(pk=instance.article_id)
    except Article.DoesNotExist:
        return  # the article is being deleted; its own delete removes the document
    index_commentary(article)


def _source_saved(sender, instance, **kwargs):
    _store(source_document(instance))


def _citation_changed(sender, instance, **kwargs):
    # The source's document carries its quotes and takes its rule set from what it backs.
    try:
        source = Source.objects.get(pk=instance.source_id)
    except Source.DoesNotExist:
        return
    _store(source_document(source))


def _term_saved(sender, instance, **kwargs):
    _store(term_document(instance))


def _article_deleted(sender, instance, **kwargs):
    remove_article(instance)


def _removed(kind: str, key_field: str):
    def handler(sender, instance, **kwargs):
        remove_document(kind, getattr(instance, key_field))

    return handler


# Kept at module level: signals hold receivers weakly.
_RECEIVERS = [
    ("pre", Article, _article_about_to_save),
    ("save", Article, _article_saved),
    ("delete", Article, _article_deleted),
    ("save", Commentary, _commentary_changed),
    ("delete", Commentary, _commentary_changed),
    ("save", Question, _question_saved),
    ("delete", Question, _removed("question", "pk")),
    ("save", Source, _source_saved),
    ("delete", Source, _removed("source", "key")),
    ("save", Citation, _citation_changed),
    ("delete", Citation, _citation_changed),
    ("save", Term, _term_saved),
    ("delete", Term, _removed("term", "slug")),
]


def build_if_empty(app_config, using=DEFAULT_DB_ALIAS, **kwargs):
    """After migrate: a site that had content before the index existed gets it indexed."""
    if app_config.label != "articles" or using != DEFAULT_DB_ALIAS:
        return
    if SearchDocument._meta.db_table not in connection.introspection.table_names():
        return  # migrated back to before the index
    if not SearchDocument.objects.exists() and Article.objects.exists():
        rebuild_index()


def connect_signals():
    """Keep the index current on every save and delete (ArticlesConfig.ready calls this)."""
    from django.db.models.signals import post_delete, post_migrate, post_save, pre_save

    post_migrate.connect(build_if_empty, dispatch_uid="search-build-if-empty")

    signals = {"pre": pre_save, "save": post_save, "delete": post_delete}
    for signal, sender, receiver in _RECEIVERS:
        signals[signal].connect(
            receiver,
            sender=sender,
            weak=False,
            dispatch_uid=f"search-{signal}-{sender.__name__}-{receiver.__name__}",
        )
