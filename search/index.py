"""Writing the index: one Document per searchable thing, stored, removed or all rebuilt."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.urls import NoReverseMatch

from search import dutch
from search.models import DUTCH, ENGLISH, SearchDocument
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
    # "en", or "nl": a Dutch document is stemmed as Dutch and found first by Dutch readers.
    # One thing may have a document in each language (the same kind and key).
    language: str = ENGLISH

    def cleaned(self) -> SearchDocument:
        """The row to store: control characters stripped, tiles added as canonical tokens."""

        def clean(value: str) -> str:
            return CONTROL_CHARACTERS.sub(" ", value or "")

        title, body = clean(self.title)[:300], clean(self.body)
        tiles = " ".join(tile_tokens(f"{title}\n{body}\n{self.keywords}"))
        keywords = clean(self.keywords)
        language = DUTCH if self.language == DUTCH else ENGLISH
        stemmed_title = stemmed_body = ""
        if language == DUTCH and connection.vendor == "sqlite":
            # FTS5 stems English only: it indexes these instead (migration search/0013).
            stemmed_title, stemmed_body = dutch.stemmed(title), dutch.stemmed(body)
            keywords = f"{keywords} {dutch.stemmed(keywords)}"
        return SearchDocument(
            kind=self.kind,
            key=str(self.key)[:120],
            ruleset=self.ruleset or "",
            title=title,
            body=body,
            keywords=f"{keywords} {tiles}".strip(),
            url=(self.url or "")[:300],
            language=language,
            stemmed_title=stemmed_title,
            stemmed_body=stemmed_body,
        )


def url_of(obj, anchor="") -> str:
    """The object's page, or "" when it is not routed: that must not stop a save (a
    rebuild fixes it later)."""
    try:
        return obj.get_absolute_url() + anchor
    except NoReverseMatch:
        return ""


def store(document: Document):
    """Add or replace one document in the index: one per kind, key and language, so a Dutch
    translation (`Document(..., language="nl")`) sits beside its English original."""
    row = document.cleaned()
    fields = ("ruleset", "title", "body", "keywords", "url", "stemmed_title", "stemmed_body")
    values = {f: getattr(row, f) for f in fields}
    SearchDocument.objects.update_or_create(
        kind=row.kind, key=row.key, language=row.language, defaults=values
    )


def remove_document(kind, key, language=None):
    """Take one document out of the index (in every language, or in `language` only);
    nothing happens if it was never there."""
    documents = SearchDocument.objects.filter(kind=kind, key=str(key))
    if language is not None:
        documents = documents.filter(language=language)
    documents.delete()


def remove_documents(kind, keys):
    """Take several documents of one kind out of the index."""
    SearchDocument.objects.filter(kind=kind, key__in=[str(key) for key in keys]).delete()
