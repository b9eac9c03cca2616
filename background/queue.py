"""Handing work to the task queue once a save is committed, and when each task was queued."""

import logging
import time

from django.db import transaction
from huey.contrib.djhuey import HUEY
from huey.signals import SIGNAL_ENQUEUED

log = logging.getLogger(__name__)


def after_commit(task, *args):
    """Queue `task(*args)` once the current transaction commits (at once outside one).

    The task reads the saved rows again, so it must not be queued before they are visible
    to another connection. A queue that cannot be reached costs the save nothing: what the
    task would have computed is computed when first read.

    In huey's immediate mode (the tests) the task runs now, in this transaction: a test's
    transaction never commits, and the test must see the effect right after the save.
    """
    if HUEY.immediate:
        task(*args)
        return
    transaction.on_commit(lambda: _enqueue(task, args), robust=True)


def _enqueue(task, args):
    try:
        task(*args)
    except Exception:
        log.exception("Could not queue %s%r; it is done when first read instead", task.name, args)


# --- when a task was queued ---------------------------------------------------------------
# Huey stores each task as a serialized message with no time in it, and its storages
# (SQLite, Redis) can only hand back the next messages to run. So the time a task enters
# the queue is written into its id ("<unix time>:<uuid>"), re-stamped each time it enters
# again (a retry, a scheduled task falling due): the next message's id then says how long
# the queue has kept its consumer waiting, on every storage, with no extra write per task.

STAMP_SEPARATOR = ":"


def stamped(task_id: str, now: float) -> str:
    """The id with the time it entered the queue in front (any earlier stamp replaced)."""
    _, _, plain = task_id.rpartition(STAMP_SEPARATOR)
    return f"{now:.3f}{STAMP_SEPARATOR}{plain}"


def enqueued_at(task_id: str) -> float | None:
    """The time a stamped id says its task entered the queue; None for an unstamped id."""
    stamp, separator, _ = str(task_id).partition(STAMP_SEPARATOR)
    try:
        return float(stamp) if separator else None
    except ValueError:
        return None


def _stamp(signal, task, *args, **kwargs):
    old_id, task.id = task.id, stamped(task.id, time.time())
    if task.revoke_id == f"r:{old_id}":  # keep revoking by id working for this task
        task.revoke_id = f"r:{task.id}"


_stamping = []


def stamp_enqueue_times():
    """Stamp every task this process queues (web workers and the consumer's scheduler)."""
    if not _stamping:
        HUEY.signal(SIGNAL_ENQUEUED)(_stamp)
        _stamping.append(_stamp)


def oldest_waiting_age(now: float | None = None) -> float | None:
    """Seconds the next task to run has waited in the queue, or None when none waits."""
    waiting = HUEY.storage.enqueued_items(limit=1)
    if not waiting:
        return None
    queued = enqueued_at(HUEY.serializer.deserialize(waiting[0]).id)
    if queued is None:
        return None  # queued before its id carried the time
    return max(0.0, (time.time() if now is None else now) - queued)
