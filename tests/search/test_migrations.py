"""A site indexed before search became its own app migrates forward with its index working."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from search.models import SearchDocument
from search.ranking import search

BEFORE_THE_MOVE = [("articles", "0005_links"), ("search", None)]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor


def latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_a_document_indexed_under_the_old_app_is_found_after_migrating_forward():
    forward = latest()
    executor = migrate(BEFORE_THE_MOVE)
    try:
        old_apps = executor.loader.project_state(BEFORE_THE_MOVE[0]).apps
        OldDocument = old_apps.get_model("articles", "SearchDocument")
        OldDocument.objects.create(
            kind="article",
            key="nmjl-old",
            title="An old ruling",
            body="Flamingo exposures were indexed before the move.",
            url="/articles/nmjl-old/",
            ruleset="nmjl",
        )
        old_type = ContentType.objects.get(app_label="articles", model="searchdocument")
    finally:
        migrate(forward)

    assert [hit.url for hit in search("flamingo exposures").hits] == ["/articles/nmjl-old/"]
    assert [hit.url for hit in search("flamingo", ruleset="nmjl").hits] == ["/articles/nmjl-old/"]
    # The same content type row now names the search app; none is left under articles.
    assert ContentType.objects.get_for_model(SearchDocument).pk == old_type.pk
    assert not ContentType.objects.filter(app_label="articles", model="searchdocument").exists()


@pytest.mark.django_db(transaction=True)
def test_documents_saved_after_the_move_are_indexed_by_the_same_full_text_index():
    SearchDocument.objects.create(
        kind="term", key="flamingo", title="Flamingo", body="A bird, not a tile."
    )
    assert [hit.title for hit in search("bird").hits] == ["Flamingo"]
    SearchDocument.objects.filter(key="flamingo").delete()
    assert search("bird").hits == []
