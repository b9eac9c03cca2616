from django.apps import AppConfig


class TranslationsConfig(AppConfig):
    """Translated content, kept in step with the English it was translated from."""

    name = "translations"
    verbose_name = "Translations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        import hooks
        from translations import (
            content,
            versioned,  # noqa: F401 (declares a translation's history)
        )

        # After every app whose content is translated (the picker's choices are toolkit's).
        hooks.register("import_content", content.import_content, order=hooks.TRANSLATIONS)
        hooks.register("export_content", content.export_content, order=hooks.TRANSLATIONS)
