"""Work after a save, off the request: the task queue (huey), how a save hands it work, and
whether its consumer keeps up (the heartbeat, `manage.py check`, `/healthz`, the admin's
banner).

Below every app: any app's `tasks.py` may use it; it knows no app. An app (in
INSTALLED_APPS) only so that its heartbeat task, system check and template tag are found;
it has no models. See docs/architecture.md, "Work after a save" and "Operators".
"""
