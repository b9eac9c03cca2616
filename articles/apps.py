from django.apps import AppConfig


class ArticlesConfig(AppConfig):
    """The wiki: articles, commentary, sources, questions and the glossary."""

    name = "articles"
    verbose_name = "Articles"

    def ready(self):
        # Stored HTML, cross-links and wanted links stay true when the wiki changes.
        from articles import signals as wiki_signals
        from articles import versioned  # noqa: F401 (declares the wiki's kinds' history)

        wiki_signals.connect()
