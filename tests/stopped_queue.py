"""A queue with no consumer, for tests: huey's immediate mode off, tasks kept in a real
storage (a SQLite file, as in production without Redis, or Redis with REDIS_URL) that
nobody reads. The test's transaction never commits, so tasks queued on commit are only
queued inside `django_capture_on_commit_callbacks(execute=True)`."""

import os
import uuid
from contextlib import contextmanager
from unittest.mock import patch

import pytest
from huey.contrib.djhuey import HUEY
from huey.storage import RedisStorage, SqliteStorage

STORAGES = [
    "sqlite",
    pytest.param(
        "redis",
        marks=pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL"),
    ),
]


def make_storage(kind, folder):
    name = f"rulings-test-{uuid.uuid4().hex[:8]}"
    if kind == "redis":
        return RedisStorage(name, url=os.environ["REDIS_URL"])
    return SqliteStorage(name, filename=str(folder / "huey.sqlite3"))


@contextmanager
def stopped_consumer(kind, folder):
    storage = make_storage(kind, folder)
    kept = HUEY.storage
    HUEY.immediate_use_memory = False  # switching modes keeps the storage given here
    HUEY.immediate, HUEY.storage = False, storage
    try:
        yield storage
    finally:
        storage.flush_all()
        HUEY.immediate, HUEY.storage = True, kept
        HUEY.immediate_use_memory = True


def run_queued(names=None):
    """What a consumer would do with the tasks waiting (those named, or all); returns the
    names of the tasks it ran. (Inside the test's transaction: the connection is kept open,
    where a real consumer closes it around each task.)"""
    ran = []
    with patch("huey.contrib.djhuey.close_old_connections"):
        while (task := HUEY.dequeue()) is not None:
            if names is None or task.name in names:
                HUEY.execute(task)
                ran.append(task.name)
    return ran
