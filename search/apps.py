from django.apps import AppConfig


class SearchConfig(AppConfig):
    """The site search: one index of what the wiki and the rulings hold, and its pages."""

    name = "search"
    verbose_name = "Search"

    def ready(self):
        # Keeps the index current on every save and delete of what it indexes.
        from search import signals

        signals.connect()
