"""What follows a scenario save: its article links and its cached results.

- A scenario's article links follow its `@article:` tags, and its result is computed on
  save so the first reader after an edit gets it from the cache.
"""

from django.db.models.signals import post_save, pre_save

from rulings import checks
from rulings.models import Scenario
from rulings.scenario_store import link_articles


def _scenario_about_to_save(sender, instance, raw=False, **kwargs):
    # Links set now, without a history entry of their own, appear in the save's entry.
    if not raw and not instance._state.adding:
        link_articles(instance)


def _scenario_saved(sender, instance, created, raw=False, **kwargs):
    if raw:
        return
    if created:
        link_articles(instance, created=True)
    checks.warm_drawing(instance)
    _warm_tournament_results(instance.text)


def _warm_tournament_results(text):
    """The article page's matrix shows each published tournament's ruling: compute it now."""
    from rulings import tournaments

    # The matrix's own query: the same tournaments and options, one query however many.
    for _, options, _ in tournaments.published_rules():
        if options:
            tournaments.tournament_results(text, options)


def connect():
    """Connected once, from RulingsConfig.ready()."""
    pre_save.connect(_scenario_about_to_save, sender=Scenario, dispatch_uid="scenario-links")
    post_save.connect(_scenario_saved, sender=Scenario, dispatch_uid="scenario-warm")
