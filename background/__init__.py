"""Work after a save, off the request: the task queue (huey) and how a save hands it work.

Below every app: any app's `tasks.py` may use it; it knows no app. See docs/architecture.md,
"Work after a save".
"""
