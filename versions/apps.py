from django.apps import AppConfig


class VersionsConfig(AppConfig):
    """Editable content with history: the one save, history, compare and restore."""

    name = "versions"
    verbose_name = "Versions"
