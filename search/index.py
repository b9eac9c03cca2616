"""Writing the index: one Document per searchable thing, stored, removed or all rebuilt."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connection, transaction
from django.urls import NoReverseMatch

from articles.models import Article
from search.models import PendingDocument, SearchDocument
from search.query import CONTROL_CHARACTERS
from search.tiles import tile_tokens


@dataclass
class Document:
    """A searchable thing as an indexed app describes it (see `search.documents`)."""

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
            return CONTROL_CHARACTERS.sub(" ", value or "")

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


def url_of(obj, anchor="") -> str:
    """The object's page, or "" when it is not routed: that must not stop a save (a
    rebuild fixes it later)."""
    try:
        return obj.get_absolute_url() + anchor
    except NoReverseMatch:
        return ""


def store(document: Document):
    """Add or replace one document in the index."""
    row = document.cleaned()
    values = {f: getattr(row, f) for f in ("ruleset", "title", "body", "keywords", "url")}
    SearchDocument.objects.update_or_create(kind=row.kind, key=row.key, defaults=values)


def remove_document(kind, key):
    """Take one document out of the index; nothing happens if it was never there."""
    SearchDocument.objects.filter(kind=kind, key=str(key)).delete()


def remove_documents(kind, keys):
    """Take several documents of one kind out of the index."""
    SearchDocument.objects.filter(kind=kind, key__in=[str(key) for key in keys]).delete()


def rebuild_index(batch_size: int = 1000) -> int:
    """Empty the index and fill it again from the content; returns how many documents.

    Every document marked pending before it starts is in what it writes, so those marks go
    (a mark a save adds meanwhile stays, for its own turn)."""
    from search.documents import all_documents

    count = 0
    with transaction.atomic():
        pending = list(PendingDocument.objects.values_list("pk", flat=True))
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
        PendingDocument.objects.filter(pk__in=pending).delete()
    return count


def build_if_empty(app_config, using=DEFAULT_DB_ALIAS, **kwargs):
    """After migrate: a site that had content before the index existed gets it indexed."""
    if app_config.label != "search" or using != DEFAULT_DB_ALIAS:
        return
    if SearchDocument._meta.db_table not in connection.introspection.table_names():
        return  # migrated back to before the index
    if not SearchDocument.objects.exists() and Article.objects.exists():
        rebuild_index()
