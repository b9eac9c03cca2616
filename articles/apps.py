from django.apps import AppConfig


class ArticlesConfig(AppConfig):
    """The wiki: articles, commentary, sources, questions and the glossary."""

    name = "articles"
    verbose_name = "Articles"
