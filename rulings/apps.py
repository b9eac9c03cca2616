from django.apps import AppConfig


class RulingsConfig(AppConfig):
    """How play is ruled: the engine and the scenario checks."""

    name = "rulings"
    verbose_name = "Rulings"

    def ready(self):
        from rulings import signals, versioned  # noqa: F401 (declares the scenario's history)

        signals.connect()
