"""What a tournament does when a scenario is saved: rule it under each tournament, queued."""

from django.db.models.signals import post_save

from background.queue import after_commit
from rulings.models import Scenario

from . import tasks


def _warm_tournament_results(sender, instance, created, raw=False, **kwargs):
    """After a scenario save commits, the queue rules it under each published tournament."""
    if raw:
        return
    after_commit(tasks.warm_tournament_results, instance.pk)


def connect():
    """Connected once, from TournamentsConfig.ready()."""
    post_save.connect(
        _warm_tournament_results, sender=Scenario, dispatch_uid="scenario-warm-tournaments"
    )
