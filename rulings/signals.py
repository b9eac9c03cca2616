"""What follows a scenario save: draft or published, its article links, its cached results.

- Before the save, the text is published when it runs clean, else kept as a draft
  (`rulings.drafts`); the article links follow the tags of the text readers see.
- After it commits, its results and drawings, and its rulings through time and under each
  reading, are computed by the task queue (`rulings.tasks`), so the save answers at once.
"""

from django.db.models.signals import post_save, pre_save

from background.queue import after_commit
from rulings import drafts, tasks
from rulings.models import Scenario
from rulings.scenario_store import link_articles


def _scenario_about_to_save(sender, instance, raw=False, **kwargs):
    """Before a scenario is saved, it is published or kept as a draft, and its article
    links follow its tags (in the same version)."""
    if raw:
        return
    drafts.settle(instance)
    # Links set now, without a history entry of their own, appear in the save's entry.
    if not instance._state.adding:
        link_articles(instance)


def _scenario_saved(sender, instance, created, raw=False, **kwargs):
    """After a scenario is saved, its result, drawings and rulings over time are queued."""
    if raw:
        return
    if created:
        link_articles(instance, created=True)
    after_commit(tasks.warm_scenario, instance.pk)
    after_commit(tasks.warm_over_time, instance.pk)


def connect():
    """Connected once, from RulingsConfig.ready()."""
    pre_save.connect(_scenario_about_to_save, sender=Scenario, dispatch_uid="scenario-links")
    post_save.connect(_scenario_saved, sender=Scenario, dispatch_uid="scenario-warm")
