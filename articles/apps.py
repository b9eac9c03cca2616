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
        # What may be translated, unit by unit (translations/), and who translates.
        import translations
        from articles.models import Article, Ruling, Term
        from articles.permissions import is_editor

        translations.allow(is_editor)
        translations.register(
            Article,
            key="key",
            kind="article",
            whole=("title", "summary", "ruling"),
            paragraphs=("body",),
        )
        translations.register(
            Ruling, key="slug", kind="ruling", whole=("question", "answer", "reason")
        )
        translations.register(Term, key="slug", kind="term", whole=("term", "definition"))
        # What the wiki adds to the site's processes (one app adding to another: hooks).
        import hooks
        from articles import content

        hooks.register("import_content", content.import_content, order=hooks.ARTICLES)
        hooks.register("export_content", content.export_content, order=hooks.ARTICLES)
