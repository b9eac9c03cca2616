"""Work that follows a scenario save for tournaments, run by the task queue."""

from huey.contrib.djhuey import db_task

from rulings.models import Scenario

from .comparison import tournament_results
from .matrix import published_rules


@db_task()
def warm_tournament_results(pk):
    """Rule a saved scenario, as readers see it, under each published tournament, so the
    article page's matrix reads the cache (a reader who comes first computes it)."""
    scenario = (
        Scenario.objects.for_readers()
        .filter(pk=pk)
        .only("published_text", "published_title")
        .first()
    )
    if scenario is None:
        return  # a draft that never ran clean: no reader sees it
    # The matrix's own query: the same tournaments and options, one query however many.
    for _, options, _ in published_rules():
        if options:
            tournament_results(scenario.text, options)
