"""Writing the index after a save, run by the task queue (`manage.py run_huey`).

Each task is given primary keys and reads the rows again, so it writes what was committed
last, whichever order tasks run in. With a consumer running a saved thing is findable
within seconds (a task is queued when the save commits and run at once); in the tests
(huey's immediate mode) the task runs inside the save.
"""

from __future__ import annotations

from huey.contrib.djhuey import db_task

from articles.models import Article, Question, Source, Term
from rulings.models import Scenario
from search.documents import articles as wiki_documents
from search.documents import community as talk_documents
from search.documents import rulings as scenario_documents
from search.documents import tournaments as tournament_documents
from search.index import remove_document, remove_documents, store


@db_task()
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
        return
    store(wiki_documents.article_document(article))
    _index_commentary(article)
    for question in article.questions.all():
        store(wiki_documents.question_document(question))


@db_task()
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


@db_task()
def index_question(pk):
    """A question indexed while its article is published."""
    question = Question.objects.select_related("article").filter(pk=pk).first()
    if question is None:
        return
    if question.article.is_published:
        store(wiki_documents.question_document(question))
    else:
        remove_document("question", question.pk)


@db_task()
def index_source(pk):
    """A source indexed again with its citations' quotes."""
    source = Source.objects.filter(pk=pk).first()
    if source is not None:
        store(wiki_documents.source_document(source))


@db_task()
def index_term(pk):
    """A glossary term indexed again with its aliases."""
    term = Term.objects.filter(pk=pk).first()
    if term is not None:
        store(wiki_documents.term_document(term))


@db_task()
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


@db_task()
def remove(kind, keys):
    """Documents of one kind leave the index (the rows are gone; their keys were kept)."""
    remove_documents(kind, list(keys))


def remove_article(key, question_pks):
    """An article leaves the index with its commentary and questions."""
    remove_document("article", key)
    remove_document("commentary", key)
    remove_documents("question", list(question_pks))


@db_task()
def index_tournament(slug):
    """A tournament's published house rules indexed as its version in force has them (or
    removed, when it is gone or no longer published)."""
    tournament_documents.index_tournament(slug)


@db_task()
def index_thread(pk):
    """A talk thread indexed again with its visible replies, or removed when readers may
    not see it."""
    talk_documents.index_thread(pk)
