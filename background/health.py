"""Is the site able to answer, and is the task queue's consumer keeping up?

Read by `manage.py check` (background.checks), the admin's banner (templatetags) and
`/healthz` (background.middleware). The consumer is late when a task has waited longer than
`QUEUE_STALE_AFTER` seconds, or when its heartbeat (background.tasks, every 10 s) is older
than that. A consumer that stops cleanly takes its heartbeat with it; so a queue that
holds nothing and has no consumer, or never had one, is not late: a fresh site before its
first `run_huey` (`migrate`, the tests' `check --deploy`) stays quiet, and a consumer
stopped on purpose is missed as soon as a task has waited too long.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils.translation import gettext
from huey.contrib.djhuey import HUEY

from background.queue import oldest_waiting_age

log = logging.getLogger(__name__)

# The heartbeat lives in huey's own storage (its key-value table on SQLite, its hash on
# Redis), beside the queue it speaks for: unlike the file cache it is never culled or
# emptied with the pages, and every process that reads the queue reads it too.
HEARTBEAT_KEY = "background:heartbeat"
DEFAULT_STALE_AFTER_S = 60


def stale_after() -> float:
    return float(getattr(settings, "QUEUE_STALE_AFTER", DEFAULT_STALE_AFTER_S))


def record_heartbeat(now: float | None = None) -> None:
    HUEY.put(HEARTBEAT_KEY, time.time() if now is None else now)


def forget_heartbeat() -> None:
    HUEY.delete(HEARTBEAT_KEY)


def last_heartbeat() -> float | None:
    """When the consumer last beat (a Unix time), or None if it never did."""
    return HUEY.get(HEARTBEAT_KEY, peek=True)


@dataclass(frozen=True)
class QueueHealth:
    reachable: bool  # whether the queue's storage answered at all
    queue_age_s: float | None = None  # the oldest waiting task's wait; None: nothing waits
    heartbeat_age_s: float | None = None  # None: no consumer has ever beaten
    stale_after_s: float = DEFAULT_STALE_AFTER_S
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def queue_health(now: float | None = None) -> QueueHealth:
    """What the queue says now. Never raises: a storage that cannot be read is a problem."""
    now = time.time() if now is None else now
    limit = stale_after()
    try:
        waited = oldest_waiting_age(now)
        beat = last_heartbeat()
    except Exception:
        log.exception("The task queue's storage could not be read")
        problem = gettext("The task queue's storage cannot be read, so queued work waits.")
        return QueueHealth(reachable=False, stale_after_s=limit, problems=[problem])
    beat_age = None if beat is None else max(0.0, now - beat)
    problems = []
    if waited is not None and waited > limit:
        problems.append(
            gettext(
                "Tasks have waited %(seconds)s s for the queue's consumer "
                "(`manage.py run_huey`): is it running?"
            )
            % {"seconds": f"{waited:.0f}"}
        )
    if beat_age is not None and beat_age > limit:
        problems.append(
            gettext("The queue's consumer was last heard from %(seconds)s s ago.")
            % {"seconds": f"{beat_age:.0f}"}
        )
    return QueueHealth(True, waited, beat_age, limit, problems)


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        log.exception("The database did not answer the health check")
        return False


CACHE_PROBE_KEY = "background:healthz"


def cache_answers() -> bool:
    try:
        cache.set(CACHE_PROBE_KEY, 1, timeout=10)
        return cache.get(CACHE_PROBE_KEY) == 1
    except Exception:
        log.exception("The cache did not answer the health check")
        return False


def site_health() -> tuple[bool, dict]:
    """Whether the site is healthy, and what `/healthz` says: states and an age, nothing
    else (no names, no addresses, no error text)."""
    queue = queue_health()
    database, shared_cache = database_answers(), cache_answers()
    answer = {
        "status": "ok",
        "database": "ok" if database else "unreachable",
        "cache": "ok" if shared_cache else "unreachable",
        "queue": "ok" if queue.ok else ("unreachable" if not queue.reachable else "late"),
        "queue_age_s": None if queue.queue_age_s is None else round(queue.queue_age_s, 1),
        "heartbeat_age_s": (
            None if queue.heartbeat_age_s is None else round(queue.heartbeat_age_s, 1)
        ),
        "queue_stale_after_s": queue.stale_after_s,
    }
    healthy = database and shared_cache and queue.ok
    if not healthy:
        answer["status"] = "failing"
    return healthy, answer
