"""The article page's sections from `rulings` (registered for the `article_sections` hook
in `RulingsConfig.ready()`): the scenario checks, how their rulings changed through time,
and where the sources disagree."""

from articles.sections import Section
from rulings import article_page, checks, over_time
from rulings.scenario_access import can_write_scenarios


def sections(page):
    """The article's scenario checks under League rules: the page's rows, then the cache."""
    article = page.article
    scenarios = article_page.scenarios(page)
    # Each check's line; its whole drawing is fetched when opened, except in the print view.
    light = not page.for_print
    drawings = checks.drawings_for(scenarios, article_key=article.key, light=light)
    data = {
        "drawings": [html for html, _ in drawings],
        "summary": checks.section_summary(drawings) if drawings else "",
        "light": light,
        # Authors' opened drawings carry each step's table with a "Copy as a table" button.
        "for_authors": can_write_scenarios(page.reader),
    }
    found = [Section("rulings/_article_checks.html", data)]
    # Kept in their own templates: each says nothing when there is nothing to say.
    changes = over_time.article_changes(article, scenarios)
    if changes:
        found.append(Section("rulings/_article_changed.html", {"changes": changes}))
    disagreements = over_time.article_disagreements(article, scenarios)
    if disagreements:
        found.append(
            Section("rulings/_article_disagreements.html", {"disagreements": disagreements})
        )
    return found
