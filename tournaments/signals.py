"""What a tournament does when a scenario is saved: rule it under each tournament at once."""

import time

from django.db.models.signals import post_save

from rulings.models import Scenario
from rulings.signals import WARMING_SECONDS

from .comparison import tournament_results
from .matrix import published_rules


def _warm_tournament_results(sender, instance, created, raw=False, **kwargs):
    """The article page's matrix shows each published tournament's ruling: compute it now
    (for a few seconds at most; what is left is computed when first read)."""
    if raw:
        return
    deadline = time.monotonic() + WARMING_SECONDS
    # The matrix's own query: the same tournaments and options, one query however many.
    for _, options, _ in published_rules():
        if time.monotonic() > deadline:
            return
        if options:
            tournament_results(instance.text, options)


def connect():
    """Connected once, from TournamentsConfig.ready()."""
    post_save.connect(
        _warm_tournament_results, sender=Scenario, dispatch_uid="scenario-warm-tournaments"
    )
