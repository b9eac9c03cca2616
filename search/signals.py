"""Keeping the index current: what follows each save and delete of what is indexed.

Connected in `SearchConfig.ready()`; `articles`, `rulings` and `tournaments` know nothing
of it.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.db.models.signals import m2m_changed, post_delete, post_migrate, post_save, pre_save

from articles.models import Article, Citation, Commentary, Question, Source, Term
from rulings.models import Scenario
from search.documents import articles as wiki_documents
from search.documents import rulings as scenario_documents
from search.documents import tournaments as tournament_documents
from search.index import build_if_empty, remove_document, remove_documents, store
from tournaments.models import PublishedVersion, Tournament


def index_article(article: Article):
    """Index an article and what is shown under its name (commentary, questions)."""
    if not article.is_published:
        remove_article(article)
        return
    store(wiki_documents.article_document(article))
    index_commentary(article)
    for question in article.questions.all():
        store(wiki_documents.question_document(question))


def index_commentary(article: Article):
    """An article's commentary is one document, gone when there is none."""
    commentaries = list(article.commentaries.all())
    if commentaries and article.is_published:
        store(wiki_documents.commentary_document(article, commentaries))
    else:
        remove_document("commentary", article.key)


def remove_article(article: Article):
    """An article leaves the index with its commentary and questions."""
    remove_document("article", article.key)
    remove_document("commentary", article.key)
    remove_documents("question", article.questions.values_list("pk", flat=True))


def article_about_to_save(sender, instance, **kwargs):
    """Before an article is saved: remember its stored key, which the save may change."""
    if instance.pk:
        instance._search_previous_key = (
            Article.objects.filter(pk=instance.pk).values_list("key", flat=True).first()
        )


def article_saved(sender, instance, **kwargs):
    """An article saved: indexed again, and under a changed key no stale link stays."""
    previous = getattr(instance, "_search_previous_key", None)
    if previous and previous != instance.key:
        remove_document("article", previous)
        remove_document("commentary", previous)
    index_article(instance)


def article_deleted(sender, instance, **kwargs):
    """An article deleted: it, its commentary and its questions leave the index."""
    remove_article(instance)


def commentary_changed(sender, instance, **kwargs):
    """Commentary saved or deleted: its article's commentary document is built again."""
    try:
        article = Article.objects.select_related("ruleset").get(pk=instance.article_id)
    except Article.DoesNotExist:
        return  # the article is being deleted; its own delete removes the document
    index_commentary(article)


def question_saved(sender, instance, **kwargs):
    """A question saved: indexed while its article is published."""
    try:
        article = instance.article
    except ObjectDoesNotExist:
        return
    if article.is_published:
        store(wiki_documents.question_document(instance))
    else:
        remove_document("question", instance.pk)


def source_saved(sender, instance, **kwargs):
    """A source saved: indexed again with its citations' quotes."""
    store(wiki_documents.source_document(instance))


def citation_changed(sender, instance, **kwargs):
    """A citation saved or deleted: its source carries its quote and rule set, so is redone."""
    try:
        source = Source.objects.get(pk=instance.source_id)
    except Source.DoesNotExist:
        return
    store(wiki_documents.source_document(source))


def term_saved(sender, instance, **kwargs):
    """A glossary term saved: indexed again with its aliases."""
    store(wiki_documents.term_document(instance))


def scenario_saved(sender, instance, **kwargs):
    """A scenario saved: indexed again."""
    store(scenario_documents.scenario_document(instance))


def scenario_links_changed(sender, instance, action, reverse, pk_set, **kwargs):
    """A scenario's article links changed (from either side): its scenarios indexed again."""
    if not action.startswith("post_"):
        return
    if reverse:
        scenarios = Scenario.objects.filter(pk__in=pk_set) if pk_set else instance.scenarios.all()
        for scenario in scenarios:
            store(scenario_documents.scenario_document(scenario))
    else:
        store(scenario_documents.scenario_document(instance))


def question_deleted(sender, instance, **kwargs):
    """A question deleted: it leaves the index."""
    remove_document("question", instance.pk)


def source_deleted(sender, instance, **kwargs):
    """A source deleted: it leaves the index."""
    remove_document("source", instance.key)


def term_deleted(sender, instance, **kwargs):
    """A glossary term deleted: it leaves the index."""
    remove_document("term", instance.slug)


def scenario_deleted(sender, instance, **kwargs):
    """A scenario deleted: it leaves the index."""
    remove_document(scenario_documents.KIND, instance.slug)


def tournament_about_to_save(sender, instance, **kwargs):
    """Before a tournament is saved: remember its stored slug, which the save may change."""
    if instance.pk:
        instance._search_previous_slug = (
            Tournament.objects.filter(pk=instance.pk).values_list("slug", flat=True).first()
        )


def tournament_changed(sender, instance, **kwargs):
    """A tournament saved or deleted: its published house rules indexed again (or removed)."""
    previous = getattr(instance, "_search_previous_slug", None)
    if previous and previous != instance.slug:
        tournament_documents.index_tournament(previous)
    tournament_documents.index_tournament(instance.slug)


def version_changed(sender, instance, **kwargs):
    """A version published or deleted: the tournament's house rules follow the latest one."""
    slug = Tournament.objects.filter(pk=instance.tournament_id).values_list("slug", flat=True)
    for found in slug:
        tournament_documents.index_tournament(found)


# Kept at module level: signals hold receivers weakly.
RECEIVERS = [
    (pre_save, Article, article_about_to_save),
    (post_save, Article, article_saved),
    (post_delete, Article, article_deleted),
    (post_save, Commentary, commentary_changed),
    (post_delete, Commentary, commentary_changed),
    (post_save, Question, question_saved),
    (post_delete, Question, question_deleted),
    (post_save, Source, source_saved),
    (post_delete, Source, source_deleted),
    (post_save, Citation, citation_changed),
    (post_delete, Citation, citation_changed),
    (post_save, Term, term_saved),
    (post_delete, Term, term_deleted),
    (post_save, Scenario, scenario_saved),
    (post_delete, Scenario, scenario_deleted),
    (m2m_changed, Scenario.articles.through, scenario_links_changed),
    (pre_save, Tournament, tournament_about_to_save),
    (post_save, Tournament, tournament_changed),
    (post_delete, Tournament, tournament_changed),
    (post_save, PublishedVersion, version_changed),
    (post_delete, PublishedVersion, version_changed),
]


def connect():
    """Keep the index current on every save and delete; fill it after the first migrate."""
    post_migrate.connect(build_if_empty, dispatch_uid="search-build-if-empty")
    for signal, sender, receiver in RECEIVERS:
        signal.connect(
            receiver,
            sender=sender,
            weak=False,
            dispatch_uid=f"search-{sender.__name__}-{receiver.__name__}",
        )
