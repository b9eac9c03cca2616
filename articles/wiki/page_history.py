"""One history per article page: its own edits and those of its commentary, answers,
rulings, citations and linked scenarios, in one list numbered from 1, oldest first.

The number of an entry is the page's version: "version 14" is the page just after the 14th
saved change of any of its parts, which is what a citation names and what the permalink
`/articles/<key>/version/14/` shows (rebuilt from the history rows of the first 14 entries,
`page_as_of`). Each kind keeps its own history table (django-simple-history); they are read
with one query each and merged by time. Scenario versions come from the app that keeps them,
through the `article_history` and `article_history_count` hooks (registered by that app in
its `ready()`): the wiki cannot import the apps above it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, IntegerField, Max, Q, Value
from django.urls import reverse
from django.utils.translation import gettext as _

import hooks
from articles.labels import source_name
from articles.models import Article, Citation, Commentary, Question, Ruling
from articles.wiki.kinds import ARTICLE, CITATION, COMMENTARY, QUESTION, RULING
from versions.tables import history_rows
from versions.timeline import person

PART_ORDER = {"article": 0, "commentary": 1, "question": 2, "ruling": 3, "citation": 4}


@dataclass
class PageEntry:
    """One saved change of one part of the page."""

    date: datetime
    part: str  # "Article", "Commentary ¶2", "Answer 1", "Citation of …", "Scenario: …"
    what: str
    who: str
    summary: str = ""
    compare_url: str | None = None  # the part's change against its version before
    restore_url: str | None = None  # the part's restore page (editors)
    order: tuple = ()  # breaks ties between entries saved in the same instant
    kind: str = ""  # a wiki kind's name; "" for a part from another app
    record: object = None  # the wiki kind's history row
    number: int = 0  # its place in the page's history: the page version it makes
    version_url: str = ""

    @property
    def sort_key(self):
        return (self.date, *self.order)


def contributed_entries(article) -> list[PageEntry]:
    """Entries other apps keep for this page (the `article_history` hook)."""
    return [entry for entries in hooks.get_hooks("article_history") for entry in entries(article)]


def _records(article):
    """(kind, records) for each wiki kind on the page: every row it ever had, even deleted."""
    commentary = list(
        Commentary.history.filter(article_id=article.pk).select_related("history_user")
    )
    questions = list(Question.history.filter(article_id=article.pk).select_related("history_user"))
    rulings = list(Ruling.history.filter(article_id=article.pk).select_related("history_user"))
    citations = Citation.history.filter(
        Q(article_id=article.pk)
        | Q(commentary_id__in={r.id for r in commentary})
        | Q(question_id__in={r.id for r in questions})
        | Q(ruling_id__in={r.id for r in rulings})
    ).select_related("history_user", "source")
    own = Article.history.filter(id=article.pk).select_related("history_user")
    return [(ARTICLE, list(own)), (COMMENTARY, commentary), (QUESTION, questions)] + [
        (RULING, rulings),
        (CITATION, list(citations)),
    ]


def _ordinals(model, article):
    """{id: 1-based place on today's page} for commentary or answers, as the page numbers them."""
    ids = (
        model.objects.filter(article=article)
        .order_by("position", "pk")
        .values_list("pk", flat=True)
    )
    return {pk: place for place, pk in enumerate(ids, start=1)}


def _part(kind, record, places) -> str:
    if kind is ARTICLE:
        return _("Article")
    if kind is COMMENTARY:
        place = places["commentary"].get(record.id)
        return (
            _("Commentary ¶%(place)s") % {"place": place}
            if place
            else _("Commentary (since removed)")
        )
    if kind is QUESTION:
        place = places["question"].get(record.id)
        return _("Answer %(place)s") % {"place": place} if place else _("Answer (since removed)")
    if kind is RULING:
        place = places["ruling"].get(record.id)
        return _("Ruling %(place)s") % {"place": place} if place else _("Ruling (since removed)")
    return _("Citation of %(source)s") % {"source": source_name(record.source)}


def _wiki_entries(article) -> list[PageEntry]:
    places = {
        "commentary": _ordinals(Commentary, article),
        "question": _ordinals(Question, article),
        "ruling": _ordinals(Ruling, article),
    }
    entries = []
    for kind, records in _records(article):
        counted = {}  # each part's versions so far: its own history's numbers
        for record in sorted(records, key=lambda r: r.history_id):
            number = counted[record.id] = counted.get(record.id, 0) + 1
            exists = record.history_type != "-"
            lookup = {kind.lookup: article.key if kind is ARTICLE else record.id}
            compare = None
            if number > 1 and exists:
                compare = reverse(f"articles:{kind.name}-compare", kwargs=lookup)
                compare += f"?from={number - 1}&to={number}"
            entries.append(
                PageEntry(
                    date=record.history_date,
                    part=_part(kind, record, places),
                    what=record.get_history_type_display().lower(),
                    who=person(record.history_user),
                    summary=record.history_change_reason or "",
                    compare_url=compare,
                    restore_url=reverse(
                        f"articles:{kind.name}-restore", kwargs={**lookup, "number": number}
                    )
                    if exists
                    else None,
                    order=(PART_ORDER[kind.name], record.history_id),
                    kind=kind.name,
                    record=record,
                )
            )
    return entries


def page_history(article) -> list[PageEntry]:
    """Every entry of the page's one history, oldest first, numbered from 1."""
    entries = _wiki_entries(article) + contributed_entries(article)
    entries.sort(key=lambda entry: entry.sort_key)
    for number, entry in enumerate(entries, start=1):
        entry.number = number
        entry.version_url = reverse("articles:article-version", args=[article.key, number])
    return entries


def entry_for(article, kind_name, history_id) -> PageEntry | None:
    """The entry of the page's history that a wiki kind's history row made (its page version),
    or None (a glossary term, or a row that is not this page's)."""
    if article is None:
        return None
    for entry in page_history(article):
        if entry.kind == kind_name and entry.record.history_id == history_id:
            return entry
    return None


def current_version(article) -> tuple[int, datetime | None]:
    """The page's version now and when it was made: how many entries its history has, and
    the latest one's date. Counted, not listed (one query for the wiki's history tables, its
    rulings' included, and one per app adding entries), so the article page can name its
    version in every citation for a fixed, small number of queries however many rulings it
    has."""
    commentary = history_rows(Commentary).filter(article_id=article.pk).values("id")
    questions = history_rows(Question).filter(article_id=article.pk).values("id")
    rulings = history_rows(Ruling).filter(article_id=article.pk)
    tables = [
        history_rows(Article).filter(id=article.pk),
        history_rows(Commentary).filter(article_id=article.pk),
        history_rows(Question).filter(article_id=article.pk),
        rulings,
        history_rows(Citation).filter(
            Q(article_id=article.pk)
            | Q(commentary_id__in=commentary)
            | Q(question_id__in=questions)
            | Q(ruling_id__in=rulings.values("id"))
        ),
    ]
    # One row of (count, latest) a table, all in one query: each is a round trip otherwise,
    # on the first view after every edit.
    counted = [_count_and_latest(rows) for rows in tables]
    found = list(counted[0].union(*counted[1:], all=True))
    found += contributed_counts(article)
    number = sum(n for n, _latest in found)
    return number, max((latest for _n, latest in found if latest is not None), default=None)


def _count_and_latest(rows):
    """A history table's rows as one row: (how many, the latest date). Grouped by a constant
    (which SQL leaves out): aggregates straight after a filter would group by every field."""
    one = rows.order_by().values(one=Value(1, output_field=IntegerField()))
    return one.values_list(Count("history_id"), Max("history_date"))


def contributed_counts(article) -> list[tuple[int, datetime | None]]:
    """(entries, latest date) from each app that adds entries (the `article_history_count`
    hook)."""
    return [count(article) for count in hooks.get_hooks("article_history_count")]


@dataclass
class PagePart:
    """One commentary paragraph or answer as it stood, with its citations as they stood."""

    obj: object
    citations: list = field(default_factory=list)

    @property
    def ruling_citations(self):
        return [c for c in self.citations if c.part == Citation.Part.RULING]

    @property
    def text_citations(self):
        return [c for c in self.citations if c.part != Citation.Part.RULING]


@dataclass
class PageAsOf:
    """The article page as it stood at one version: each part from its latest history row."""

    number: int
    date: datetime
    article: Article
    ruling_citations: list
    text_citations: list
    commentaries: list[PagePart]
    questions: list[PagePart]
    rulings: list[PagePart] = field(default_factory=list)


def page_as_of(article, number, entries=None) -> PageAsOf | None:
    """The page as it stood just after entry `number` of its history; None if there is none."""
    entries = entries if entries is not None else page_history(article)
    if not 0 < number <= len(entries):
        return None
    latest = {}
    for entry in entries[:number]:
        if entry.record is not None:
            latest[(entry.kind, entry.record.id)] = entry.record
    standing = {key: r.instance for key, r in latest.items() if r.history_type != "-"}
    old_article = standing.get(("article", article.pk))
    if old_article is None:
        old_article = Article(pk=article.pk, key=article.key, title=article.title)
    old_article.ruleset = article.ruleset

    def parts(kind):
        found = [obj for (name, _), obj in standing.items() if name == kind]
        return sorted(found, key=lambda obj: (obj.position, obj.pk))

    citations = parts("citation")
    for citation in citations:
        citation.source = next(
            r.source for (name, pk), r in latest.items() if name == "citation" and pk == citation.pk
        )

    def cited(statement, pk):
        return [c for c in citations if getattr(c, f"{statement}_id") == pk]

    own = cited("article", article.pk)
    return PageAsOf(
        number=number,
        date=entries[number - 1].date,
        article=old_article,
        ruling_citations=[c for c in own if c.part == Citation.Part.RULING],
        text_citations=[c for c in own if c.part != Citation.Part.RULING],
        commentaries=[PagePart(c, cited("commentary", c.pk)) for c in parts("commentary")],
        questions=[PagePart(q, cited("question", q.pk)) for q in parts("question")],
        rulings=[PagePart(r, cited("ruling", r.pk)) for r in parts("ruling")],
    )
