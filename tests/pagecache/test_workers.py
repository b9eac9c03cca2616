"""Two gunicorn workers without Redis agree within a second that a ruling changed.

The README's production recipe (`gunicorn -w 2`, no REDIS_URL) on a file SQLite database:
readers warm both workers' page caches, a third process saves the article, and every page
either worker serves from one second after that save shows the new text.
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
OLD, NEW = "Racks stay on the table.", "Racks leave the table at once."
SAVE = f"""
from articles.models import Article
article = Article.objects.get(key="nmjl-1")
article.body = {NEW!r}
article.save()
"""
SETUP = f"""
from articles.models import Article, RuleSet
ruleset = RuleSet.objects.create(key="nmjl", name="NMJL")
Article.objects.create(ruleset=ruleset, key="nmjl-1", number="1", title="Racks", body={OLD!r})
"""


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _production_env(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY="workers-test-" + "k" * 50,
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_PLAIN_STATIC="1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'rulings.sqlite3'}",
    )
    return env


def _manage(env, *args):
    subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True
    )


def _read(url):
    """(when sent, which worker, whether it shows the new text, cache header)."""
    sent = time.monotonic()
    with urllib.request.urlopen(url, timeout=10) as response:
        body = response.read().decode()
        return sent, response.headers["X-Worker"], NEW in body, response.headers["X-Page-Cache"]


@pytest.fixture
def two_workers(tmp_path):
    env = _production_env(tmp_path)
    _manage(env, "migrate", "--noinput")
    _manage(env, "shell", "-c", SETUP)
    port = _free_port()
    server = subprocess.Popen(
        [str(GUNICORN), "tests.pagecache.worker_wsgi", "-w", "2", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/articles/nmjl-1/"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _read(url)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
        yield env, url
    finally:
        server.terminate()
        server.wait(timeout=10)


def _read_two_at_once(url, pool):
    """Two reads at the same moment: while one worker answers one, the other takes the other
    (one read at a time may all go to the same worker on a busy machine)."""
    return list(pool.map(_read, [url, url]))


def test_both_workers_serve_the_saved_ruling_within_a_second(two_workers):
    env, url = two_workers
    pool = ThreadPoolExecutor(max_workers=2)
    # Both workers hold the old page in their cache (the second may still be starting).
    warm = set()
    deadline = time.monotonic() + 30
    while len(warm) < 2 and time.monotonic() < deadline:
        for _, worker, new, cached in _read_two_at_once(url, pool):
            assert not new
            if cached == "hit":
                warm.add(worker)
    assert len(warm) == 2, "both workers should serve the cached page before the save"

    _manage(env, "shell", "-c", SAVE)  # a third process saves and commits
    saved_by = time.monotonic()

    reads = []
    while time.monotonic() < saved_by + 2.5:
        reads += _read_two_at_once(url, pool)
        time.sleep(0.02)
    pool.shutdown()
    after_a_second = [(worker, new) for sent, worker, new, _ in reads if sent >= saved_by + 1.0]
    assert {worker for worker, _ in after_a_second} == warm  # both workers answered
    assert all(new for _, new in after_a_second), "a worker served the old ruling"
