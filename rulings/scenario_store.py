"""Saving a scenario text: its title and article links follow the text's own tags.

A scenario's `@article:<key>` tags (on the feature or on any scenario) are the truth; the
`articles` links are kept in step with them on every save (admin, editor, import) so an
article page finds its checks with one query. Saving an existing scenario records one
history entry holding both the text and the links, with the editor's summary.
"""

from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

from articles.models import Article

ARTICLE_TAG = "@article:"


def parse_document(text):
    """The Gherkin document for a text, or None when it does not parse."""
    try:
        return Parser().parse(TokenScanner(text))
    except (CompositeParserException, ParserException):
        return None


def _tags(document):
    feature = (document or {}).get("feature") or {}
    yield from feature.get("tags", [])
    for child in feature.get("children", []):
        node = child.get("scenario") or {}
        yield from node.get("tags", [])
        for examples in node.get("examples", []):
            yield from examples.get("tags", [])
        for rule_child in (child.get("rule") or {}).get("children", []):
            yield from (rule_child.get("scenario") or {}).get("tags", [])


def article_keys(text):
    """The article keys a text links to, in the order first tagged, each once."""
    keys = []
    for tag in _tags(parse_document(text)):
        name = tag["name"]
        if name.startswith(ARTICLE_TAG):
            key = name[len(ARTICLE_TAG) :].strip()
            if key and key not in keys:
                keys.append(key)
    return keys


def feature_name(text):
    """The Feature's name: a scenario's title."""
    feature = (parse_document(text) or {}).get("feature") or {}
    return feature.get("name", "").strip()


def articles_for_keys(keys):
    """(articles found, keys with no article)."""
    found = {article.key: article for article in Article.objects.filter(key__in=keys)}
    return [found[k] for k in keys if k in found], [k for k in keys if k not in found]


def link_articles(scenario, record_history=True):
    """Make the scenario's article links match its tags; unknown keys are left out.

    Called from the Scenario signals: before an existing scenario is saved (without its own
    history entry, so the save's entry holds the new links) and after a new one is created.
    Returns the keys that name no article.
    """
    articles, unknown = articles_for_keys(article_keys(scenario.text))
    wanted = {article.pk for article in articles}
    if wanted != set(scenario.articles.values_list("pk", flat=True)):
        if not record_history:
            scenario.skip_history_when_saving = True
        try:
            scenario.articles.set(articles)
        finally:
            if not record_history:
                del scenario.skip_history_when_saving
    return unknown
