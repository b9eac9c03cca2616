"""The article page's "Scenario checks" section (found by articles.sections)."""

from articles.sections import Section
from rulings import checks


def sections(article):
    """The article's scenario checks under League rules: one query, then the cache."""
    scenarios = list(
        article.scenarios.for_readers().only("slug", "published_title", "published_text")
    )
    drawings = checks.drawings_for(scenarios, article_key=article.key)
    data = {
        "drawings": [html for html, _ in drawings],
        "summary": checks.section_summary(drawings) if drawings else "",
    }
    return [Section("rulings/_article_checks.html", data)]
