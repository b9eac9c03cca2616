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

from django.conf import settings
from django.db import transaction
from django.dispatch import Signal
from django.urls import NoReverseMatch, reverse

from articles.markup import LinkContext, render, wanted_key_for_number
from articles.models import Article, ArticleLink, Commentary, Question, Term
from pagecache.generation import bump_generation

# Markdown source field → stored HTML field, for every model whose text may link.
RENDERED_FIELDS = {
    Article: ("body", "body_html"),
    Commentary: ("body", "body_html"),
    Question: ("answer", "answer_html"),
    Term: ("definition", "definition_html"),
}
# The short rulings (issue 12), rendered and kept true alongside the texts above.
RULING_FIELDS = {
    Article: ("ruling", "ruling_html"),
    Question: ("ruling", "ruling_html"),
}


def rendered_fields(model):
    """Every (Markdown, stored HTML) pair of one model."""
    pairs = [RENDERED_FIELDS[model]]
    if model in RULING_FIELDS:
        pairs.append(RULING_FIELDS[model])
    return pairs


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
    keys = {article.key}
    if article.number:
        keys.add(wanted_key_for_number(article.number))
    return keys


# -- outgoing links -------------------------------------------------------------------------


def _texts_of_article(article):
    yield article.ruling
    yield article.body
    yield from article.commentaries.values_list("body", flat=True)
    for ruling, answer in article.questions.values_list("ruling", "answer"):
        yield ruling
        yield answer


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


# Sent (on commit) with the model and the ids of rows whose stored HTML was rendered again
# by `update()`, which sends no save signal: what the apps above keep of that HTML (the
# search index) listens, as the wiki cannot call them.
rerendered = Signal()


def _rerender(queryset, links):
    model = queryset.model
    changed = set()
    for source, target in rendered_fields(model):
        for pk, text, html in queryset.values_list("pk", source, target):
            fresh = render(text, links).html
            if fresh != html:
                model.objects.filter(pk=pk).update(**{target: fresh})
                changed.add(pk)
    if changed:
        # update() sends no signal, so tell the readers' page cache directly.
        transaction.on_commit(bump_generation)
        pks = sorted(changed)
        transaction.on_commit(lambda: rerendered.send(sender=model, pks=pks))


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


def render_stored_html(instance, links: LinkContext | None = None):
    """Fill a text's stored HTML from its Markdown, so a page view never runs Markdown."""
    links = links or link_context()
    for source, target in rendered_fields(type(instance)):
        setattr(instance, target, render(getattr(instance, source), links).html)
