"""Scenario checks in the site search: title, step text and linked article keys.

`articles` may not import `rulings`, so this module feeds scenarios to the search index
through `articles.search`'s small public API. `RulingsConfig.ready()` imports it, which
connects the signals and registers scenarios for `rebuild_search_index`.
"""

from dataclasses import asdict

from django.db.models.signals import m2m_changed, post_delete, post_save
from django.urls import NoReverseMatch

from articles.search import Document, index_document, register_source, remove_document
from rulings.models import Scenario

KIND = "scenario"


def scenario_document(scenario: Scenario, articles=None) -> Document:
    """The scenario as the index holds it; its rule set is that of its first linked article."""
    if articles is None:
        articles = scenario.articles.select_related("ruleset").order_by("key")
    articles = list(articles)
    try:
        url = scenario.get_absolute_url()
    except NoReverseMatch:
        url = ""
    return Document(
        kind=KIND,
        key=scenario.slug,
        title=scenario.title,
        body=scenario.text,
        url=url,
        ruleset=articles[0].ruleset.key if articles else "",
        keywords=" ".join(article.key for article in articles),
    )


def index_scenario(scenario: Scenario):
    index_document(**asdict(scenario_document(scenario)))


def all_scenario_documents():
    scenarios = Scenario.objects.prefetch_related("articles__ruleset")
    for scenario in scenarios:
        linked = sorted(scenario.articles.all(), key=lambda article: article.key)
        yield scenario_document(scenario, linked)


def _scenario_saved(sender, instance, raw=False, **kwargs):
    index_scenario(instance)


def _scenario_deleted(sender, instance, **kwargs):
    remove_document(KIND, instance.slug)


def _links_changed(sender, instance, action, reverse, pk_set, **kwargs):
    if not action.startswith("post_"):
        return
    if reverse:
        # Changed from the article's side: re-index each scenario on the other end.
        scenarios = Scenario.objects.filter(pk__in=pk_set) if pk_set else instance.scenarios.all()
        for scenario in scenarios:
            index_scenario(scenario)
    else:
        index_scenario(instance)


post_save.connect(_scenario_saved, sender=Scenario, dispatch_uid="search-save-Scenario")
post_delete.connect(_scenario_deleted, sender=Scenario, dispatch_uid="search-delete-Scenario")
m2m_changed.connect(
    _links_changed, sender=Scenario.articles.through, dispatch_uid="search-links-Scenario"
)
register_source(KIND, all_scenario_documents)
