"""Handing work to the task queue once a save is committed."""

import logging

from django.db import transaction
from huey.contrib.djhuey import HUEY

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
