"""Receivers for the wiki's own models: stored HTML and cross-links stay true on every save.

Connected once, from ArticlesConfig.ready(). The search index and the page cache listen
for themselves (the search and pagecache apps).
"""

from django.db.models.signals import post_delete, post_save, pre_save

from articles.models import Article, Commentary, Question, Term
from articles.wiki.linking import (
    RENDERED_FIELDS,
    keys_of,
    link_context,
    record_links_of_article,
    record_links_of_term,
    render_stored_html,
    rerender_all,
    rerender_linkers,
)


def render_before_save(sender, instance, raw=False, **kwargs):
    """Before a text is saved, its Markdown is rendered into the stored HTML."""
    if not raw:
        render_stored_html(instance)


def remember_article_keys(sender, instance, raw=False, **kwargs):
    """Before an article is saved, note the keys links used for it (to spot a rename)."""
    instance._keys_before_save = set()
    if instance.pk and not raw:
        before = Article.objects.filter(pk=instance.pk).values("key", "number").first()
        if before:
            instance._keys_before_save = keys_of(Article(**before))


def article_saved(sender, instance, created, raw=False, **kwargs):
    """After an article is saved, its links are recorded, and pages linking to a new or
    renamed key are rendered again (wanted links become real ones)."""
    if raw:
        return
    links = link_context()  # the site as it is after this save, for both steps
    record_links_of_article(instance, links)
    now = keys_of(instance)
    before = getattr(instance, "_keys_before_save", set())
    if created or now != before:
        rerender_linkers(now | before, links)


def article_deleted(sender, instance, **kwargs):
    """After an article is deleted, pages linking to it are rendered again (as wanted)."""
    rerender_linkers(keys_of(instance))


def statement_changed(sender, instance, raw=False, origin=None, **kwargs):
    """After commentary or an answer changes, its article's outgoing links are recorded."""
    if raw or isinstance(origin, Article):
        return  # the article itself is going; its links go with it
    article = Article.objects.filter(pk=instance.article_id).first()
    if article is not None:
        record_links_of_article(article)


def remember_term_names(sender, instance, raw=False, **kwargs):
    """Before a term is saved, note its names (to spot a change that moves glossary links)."""
    instance._names_before_save = None
    if instance.pk and not raw:
        instance._names_before_save = (
            Term.objects.filter(pk=instance.pk).values_list("slug", "term", "aliases").first()
        )


def term_saved(sender, instance, created, raw=False, **kwargs):
    """After a term is saved with new names, every text is rendered again."""
    if raw:
        return
    links = link_context()
    names = (instance.slug, instance.term, instance.aliases)
    if created or names != getattr(instance, "_names_before_save", None):
        rerender_all(links)  # any text may mention the term
    record_links_of_term(instance, links)


def term_deleted(sender, instance, **kwargs):
    """After a term is deleted, every text is rendered again (its glossary links go)."""
    rerender_all()


def connect():
    """Connected once, from ArticlesConfig.ready()."""
    for model in RENDERED_FIELDS:
        pre_save.connect(render_before_save, sender=model, dispatch_uid=f"render-{model.__name__}")
    pre_save.connect(remember_article_keys, sender=Article, dispatch_uid="wiki-article-keys")
    post_save.connect(article_saved, sender=Article, dispatch_uid="wiki-article-saved")
    post_delete.connect(article_deleted, sender=Article, dispatch_uid="wiki-article-deleted")
    for model in (Commentary, Question):
        for event, signal in (("saved", post_save), ("deleted", post_delete)):
            signal.connect(
                statement_changed, sender=model, dispatch_uid=f"wiki-{model.__name__}-{event}"
            )
    pre_save.connect(remember_term_names, sender=Term, dispatch_uid="wiki-term-names")
    post_save.connect(term_saved, sender=Term, dispatch_uid="wiki-term-saved")
    post_delete.connect(term_deleted, sender=Term, dispatch_uid="wiki-term-deleted")
