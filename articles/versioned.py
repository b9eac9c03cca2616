"""The wiki's kinds (articles, commentary, questions, citations, rulings, terms), declared
for history.

Each kind's page, fields and label are in `articles/wiki/kinds.py`; anyone reads a part's
history and its rows in recent changes (a part of an unpublished article: its editors alone),
editors restore. An article's
own history is its page's one history
(`articles/wiki/page_history.py`), so only its compare and restore pages come from here; a
part's compare and restore pages link to the whole page as it stood with that version.
"""

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

import versions
from articles.labels import source_name
from articles.models import Article, Commentary, Question, Ruling
from articles.permissions import is_editor
from articles.wiki import page_history
from articles.wiki.kinds import KINDS, ROUTES, readable_by
from versions.recent import Recent

# What each kind's label in recent changes reads, fetched with its rows.
_RELATED = {
    "commentary": ("article",),
    "question": ("article",),
    "ruling": ("article",),
    "citation": ("source",),
}


def _label(kind, record) -> str:
    """A history row as recent changes names it."""
    if kind.name == "article":
        if not record.number:
            return record.title
        return _("Article %(number)s") % {"number": record.number} + f" {record.title}"
    if kind.name == "term":
        return _("Glossary: %(term)s") % {"term": record.term}
    if kind.name == "citation":
        return _("Citation of %(source)s") % {"source": source_name(record.source)}
    article = record.article
    return str(kind.part_of) % {"article": article.label if article else _("a deleted article")}


def _of_unpublished(kind_name) -> Q:
    """History rows of a part of an article that is not published: its editors' alone, as the
    article is (its page is a 404 to anyone else)."""
    hidden = Article.objects.filter(is_published=False).values("pk")
    if kind_name == "article":
        return Q(id__in=hidden)
    if kind_name in ("commentary", "question", "ruling"):
        return Q(article_id__in=hidden)
    if kind_name == "citation":
        return (
            Q(article_id__in=hidden)
            | Q(commentary_id__in=Commentary.objects.filter(article_id__in=hidden).values("pk"))
            | Q(question_id__in=Question.objects.filter(article_id__in=hidden).values("pk"))
            | Q(ruling_id__in=Ruling.objects.filter(article_id__in=hidden).values("pk"))
        )
    return Q(pk__in=[])  # a glossary term belongs to no article


def _readable_rows(kind):
    def visible(user, rows):
        return rows if is_editor(user) else rows.exclude(_of_unpublished(kind.name))

    return visible


def _declare(kind):
    def stood(obj, record):
        found = page_history.entry_for(kind.article_of(obj), kind.name, record.history_id)
        return found.version_url if found else None

    versions.register(
        kind.model,
        name=kind.name,
        namespace="articles",
        route=ROUTES[kind.name],
        find=lambda user, **lookup: get_object_or_404(kind.model, **lookup),
        label=kind.label,
        url=kind.page_url,
        fields=kind.fields,
        text_fields=kind.text_fields,
        may_read=readable_by,
        may_restore=lambda user, obj: is_editor(user),
        stood=stood,
        old_compare_ids=True,
        recent=(
            Recent(
                visible=_readable_rows(kind),
                related=_RELATED.get(kind.name, ()),
                label=lambda record: _label(kind, record),
            ),
        ),
        private={"unpublished article": frozenset({"editor"})} if kind.name == "article" else {},
    )


for _kind in KINDS.values():
    _declare(_kind)
