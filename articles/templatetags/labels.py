"""Choices and verdicts in the reader's language: {{ article.kind|kind_label }},
{{ ruling|verdict_tag }} (see articles/labels.py)."""

from django import template

from articles import labels

register = template.Library()

register.filter("kind_label", labels.kind_label)
register.filter("verdict_tag", labels.verdict_tag)
register.filter("verdict_words", labels.verdict_words)
register.filter("relation_label", labels.relation_label)
register.filter("publication_label", labels.publication_label)


@register.filter
def change_words(change) -> str:
    """A home page's line of recent changes in words: "article changed", "3 answers added"
    (`articles.wiki.queries.changes_by_article`)."""
    return labels.change_words(change["what"], change["verb"], change["count"])


register.filter("source_name", labels.source_name)
