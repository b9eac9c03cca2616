from django.apps import AppConfig


class ToolkitConfig(AppConfig):
    """The TD's toolkit: the rulings log, the picker, offline copies and printouts."""

    name = "toolkit"
    verbose_name = "TD's toolkit"

    def ready(self):
        from toolkit import versioned  # noqa: F401 (declares the log's and the picker's history)
