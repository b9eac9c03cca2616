from django.apps import AppConfig


class PageCacheConfig(AppConfig):
    """Whole pages for anonymous readers, made stale by any content save."""

    name = "pagecache"
    verbose_name = "Page cache"

    def ready(self):
        from pagecache import signals

        signals.connect()
