"""Rebuilding the whole index from every app's documents (`search/documents/`), on demand,
after a restore, or after `migrate` on a site that had content before the index existed.
Above both `index` (how a document is stored) and `documents` (what each app contributes)."""

from django.db import DEFAULT_DB_ALIAS, connection, transaction

from articles.models import Article
from search.backends import backend
from search.documents import all_documents
from search.models import PendingDocument, SearchDocument


def rebuild_index(batch_size: int = 1000) -> int:
    """Empty the index and fill it again from the content; returns how many documents.

    Every document marked pending before it starts is in what it writes, so those marks go
    (a mark a save adds meanwhile stays, for its own turn)."""
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
    backend().compact()
    return count


def build_if_empty(app_config, using=DEFAULT_DB_ALIAS, **kwargs):
    """After migrate: a site that had content before the index existed gets it indexed."""
    if app_config.label != "search" or using != DEFAULT_DB_ALIAS:
        return
    if SearchDocument._meta.db_table not in connection.introspection.table_names():
        return  # migrated back to before the index
    if not SearchDocument.objects.exists() and Article.objects.exists():
        rebuild_index()
