from django.apps import AppConfig


class BackgroundConfig(AppConfig):
    """The task queue's side of the site: no models, no app of its own above it."""

    name = "background"
    verbose_name = "Work after a save"

    def ready(self):
        from background import checks, queue

        queue.stamp_enqueue_times()  # how old the oldest waiting task is, on any storage
        checks.register()
