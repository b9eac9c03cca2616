"""What follows a scenario save: its article links and its cached results.

- A scenario's article links follow its `@article:` tags, and its result is computed on
  save so the first reader after an edit gets it from the cache.
"""

import time

from django.db.models.signals import post_save, pre_save

from rulings import checks
from rulings.models import Scenario
from rulings.scenario_store import link_articles

# Seconds a save spends computing results and drawings ahead of readers; what is left after
# is computed when first read (a huge text under many tournaments would otherwise hold the
# save past the web server's timeout).
WARMING_SECONDS = 10


def _scenario_about_to_save(sender, instance, raw=False, **kwargs):
    """Before a scenario is saved, its article links follow its tags (in the same version)."""
    # Links set now, without a history entry of their own, appear in the save's entry.
    if not raw and not instance._state.adding:
        link_articles(instance)


def _scenario_saved(sender, instance, created, raw=False, **kwargs):
    """After a scenario is saved, its result and drawings are computed for the next reader."""
    if raw:
        return
    if created:
        link_articles(instance, created=True)
    checks.warm_drawing(instance, deadline=time.monotonic() + WARMING_SECONDS)


def connect():
    """Connected once, from RulingsConfig.ready()."""
    pre_save.connect(_scenario_about_to_save, sender=Scenario, dispatch_uid="scenario-links")
    post_save.connect(_scenario_saved, sender=Scenario, dispatch_uid="scenario-warm")
