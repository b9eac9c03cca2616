from django.apps import AppConfig


class CommunityConfig(AppConfig):
    """Around the rulings: watching pages, notifications (on the site and by e-mail), and
    each article's and tournament's talk page."""

    name = "community"
    verbose_name = "Watching and talk"

    def ready(self):
        from community import signals, versioned  # noqa: F401 (its rows in recent changes)

        signals.connect()
