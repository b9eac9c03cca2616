"""Keeping the index current: what follows each save and delete of what is indexed.

Connected in `SearchConfig.ready()`; `articles`, `rulings` and `tournaments` know nothing
of it. Each receiver marks the documents pending, in the save's transaction, and queues the
consumer to index them once the save commits (`search.tasks`); a search indexes a few
pending ones itself first, so an edit is findable even with no consumer.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.db.models.signals import m2m_changed, post_delete, post_migrate, post_save, pre_save

from articles.models import Article, Citation, Commentary, Question, Ruling, Source, Term
from articles.wiki.linking import rerendered
from background.queue import after_commit
from casebook.models import Case
from community.models import Reply, Thread
from rulings.models import RulingCheck, Scenario
from search import tasks
from search.documents import rulings as scenario_documents
from search.rebuild import build_if_empty
from tournaments.models import PublishedVersion, Tournament
from translations.models import Translation


def index_later(work, *arguments):
    """The documents `work(*arguments)` writes are pending now; the consumer is queued."""
    tasks.mark_pending(work, *arguments)
    after_commit(tasks.index_pending)


def article_about_to_save(sender, instance, **kwargs):
    """Before an article is saved: remember its stored key, which the save may change."""
    if instance.pk:
        instance._search_previous_key = (
            Article.objects.filter(pk=instance.pk).values_list("key", flat=True).first()
        )


def article_saved(sender, instance, **kwargs):
    """An article saved: queued to be indexed again, and a changed key's documents removed."""
    previous = getattr(instance, "_search_previous_key", None)
    renamed_from = previous if previous and previous != instance.key else None
    index_later("article", instance.pk, renamed_from)


def article_deleted(sender, instance, **kwargs):
    """An article deleted: it, its commentary and its questions leave the index."""
    questions = list(instance.questions.values_list("pk", flat=True))
    index_later("remove", "article", [instance.key])
    index_later("remove", "commentary", [instance.key])
    if questions:
        index_later("remove", "question", questions)


def commentary_changed(sender, instance, **kwargs):
    """Commentary saved or deleted: its article's commentary document is queued again."""
    index_later("commentary", instance.article_id)


def question_saved(sender, instance, **kwargs):
    """A question saved: queued to be indexed while its article is published."""
    index_later("question", instance.pk)


def ruling_about_to_save(sender, instance, **kwargs):
    """Before a ruling is saved: remember its stored slug, which the save may change."""
    if instance.pk:
        instance._search_previous_slug = (
            Ruling.objects.filter(pk=instance.pk).values_list("slug", flat=True).first()
        )


def ruling_saved(sender, instance, **kwargs):
    """A ruling saved: queued to be indexed while its article is published."""
    previous = getattr(instance, "_search_previous_slug", None)
    index_later("rulings", [instance.pk], previous if previous != instance.slug else None)


def translation_changed(sender, instance, **kwargs):
    """A translation saved or deleted: its ruling is queued, its Dutch document to follow."""
    try:
        unit = instance.unit
    except ObjectDoesNotExist:  # deleted with its unit: the ruling's save re-indexes it
        return
    if unit.content_type.model_class() is Ruling:
        index_later("rulings", [unit.object_id])


def ruling_deleted(sender, instance, **kwargs):
    """A ruling deleted: it leaves the index."""
    index_later("remove", "ruling", [instance.slug])


def source_saved(sender, instance, **kwargs):
    """A source saved: queued to be indexed again with its citations' quotes."""
    index_later("source", instance.pk)


def citation_changed(sender, instance, **kwargs):
    """A citation saved or deleted: its source and the ruling it backs (quote) are queued."""
    index_later("source", instance.source_id)
    if instance.ruling_id:
        index_later("rulings", [instance.ruling_id])


def ruling_check_changed(sender, instance, **kwargs):
    """A check linked to a ruling or unlinked: the ruling (found by its name) is queued."""
    index_later("rulings", [instance.ruling_id])


def term_saved(sender, instance, **kwargs):
    """A glossary term saved: queued to be indexed again with its aliases."""
    index_later("term", instance.pk)


def texts_rerendered(sender, pks, **kwargs):
    """Stored HTML the wiki rendered again (a linked article came or went): queued again."""
    if sender is Term:
        for pk in pks:
            index_later("term", pk)
    elif sender is Article:
        for pk in pks:
            index_later("article", pk)
    elif sender is Commentary:
        for article_pk in set(
            Commentary.objects.filter(pk__in=pks).values_list("article_id", flat=True)
        ):
            index_later("commentary", article_pk)
    elif sender is Question:
        for pk in pks:
            index_later("question", pk)


def scenario_saved(sender, instance, **kwargs):
    """A scenario saved: queued to be indexed again as readers see it."""
    index_later("scenarios", [instance.pk])


def scenario_links_changed(sender, instance, action, reverse, pk_set, **kwargs):
    """A scenario's article links changed (from either side): its scenarios queued again."""
    if not action.startswith("post_"):
        return
    if reverse:
        pks = list(pk_set) if pk_set else list(instance.scenarios.values_list("pk", flat=True))
    else:
        pks = [instance.pk]
    if pks:
        index_later("scenarios", pks)


def question_deleted(sender, instance, **kwargs):
    """A question deleted: it leaves the index."""
    index_later("remove", "question", [instance.pk])


def source_deleted(sender, instance, **kwargs):
    """A source deleted: it leaves the index."""
    index_later("remove", "source", [instance.key])


def term_deleted(sender, instance, **kwargs):
    """A glossary term deleted: it leaves the index."""
    index_later("remove", "term", [instance.slug])


def scenario_deleted(sender, instance, **kwargs):
    """A scenario deleted: it leaves the index."""
    index_later("remove", scenario_documents.KIND, [instance.slug])


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
        index_later("tournament", previous)
    index_later("tournament", instance.slug)


def version_changed(sender, instance, **kwargs):
    """A version published or deleted: the tournament's house rules follow the latest one."""
    slug = Tournament.objects.filter(pk=instance.tournament_id).values_list("slug", flat=True)
    for found in slug:
        index_later("tournament", found)


def talk_changed(sender, instance, **kwargs):
    """A talk thread or reply saved or deleted: the thread is queued to be indexed again."""
    thread_pk = instance.pk if isinstance(instance, Thread) else instance.thread_id
    index_later("thread", thread_pk)


def case_changed(sender, instance, **kwargs):
    """A case saved (proposed, edited, published) or deleted: indexed again, or removed."""
    index_later("case", instance.pk)


def ruling_named_by_cases(sender, instance, **kwargs):
    """A ruling saved: its published cases carry its question as keywords, so they follow."""
    for pk in Case.objects.published().filter(ruling=instance).values_list("pk", flat=True):
        index_later("case", pk)


# Kept at module level: signals hold receivers weakly.
RECEIVERS = [
    (pre_save, Article, article_about_to_save),
    (post_save, Article, article_saved),
    (post_delete, Article, article_deleted),
    (post_save, Commentary, commentary_changed),
    (post_delete, Commentary, commentary_changed),
    (post_save, Question, question_saved),
    (post_delete, Question, question_deleted),
    (pre_save, Ruling, ruling_about_to_save),
    (post_save, Ruling, ruling_saved),
    (post_delete, Ruling, ruling_deleted),
    (post_save, Translation, translation_changed),
    (post_delete, Translation, translation_changed),
    (post_save, RulingCheck, ruling_check_changed),
    (post_delete, RulingCheck, ruling_check_changed),
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
    (post_save, Thread, talk_changed),
    (post_delete, Thread, talk_changed),
    (post_save, Reply, talk_changed),
    (post_delete, Reply, talk_changed),
    (post_save, Case, case_changed),
    (post_delete, Case, case_changed),
    (post_save, Ruling, ruling_named_by_cases),
    *((rerendered, model, texts_rerendered) for model in (Article, Commentary, Question, Term)),
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
