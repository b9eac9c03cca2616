"""Without Redis, the cache is shared by every process of the site: what the task queue's
consumer (or one gunicorn worker) puts in it, another process reads.

Run with the production settings (`config.settings`, no REDIS_URL) in subprocesses: the
test settings keep each test's cache in its own process's memory."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def environment(folder, **extra):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "HUEY_", "REDIS_", "DATABASE_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY="shared-cache-test-key-0123456789-0123456789-0123456789",
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
        **extra,
    )
    return env


def in_a_process(env, code):
    program = f"import django; django.setup()\nfrom django.core.cache import cache\n{code}"
    result = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_value_cached_by_one_process_is_read_by_another_without_redis(tmp_path):
    env = environment(tmp_path)
    in_a_process(env, "cache.set('warmed-by-the-consumer', 'a result', 60)")
    assert in_a_process(env, "print(cache.get('warmed-by-the-consumer'))") == "a result"


def test_the_shared_cache_lives_beside_the_sqlite_database_unless_told_where(tmp_path):
    env = environment(tmp_path)
    in_a_process(env, "cache.set('where', 1, 60)")
    assert any((tmp_path / "cache").iterdir())
    elsewhere = tmp_path / "elsewhere"
    env = environment(tmp_path, DJANGO_CACHE_DIR=str(elsewhere))
    in_a_process(env, "cache.set('where', 1, 60)")
    assert any(elsewhere.iterdir())


def test_a_process_that_deletes_a_value_deletes_it_for_every_process(tmp_path):
    env = environment(tmp_path)
    in_a_process(env, "cache.set('stale', 'old', 60)")
    in_a_process(env, "cache.delete('stale')")
    assert in_a_process(env, "print(cache.get('stale'))") == "None"
