"""Operators are told: a site imported with no consumer is searchable, and when the task
queue's consumer is late, `manage.py check`, the admin and `/healthz` say so."""

import io
import json
import shutil
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from huey.contrib.djhuey import HUEY

from background import health
from search.models import PendingDocument, SearchDocument
from search.rebuild import rebuild_index
from tests.stopped_queue import STORAGES, run_queued, stopped_consumer

pytestmark = pytest.mark.django_db

HEALTHZ = "/healthz"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
KEYS = ("nmjl-205", "matjok-claiming")  # two articles that link to no other


@pytest.fixture(params=STORAGES)
def no_consumer(request, tmp_path):
    with stopped_consumer(request.param, tmp_path) as storage:
        yield storage


@pytest.fixture
def late(settings, no_consumer):
    """A threshold of 50 ms, and a task that has waited longer."""
    settings.QUEUE_STALE_AFTER = 0.05
    HUEY.enqueue(run_queued_marker.s())
    time.sleep(0.1)
    return no_consumer


@HUEY.task()
def run_queued_marker():
    """A task that does nothing: what waits in the queue in these tests."""


def check_output(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("check", *args, stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


def index_rows():
    return sorted(SearchDocument.objects.values_list("kind", "key", "title", "body"))


def test_a_fresh_import_with_no_consumer_is_searchable_at_once_and_the_consumer_adds_nothing(
    client, no_consumer, django_capture_on_commit_callbacks, tmp_path
):
    # Part of the fixtures, quick to import: two articles, the sources and the glossary
    # (linked to each other, so the wiki renders pages again on commit), the synonyms.
    content = tmp_path / "fixtures" / "content"
    (content / "articles").mkdir(parents=True)
    for name in ("rulesets.json", "sources.json"):
        shutil.copy(FIXTURES / "content" / name, content / name)
    terms = json.loads((FIXTURES / "content" / "terms.json").read_text())
    for term in terms["terms"]:
        term["related_articles"] = [key for key in term["related_articles"] if key in KEYS]
    (content / "terms.json").write_text(json.dumps(terms))
    for key in KEYS:
        shutil.copy(FIXTURES / "content" / "articles" / f"{key}.json", content / "articles")
    shutil.copytree(FIXTURES / "search", tmp_path / "fixtures" / "search")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_content", str(tmp_path / "fixtures"), stdout=io.StringIO())
    assert no_consumer.queue_size() > 0  # the saves' tasks wait for a consumer
    imported = index_rows()
    assert list(PendingDocument.objects.all()) == []
    results = client.get("/search/", {"q": "wrong number of tiles", "format": "json"}).json()
    assert "nmjl-205" in json.dumps(results)

    assert "index_pending" in run_queued({"index_pending"})  # a consumer, later: nothing to do
    assert index_rows() == imported
    rebuild_index()
    assert index_rows() == imported  # and nothing was missing


def test_a_task_waiting_longer_than_the_threshold_is_a_warning_in_check(late):
    output = check_output()
    assert "background.W001" in output
    assert "Tasks have waited" in output


def test_a_consumer_not_heard_from_within_the_threshold_is_a_warning_in_check(
    settings, no_consumer
):
    settings.QUEUE_STALE_AFTER = 60
    health.record_heartbeat(time.time() - 120)
    output = check_output()
    assert "background.W001" in output
    assert "last heard from 120 s ago" in output


def test_the_admin_shows_staff_a_banner_while_the_consumer_is_late(admin_client, late):
    page = admin_client.get("/admin/").content.decode()
    assert "Tasks have waited" in page
    assert 'role="alert"' in page


def test_healthz_answers_503_with_its_json_whatever_the_host(client, late):
    response = client.get(HEALTHZ, HTTP_HOST="10.1.2.3:8000")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert "no-store" in response["Cache-Control"]
    answer = json.loads(response.content)
    assert answer["status"] == "failing"
    assert answer["database"] == "ok" and answer["cache"] == "ok"
    assert answer["queue"] == "late"
    assert answer["queue_age_s"] >= 0.05
    assert set(answer) == {
        "status",
        "database",
        "cache",
        "queue",
        "queue_age_s",
        "heartbeat_age_s",
        "queue_stale_after_s",
    }


def test_with_a_fresh_heartbeat_and_nothing_waiting_all_is_well(client, admin_client, no_consumer):
    health.record_heartbeat()
    response = client.get(HEALTHZ, HTTP_HOST="10.1.2.3")
    assert response.status_code == 200
    assert json.loads(response.content)["queue_age_s"] is None
    assert "background.W001" not in check_output()
    assert 'role="alert"' not in admin_client.get("/admin/").content.decode()

    health.record_heartbeat(time.time() - 600)  # never cached: the next answer is new
    assert client.get(HEALTHZ).status_code == 503


def test_a_fresh_site_with_no_consumer_yet_passes_check_quietly(no_consumer):
    assert no_consumer.queue_size() == 0
    assert "background.W001" not in check_output("--deploy")
    call_command("check", "--tag", "queue", "--fail-level", "WARNING", stdout=io.StringIO())


def test_healthz_says_which_part_fails_and_nothing_about_why(client, monkeypatch):
    def unreachable(*args, **kwargs):
        raise ConnectionError("redis://secret-host:6379 refused")

    monkeypatch.setattr("django.core.cache.cache.set", unreachable)
    response = client.get(HEALTHZ)
    assert response.status_code == 503
    assert json.loads(response.content)["cache"] == "unreachable"
    assert b"secret-host" not in response.content


def test_healthz_refuses_to_change_anything(client):
    assert client.post(HEALTHZ).status_code == 405
