"""Writing the index after a save: the work each pending mark names, and who does it.

A save's receiver (`search.signals`) marks its documents pending (`PendingDocument`, in the
save's transaction) and queues `index_pending` for when it commits. Whoever comes first
does the work and clears the marks: the queue's consumer (`manage.py run_huey`), a search
(`catch_up` with a budget of a few milliseconds, before it ranks), or a rebuilt index
(`rebuild_index`, which `import_content` ends with). So a stopped consumer never hides an edit from
search, and a consumer that runs later finds the marks gone and does nothing: queued
tasks carry no work of their own, one cheap read each.

Each kind of work is given primary keys and keys and reads the rows again, so it writes
what was committed last, whichever order it runs in, and running it twice is harmless (a
search and the consumer may both take the same mark). In the tests (huey's immediate mode)
the queued task runs inside the save.
"""

from __future__ import annotations

import logging
import time
from contextlib import contextmanager

from django.conf import settings
from django.db import connection, transaction
from django.utils import translation
from huey.contrib.djhuey import db_task

from articles.models import Article, Question, Ruling, Source, Term
from rulings.models import Scenario
from search.documents import articles as wiki_documents
from search.documents import casebook as case_documents
from search.documents import community as talk_documents
from search.documents import rulings as scenario_documents
from search.documents import tournaments as tournament_documents
from search.documents import translations as translated_documents
from search.index import remove_document, remove_documents, store
from search.models import PendingDocument

log = logging.getLogger(__name__)


def index_article(pk, previous_key=None):
    """An article indexed again (under a changed key no stale link stays), with what is
    shown under its name: commentary and questions; or removed when it is not published."""
    if previous_key:
        remove_document("article", previous_key)
        remove_document("commentary", previous_key)
    article = Article.objects.select_related("ruleset").filter(pk=pk).first()
    if article is None:
        return
    if not article.is_published:
        remove_article(article.key, article.questions.values_list("pk", flat=True))
        remove_documents("ruling", list(article.rulings.values_list("slug", flat=True)))
        return
    store(wiki_documents.article_document(article))
    _index_commentary(article)
    for question in article.questions.all():
        store(wiki_documents.question_document(question))
    for ruling in article.rulings.all():
        store(wiki_documents.ruling_document(ruling))


def index_commentary(article_pk):
    """An article's commentary is one document, gone when there is none."""
    article = Article.objects.select_related("ruleset").filter(pk=article_pk).first()
    if article is not None:
        _index_commentary(article)


def _index_commentary(article):
    commentaries = list(article.commentaries.all())
    if commentaries and article.is_published:
        store(wiki_documents.commentary_document(article, commentaries))
    else:
        remove_document("commentary", article.key)


def index_question(pk):
    """A question indexed while its article is published."""
    question = Question.objects.select_related("article").filter(pk=pk).first()
    if question is None:
        return
    if question.article.is_published:
        store(wiki_documents.question_document(question))
    else:
        remove_document("question", question.pk)


def index_rulings(pks, previous_slug=None):
    """Rulings indexed while their article is published (none of an unpublished one, an
    editor's draft), under a changed slug no stale link left."""
    if previous_slug:
        remove_document("ruling", previous_slug)
    rulings = list(Ruling.objects.filter(pk__in=list(pks)).select_related("article__ruleset"))
    for ruling in rulings:
        if ruling.article.is_published:
            store(wiki_documents.ruling_document(ruling))
        else:
            remove_document("ruling", ruling.slug)
    # In Dutch too, where its question has a current translation; else no Dutch document.
    dutch = translated_documents.ruling_documents(r for r in rulings if r.article.is_published)
    for document in dutch:
        store(document)
    kept = {document.key for document in dutch}
    for ruling in rulings:
        if ruling.slug not in kept:
            remove_document("ruling", ruling.slug, language=translated_documents.DUTCH)


def index_source(pk):
    """A source indexed again with its citations' quotes."""
    source = Source.objects.filter(pk=pk).first()
    if source is not None:
        store(wiki_documents.source_document(source))


def index_term(pk):
    """A glossary term indexed again with its aliases."""
    term = Term.objects.filter(pk=pk).first()
    if term is not None:
        store(wiki_documents.term_document(term))


def index_scenarios(pks):
    """Scenarios indexed as readers see them (the last clean version); a draft that never
    ran clean is not in the index."""
    pks = list(pks)
    readers = (
        Scenario.objects.for_readers().filter(pk__in=pks).prefetch_related("articles__ruleset")
    )
    shown = set()
    for scenario in readers:
        linked = sorted(scenario.articles.all(), key=lambda article: article.key)
        store(scenario_documents.scenario_document(scenario, linked))
        shown.add(scenario.pk)
    unseen = Scenario.objects.filter(pk__in=set(pks) - shown).values_list("slug", flat=True)
    remove_documents(scenario_documents.KIND, list(unseen))


def remove(kind, keys):
    """Documents of one kind leave the index (the rows are gone; their keys were kept)."""
    remove_documents(kind, list(keys))


def remove_article(key, question_pks):
    """An article leaves the index with its commentary and questions."""
    remove_document("article", key)
    remove_document("commentary", key)
    remove_documents("question", list(question_pks))


def index_tournament(slug):
    """A tournament's published house rules indexed as its version in force has them (or
    removed, when it is gone or no longer published)."""
    tournament_documents.index_tournament(slug)


def index_thread(pk):
    """A talk thread indexed again with its visible replies, or removed when readers may
    not see it."""
    talk_documents.index_thread(pk)


def index_case(pk):
    """A case indexed while it is published; a proposal or a deleted case is not."""
    case_documents.index_case(pk)


# What a pending mark may ask for, by the name it is stored under.
WORK = {
    "article": index_article,
    "commentary": index_commentary,
    "question": index_question,
    "rulings": index_rulings,
    "source": index_source,
    "term": index_term,
    "scenarios": index_scenarios,
    "remove": remove,
    "tournament": index_tournament,
    "thread": index_thread,
    "case": index_case,
}

SEARCH_BUDGET_S = 0.05  # what a search may spend catching up before it ranks
SEARCH_BATCH = 10  # the marks a search reads (one query, cheap when there are none)
BATCH = 200


def mark_pending(work: str, *arguments):
    """Mark the documents `work(*arguments)` writes as pending, in the current transaction."""
    if work not in WORK:
        raise ValueError(f"No such indexing work: {work!r}")
    PendingDocument.objects.create(work=work, arguments=list(arguments))


@db_task()
def index_pending():
    """Queued after each save that marks documents pending: the consumer clears them all."""
    catch_up()


def catch_up(budget_s: float | None = None, batch: int = BATCH) -> int:
    """Do the work of pending marks, oldest first, and clear them; returns how many.

    With `budget_s` (a search), one batch is read and the work stops once the budget is
    spent (a document started is finished): what is left is the consumer's. Without it,
    every mark is done. The same work marked by several saves is done once. Work that
    fails (or, for a search on SQLite, finds the database busy) is logged and its marks
    kept for the next turn; the rest goes on, so one bad mark never holds up the others.
    """
    deadline = None if budget_s is None else time.monotonic() + budget_s
    done, failed = 0, []
    while True:
        marks = list(PendingDocument.objects.exclude(pk__in=failed).order_by("pk")[:batch])
        for work, arguments, pks in _grouped(marks):
            if _do(work, arguments, pks, waiting=deadline is not None):
                done += len(pks)
            else:
                failed += pks
            if deadline is not None and time.monotonic() >= deadline:
                return done
        if not marks or deadline is not None:
            return done


def _grouped(marks):
    """(work, arguments, mark pks) for each distinct piece of work, in the order first marked."""
    groups = {}
    for mark in marks:
        key = (mark.work, repr(mark.arguments))
        groups.setdefault(key, (mark.work, mark.arguments, []))[2].append(mark.pk)
    return list(groups.values())


def _do(work, arguments, pks, waiting):
    function = WORK.get(work)
    try:
        # The index is written in the site's default language, whichever language the
        # request that catches up (a search at /nl/) reads: its titles are the pages' own.
        with (
            translation.override(settings.LANGUAGE_CODE),
            _short_lock_waits(waiting),
            transaction.atomic(),
        ):
            if function is None:
                log.warning("Dropping pending search work %r%r: no such work", work, arguments)
            else:
                function(*arguments)
            # Only the marks read: one a save adds meanwhile stays, for its own turn.
            PendingDocument.objects.filter(pk__in=pks).delete()
    except Exception:
        log.exception("Search indexing %s%r failed; it stays pending", work, tuple(arguments))
        return False
    return True


@contextmanager
def _short_lock_waits(short):
    """For a search on SQLite: give up on the write lock after 50 ms instead of the
    settings' 20 s, so an editor's long save never stalls a reader (the work stays pending).
    PostgreSQL's row locks are never held long by a save here: nothing to do."""
    if not short or connection.vendor != "sqlite":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout")
        (previous,) = cursor.fetchone()
        cursor.execute(f"PRAGMA busy_timeout = {int(SEARCH_BUDGET_S * 1000)}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA busy_timeout = {int(previous)}")
