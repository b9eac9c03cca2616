from django.apps import AppConfig


class VersionedAppConfig(AppConfig):
    name = "tests.versioned_app"
    label = "versioned_app"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from tests.versioned_app import versioned  # noqa: F401 (declares the note's history)
