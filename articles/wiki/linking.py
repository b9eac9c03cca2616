"""Cross-links between pages, kept true as the wiki changes.

Rendered HTML is stored at save time, so a link's look (written or wanted) is decided then.
When an article appears, disappears or changes its key or number, the pages that mention
it are rendered again; when a glossary term changes, everything is, since any text may
mention it. Outgoing links are stored as ArticleLink rows for "what links here" and the
list of wanted articles.

Re-rendering writes only the derived *_html columns with ``QuerySet.update()``: it is not
an edit, so it must not add a version to anyone's history.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.urls import NoReverseMatch, reverse

from articles.markup import LinkContext, render
from articles.models import Article, ArticleLink, Commentary, Question, Term
from pagecache.generation import bump_generation

# Markdown source field → stored HTML field, for every model whose text may link.
RENDERED_FIELDS = {
    Article: ("body", "body_html"),
    Commentary: ("body", "body_html"),
    Question: ("answer", "answer_html"),
    Term: ("definition", "definition_html"),
}

_KEY_PLACEHOLDER = "key-placeholder"


def _url_maker(name, fallback):
    try:
        pattern = reverse(name, args=[_KEY_PLACEHOLDER])
    except NoReverseMatch:  # the page is not wired yet: fall back to the documented path
        return fallback
    return lambda key: pattern.replace(_KEY_PLACEHOLDER, key)


def _glossary_url():
    try:
        page = reverse("articles:glossary")
    except NoReverseMatch:
        page = "/glossary/"
    return lambda slug: f"{page}#{slug}"


def link_context() -> LinkContext:
    """Which articles and terms exist right now (two queries)."""
    from django.conf import settings

    articles = {}
    numbers = {}
    rows = Article.objects.values_list("key", "title", "number", "ruleset__key")
    for key, title, number, ruleset_key in rows:
        articles[key] = title
        # "Article N" means the NMJL article; other rule sets only when NMJL has no N.
        if number and (ruleset_key == "nmjl" or number not in numbers):
            numbers[number] = key
    terms = []
    for slug, term, aliases in Term.objects.values_list("slug", "term", "aliases"):
        terms.append((term, slug))
        terms.extend((alias.strip(), slug) for alias in aliases.split(",") if alias.strip())
    return LinkContext(
        articles=articles,
        numbers=numbers,
        terms=terms,
        article_url=_url_maker("articles:detail", LinkContext.article_url),
        wanted_url=_url_maker("articles:wanted-article", LinkContext.wanted_url),
        glossary_url=_glossary_url(),
        static_url=settings.STATIC_URL,
    )


def keys_of(article) -> set[str]:
    """Every key a link to this article may use: its key and, when numbered, nmjl-N."""
    from articles.markup import wanted_key_for_number

    keys = {article.key}
    if article.number:
        keys.add(wanted_key_for_number(article.number))
    return keys


# -- outgoing links -------------------------------------------------------------------------


def _texts_of_article(article):
    yield article.body
    yield from article.commentaries.values_list("body", flat=True)
    yield from article.questions.values_list("answer", flat=True)


def record_links_of_article(article, links: LinkContext | None = None):
    """Store the keys an article page links to: its text, commentary and answers."""
    links = links or link_context()
    keys = set()
    for text in _texts_of_article(article):
        keys |= render(text, links).linked_keys
    _replace_links(ArticleLink.objects.filter(from_article=article), keys, from_article=article)


def record_links_of_term(term, links: LinkContext | None = None):
    links = links or link_context()
    keys = render(term.definition, links).linked_keys
    _replace_links(ArticleLink.objects.filter(from_term=term), keys, from_term=term)


def _replace_links(existing, keys, **page):
    current = set(existing.values_list("to_key", flat=True))
    if current == keys:
        return
    existing.exclude(to_key__in=keys).delete()
    ArticleLink.objects.bulk_create(ArticleLink(to_key=key, **page) for key in keys - current)


# -- re-rendering ---------------------------------------------------------------------------


def _rerender(queryset, links):
    model = queryset.model
    source, target = RENDERED_FIELDS[model]
    changed = False
    for pk, text, html in queryset.values_list("pk", source, target):
        fresh = render(text, links).html
        if fresh != html:
            model.objects.filter(pk=pk).update(**{target: fresh})
            changed = True
    if changed:
        # update() sends no signal, so tell the readers' page cache directly.
        transaction.on_commit(bump_generation)


def rerender_linkers(keys, links: LinkContext | None = None):
    """Render again every page that links to one of these keys."""
    links = links or link_context()
    article_ids = ArticleLink.objects.filter(to_key__in=keys, from_article__isnull=False)
    article_ids = article_ids.values("from_article")
    term_ids = ArticleLink.objects.filter(to_key__in=keys, from_term__isnull=False)
    _rerender(Article.objects.filter(pk__in=article_ids), links)
    _rerender(Commentary.objects.filter(article__in=article_ids), links)
    _rerender(Question.objects.filter(article__in=article_ids), links)
    _rerender(Term.objects.filter(pk__in=term_ids.values("from_term")), links)


def rerender_all(links: LinkContext | None = None):
    """Render every text again, after a glossary change (which moves no article links)."""
    links = links or link_context()
    for model in RENDERED_FIELDS:
        _rerender(model.objects.all(), links)


# -- signals --------------------------------------------------------------------------------


def _remember_article_keys(sender, instance, raw=False, **kwargs):
    instance._keys_before_save = set()
    if instance.pk and not raw:
        before = Article.objects.filter(pk=instance.pk).values("key", "number").first()
        if before:
            instance._keys_before_save = keys_of(Article(**before))


def _article_saved(sender, instance, created, raw=False, **kwargs):
    if raw:
        return
    links = link_context()  # the site as it is after this save, for both steps
    record_links_of_article(instance, links)
    now = keys_of(instance)
    before = getattr(instance, "_keys_before_save", set())
    if created or now != before:
        rerender_linkers(now | before, links)


def _article_deleted(sender, instance, **kwargs):
    rerender_linkers(keys_of(instance))


def _statement_changed(sender, instance, raw=False, origin=None, **kwargs):
    if raw or isinstance(origin, Article):
        return  # the article itself is going; its links go with it
    article = Article.objects.filter(pk=instance.article_id).first()
    if article is not None:
        record_links_of_article(article)


def _remember_term_names(sender, instance, raw=False, **kwargs):
    instance._names_before_save = None
    if instance.pk and not raw:
        instance._names_before_save = (
            Term.objects.filter(pk=instance.pk).values_list("slug", "term", "aliases").first()
        )


def _term_saved(sender, instance, created, raw=False, **kwargs):
    if raw:
        return
    links = link_context()
    names = (instance.slug, instance.term, instance.aliases)
    if created or names != getattr(instance, "_names_before_save", None):
        rerender_all(links)  # any text may mention the term
    record_links_of_term(instance, links)


def _term_deleted(sender, instance, **kwargs):
    rerender_all()


def connect_signals():
    """Called from ArticlesConfig.ready()."""
    pre_save.connect(_remember_article_keys, sender=Article, dispatch_uid="wiki-article-keys")
    post_save.connect(_article_saved, sender=Article, dispatch_uid="wiki-article-saved")
    post_delete.connect(_article_deleted, sender=Article, dispatch_uid="wiki-article-deleted")
    for model in (Commentary, Question):
        for event, signal in (("saved", post_save), ("deleted", post_delete)):
            signal.connect(
                _statement_changed, sender=model, dispatch_uid=f"wiki-{model.__name__}-{event}"
            )
    pre_save.connect(_remember_term_names, sender=Term, dispatch_uid="wiki-term-names")
    post_save.connect(_term_saved, sender=Term, dispatch_uid="wiki-term-saved")
    post_delete.connect(_term_deleted, sender=Term, dispatch_uid="wiki-term-deleted")
