from django.apps import AppConfig


class ArticlesConfig(AppConfig):
    """The wiki: articles, commentary, sources, questions and the glossary."""

    name = "articles"
    verbose_name = "Articles"

    def ready(self):
        # Keeps cross-links and wanted links true when articles and terms change (wiki).
        from articles.wiki.linking import connect_signals as connect_link_signals

        connect_link_signals()
