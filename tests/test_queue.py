"""The task queue with a real consumer: a save queues its work, and `manage.py run_huey`,
started beside the server as `make run` does, does it.

Every other test runs tasks at once (huey's immediate mode, config/test_settings.py); this
one runs the production path end to end against a file database, in subprocesses."""

import os
import pickle
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TEXT = """Feature: Wombat withdrawing a call
  Scenario: Touching the called tile does not commit the caller
    Given West has discarded 3B
    And South holds 3B 3B
    When South calls the discard
    And South touches the called tile
    And South withdraws the call
    Then that is allowed
"""

SAVE = f"""
from rulings.models import Scenario
made = Scenario.objects.create(slug="wombat", title="", text={TEXT!r})
assert not made.is_draft, "the text must run clean to be indexed"
"""


def environment(folder):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "HUEY_", "REDIS_", "DATABASE_"))
        and key != "PYTEST_XDIST_WORKER"
    }
    # The queue file goes beside the database file (config/settings.py: HUEY_FILE).
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="1",
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
    )
    return env


def manage(env, *args):
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


WARMED = f"""
from django.core.cache import cache
from rulings import checks
print(cache.get(checks.result_key({TEXT!r})) is not None)
"""


def warmed(env):
    """Whether another process finds the scenario's result in the cache."""
    return manage(env, "shell", "-c", WARMED).strip().endswith("True")


@contextmanager
def running_consumer(env):
    """`manage.py run_huey` in a subprocess for the block, stopped as Ctrl-C stops it."""
    consumer = subprocess.Popen(
        [sys.executable, "manage.py", "run_huey"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield consumer
    finally:
        consumer.send_signal(signal.SIGINT)
        try:
            consumer.wait(timeout=20)
        except subprocess.TimeoutExpired:
            consumer.kill()
            consumer.wait()


def indexed(database, slug):
    with sqlite3.connect(database) as connection:
        return connection.execute(
            "SELECT title FROM articles_searchdocument WHERE kind = 'scenario' AND key = ?",
            (slug,),
        ).fetchall()


def test_a_save_queues_its_search_indexing_and_the_consumer_does_it_beating_every_10_s(tmp_path):
    env = environment(tmp_path)
    manage(env, "migrate", "--noinput")
    manage(env, "shell", "-c", SAVE)
    manage(env, "shell", "-c", "from django.core.cache import cache; cache.clear()")
    assert not warmed(env)  # whatever the saving process cached is gone: the consumer's turn
    database = tmp_path / "db.sqlite3"
    assert (tmp_path / "huey.sqlite3").exists()  # queued beside the database
    assert indexed(database, "wombat") == []  # the save left the work to the queue
    assert heartbeat(tmp_path) is None  # no consumer ever ran

    with running_consumer(env) as consumer:
        deadline = time.monotonic() + 60
        while not indexed(database, "wombat") and time.monotonic() < deadline:
            assert consumer.poll() is None, consumer.stdout.read()
            time.sleep(0.2)
        assert indexed(database, "wombat") == [("Wombat withdrawing a call",)]
        # The consumer's warmed result is in the shared cache (a file cache without Redis),
        # so a web process reads it instead of running the text again.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not warmed(env):
            time.sleep(0.2)
        assert warmed(env)
        # Its heartbeat (background.tasks): one at its start, the next ten seconds on (a
        # little later if the one worker is busy with another task when it falls due).
        first = heartbeat(tmp_path)
        assert first is not None and abs(time.time() - first) < 60
        deadline = time.monotonic() + 25
        while heartbeat(tmp_path) == first and time.monotonic() < deadline:
            time.sleep(0.2)
        assert 9 <= heartbeat(tmp_path) - first <= 25
    # Stopped on purpose, it takes its heartbeat along: nothing is missed until work waits.
    assert heartbeat(tmp_path) is None


def heartbeat(folder):
    """The consumer's last heartbeat as huey stores it (background.health), or None."""
    with sqlite3.connect(folder / "huey.sqlite3") as connection:
        rows = connection.execute(
            "SELECT value FROM kv WHERE queue = 'rulings' AND key = 'background:heartbeat'"
        ).fetchall()
    return pickle.loads(rows[0][0]) if rows else None


def test_a_queue_that_cannot_be_reached_costs_the_save_nothing(caplog):
    from background.queue import _enqueue

    def unreachable(pk):
        raise ConnectionError("the queue is down")

    unreachable.name = "rulings.tasks.warm_scenario"
    _enqueue(unreachable, (7,))  # logged, not raised: pages compute it when first read
    assert "Could not queue rulings.tasks.warm_scenario(7,)" in caplog.text
