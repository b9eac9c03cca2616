from django.apps import AppConfig


class ArticlesConfig(AppConfig):
    """The wiki: articles, commentary, sources, questions and the glossary."""

    name = "articles"
    verbose_name = "Articles"

    def ready(self):
        # Registers the SearchDocument model and keeps the search index current on save.
        from articles import search

        search.connect_signals()

        # Keeps cross-links and wanted links true when articles and terms change (wiki).
        from articles.wiki.linking import connect_signals as connect_link_signals

        connect_link_signals()
