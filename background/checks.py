"""`manage.py check` says when the task queue's consumer is late (background.health)."""

from django.core import checks

QUEUE_LATE = "background.W001"


def queue_is_kept_up(app_configs=None, **kwargs):
    """A warning for each way the queue is late; nothing for an empty queue with no
    consumer (a fresh site before `run_huey`, the tests)."""
    from background.health import queue_health

    return [
        checks.Warning(
            problem,
            hint="Start the consumer (`manage.py run_huey`) beside the web server; "
            "/healthz answers 503 until it catches up.",
            id=QUEUE_LATE,
        )
        for problem in queue_health().problems
    ]


def register():
    checks.register(queue_is_kept_up, "queue")
