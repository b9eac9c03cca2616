"""A save marks its search documents pending; a search indexes a few itself, the consumer
the rest: with the consumer stopped, an edit is still found at once."""

import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from articles.models import Article, Term
from search import tasks
from search.models import PendingDocument, SearchDocument
from tests.stopped_queue import STORAGES, run_queued, stopped_consumer

pytestmark = pytest.mark.django_db

SEARCH = "/search/"


@pytest.fixture(params=STORAGES)
def no_consumer(request, tmp_path):
    with stopped_consumer(request.param, tmp_path) as storage:
        yield storage


def titles(client, q):
    return [
        hit["title"] for hit in client.get(SEARCH, {"q": q, "format": "json"}).json()["results"]
    ]


def test_an_edit_saved_while_the_consumer_is_stopped_is_found_by_the_next_search(
    client, nmjl, no_consumer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        Article.objects.create(ruleset=nmjl, key="nmjl-wombat", title="Wombat exposures", body="x")
    assert no_consumer.queue_size() == 1  # the consumer's task waits, nobody runs it
    assert PendingDocument.objects.count() == 1

    assert titles(client, "wombat") == ["Wombat exposures"]
    assert not PendingDocument.objects.exists()

    # The consumer, started later, finds the work done: it writes nothing.
    with CaptureQueriesContext(connection) as queries:
        assert run_queued() == ["index_pending"]
    assert not [q for q in queries if "articles_searchdocument" in q["sql"]]


def test_an_edit_to_an_indexed_article_is_found_under_its_new_words(client, nmjl, no_consumer):
    article = Article.objects.create(ruleset=nmjl, key="nmjl-7", title="Racking", body="x")
    assert titles(client, "racking") == ["Racking"]
    article.title = "Racking a quokka"
    article.save()
    assert titles(client, "quokka") == ["Racking a quokka"]


def test_a_deleted_article_leaves_search_at_once_with_no_consumer(client, nmjl, no_consumer):
    article = Article.objects.create(ruleset=nmjl, key="nmjl-8", title="Numbat", body="x")
    assert titles(client, "numbat") == ["Numbat"]
    article.delete()
    assert titles(client, "numbat") == []


def test_a_search_indexes_pending_documents_for_at_most_its_budget_and_leaves_the_rest(
    client, no_consumer, monkeypatch
):
    done = []

    def slow(n):
        time.sleep(0.03)
        done.append(n)

    monkeypatch.setitem(tasks.WORK, "slow", slow)
    for n in range(8):
        tasks.mark_pending("slow", n)

    client.get(SEARCH, {"q": "anything"})
    # 30 ms each: the second ends past the 50 ms budget, and there it stops.
    assert done in ([0], [0, 1])
    assert PendingDocument.objects.count() == 8 - len(done)

    tasks.index_pending.call_local()  # the consumer clears the rest
    assert done == list(range(8))
    assert not PendingDocument.objects.exists()


def test_the_same_document_marked_by_many_saves_is_indexed_once(nmjl, no_consumer, monkeypatch):
    article = Article.objects.create(ruleset=nmjl, key="nmjl-9", title="Bilby", body="x")
    for n in range(5):
        article.body = f"edit {n}"
        article.save()
    calls = []
    monkeypatch.setitem(tasks.WORK, "article", lambda *args: calls.append(args))
    assert tasks.catch_up() == 6
    assert calls == [(article.pk, None)]


def test_work_that_fails_stays_pending_holds_up_no_other_and_the_search_still_answers(
    client, nmjl, no_consumer, monkeypatch
):
    def broken(pk, previous_key=None):
        raise RuntimeError("the index is broken")

    monkeypatch.setitem(tasks.WORK, "article", broken)
    Article.objects.create(ruleset=nmjl, key="nmjl-10", title="Dunnart", body="x")
    Term.objects.create(slug="dunnart", term="Dunnart", definition="A small marsupial.")
    assert client.get(SEARCH, {"q": "dunnart"}).status_code == 200
    assert titles(client, "dunnart") == ["Dunnart"]  # the term, indexed after the failure
    assert list(PendingDocument.objects.values_list("work", flat=True)) == ["article"]
    tasks.index_pending.call_local()  # the consumer, too, tries it and goes on
    assert PendingDocument.objects.count() == 1


def test_with_nothing_pending_a_search_asks_about_pending_marks_once(client, rulings):
    with CaptureQueriesContext(connection) as queries:
        client.get(SEARCH, {"q": "joker", "format": "json"})
    pending = [q for q in queries if "search_pendingdocument" in q["sql"]]
    assert len(pending) == 1
    assert "LIMIT" in pending[0]["sql"].upper()


def test_a_rebuilt_index_clears_the_marks_it_covers(nmjl, no_consumer):
    Article.objects.create(ruleset=nmjl, key="nmjl-11", title="Potoroo", body="x")
    from search.rebuild import rebuild_index

    rebuild_index()
    assert not PendingDocument.objects.exists()
    assert SearchDocument.objects.filter(title="Potoroo").exists()
