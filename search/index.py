"""Writing the index: one Document per searchable thing, stored, removed or all rebuilt."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import NoReverseMatch

from search.models import SearchDocument
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
