from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: their house rules, published versions, and what those change in the rulings."""

    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        from rulings import card_sources
        from tournaments import cards, signals

        signals.connect()
        # Scenario runs in rulings find the site's cards through this (rulings cannot import us).
        card_sources.register(cards.lookup_for)
