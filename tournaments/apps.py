from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: their house rules, published versions, and what those change in the rulings."""

    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        from tournaments import signals

        signals.connect()
