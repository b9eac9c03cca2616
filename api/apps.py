from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The read API at /api/v1/: the top layer, reading every app below it."""

    name = "api"
    verbose_name = "Read API"
