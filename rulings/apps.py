from django.apps import AppConfig


class RulingsConfig(AppConfig):
    """How play is ruled: the engine and the scenario checks."""

    name = "rulings"
    verbose_name = "Rulings"

    def ready(self):
        from rulings import signals, versioned  # noqa: F401 (declares the scenario's history)

        signals.connect()
        # What rulings add to the wiki's pages and to the content commands (hooks).
        import hooks
        from rulings import (
            agreement_sections,
            article_history,
            article_sections,
            content,
            ruling_sections,
        )

        hooks.register("article_sections", article_sections.sections, order=hooks.RULINGS)
        hooks.register("ruling_sections", ruling_sections.sections, order=hooks.RULINGS)
        hooks.register("ruling_sections", agreement_sections.sections, order=hooks.RULINGS)
        hooks.register("article_history", article_history.entries, order=hooks.RULINGS)
        hooks.register("article_history_count", article_history.count, order=hooks.RULINGS)
        hooks.register("import_content", content.import_content, order=hooks.RULINGS)
        hooks.register("export_content", content.export_content, order=hooks.RULINGS)
