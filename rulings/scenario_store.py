"""Saving a scenario text: its title and article links follow the text's own tags.

The text is parsed once, by the runner's parser (`parsed`): the title, the keys and the
drawing all come from the same parse, remembered for the text's next reader.

A scenario's `@article:<key>` tags (on the feature or on any scenario) are the truth; the
`articles` links are kept in step with them on every save (admin, editor, import) so an
article page finds its checks with one query. Saving an existing scenario records one
history entry holding both the text and the links, with the editor's summary.

An edit is saved by the wiki's `save_edit`: the version the editor started from is checked
under a row lock, an edit saved meanwhile is merged paragraph by paragraph (a blank line
parts the scenarios of a feature), and an edit to the same lines is a conflict, not a loss.
"""

from mahjong_rules.scenarios.runner import parse

import versions
from articles.models import Article
from rulings.models import Scenario
from versions.saving import Outcome, save_edit


def parsed(text):
    """The text as the runner parses it: title, `@article:` keys, Gherkin document, cases.

    The parse is remembered (see mahjong_rules.scenarios.parsing), so a save — form, links, title,
    result, drawings, tournaments — and a drawing parse the text once between them.
    """
    return parse(text)


# What the editor changes: the text (the title and the article links follow it).
def save_text(scenario, text: str, base_version: int | None, summary: str) -> Outcome:
    """Save an edited text over `base_version`, merged with or refused by any save since."""
    return save_edit(
        versions.entry_for(Scenario),
        scenario.pk,
        {"text": text},
        base_version,
        summary,
        prepare=_as_a_file,
    )


def _as_a_file(scenario):
    # A merge joins paragraphs without the final newline a .feature file (and the form) has.
    scenario.text = scenario.text.rstrip() + "\n"
    # A draft may have no Feature line yet: it keeps the title it had.
    scenario.title = (feature_name(scenario.text) or scenario.title)[:200]


def parse_document(text):
    """The Gherkin document for a text, or None when it does not parse."""
    return parsed(text).document


def article_keys(text):
    """The article keys a text links to, in the order first tagged, each once: the Feature's,
    each Rule's, each scenario's and each Examples' tags (a scenario inherits them all)."""
    return parsed(text).article_keys


def feature_name(text):
    """The Feature's name: a scenario's title ("" when the text does not parse)."""
    return parsed(text).title


def articles_for_keys(keys):
    """(articles found, keys with no article)."""
    found = {article.key: article for article in Article.objects.filter(key__in=keys)}
    return [found[k] for k in keys if k in found], [k for k in keys if k not in found]


def linked_text(scenario):
    """The text whose `@article:` tags decide the links: the one readers see (see
    rulings.drafts), or the draft of a scenario that never ran clean (readers see none)."""
    return scenario.published_text or scenario.text


def link_articles(scenario, created=False):
    """Make the scenario's article links match its tags; unknown keys are left out.

    Called from the Scenario signals, so every save keeps one history entry holding both
    the text and its links: before an existing scenario is saved, the links are set without
    an entry of their own (the save's entry then records them); just after a new one is
    created, they are set the same way and added to its "created" entry.
    Returns the keys that name no article.
    """
    articles, unknown = articles_for_keys(article_keys(linked_text(scenario)))
    wanted = {article.pk for article in articles}
    if wanted != set(scenario.articles.values_list("pk", flat=True)):
        scenario.skip_history_when_saving = True
        try:
            scenario.articles.set(articles)
        finally:
            del scenario.skip_history_when_saving
        if created:
            _record_links_in_latest_entry(scenario)
    return unknown


def _record_links_in_latest_entry(scenario):
    # What django-simple-history does for m2m fields when it writes an entry (one history
    # row per link row), done for the entry it wrote just before the links existed.
    # Not through the library: it writes an entry's link rows only inside
    # HistoricalRecords.create_historical_record, at post_save, when a new row cannot have
    # links yet; its m2m_changed hook would add a second entry for the same save; and the
    # HistoricalRecords object whose create_historical_record_m2ms could do it is not
    # reachable from the model (its `history` attribute is the manager's descriptor). The
    # rows written here are the ones that method writes: the history model's own fields,
    # from the m2m_fields declaration (Scenario.history).
    entry = scenario.history.order_by("-history_id").first()
    if entry is None:
        return
    link_history = entry.articles.model
    links = scenario.articles.through.objects.filter(scenario=scenario)
    link_history.objects.bulk_create(
        link_history(
            history=entry, id=link.id, scenario_id=link.scenario_id, article_id=link.article_id
        )
        for link in links
    )
