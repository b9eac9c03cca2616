"""Work that follows a scenario save, run by the task queue (`manage.py run_huey`)."""

from huey.contrib.djhuey import db_task

from rulings import checks, over_time
from rulings.models import Scenario


@db_task()
def warm_scenario(pk):
    """Compute a saved scenario's result and drawings (its page, each linked article) for
    the next reader, and its draft's for its writers. A reader who comes first computes
    them on reading, so this only makes pages fast."""
    for scenario in Scenario.objects.for_readers().filter(pk=pk):
        checks.warm_drawing(scenario)
    for draft in Scenario.objects.drafts().filter(pk=pk):
        checks.warm_drawing(draft)


@db_task()
def warm_over_time(pk):
    """Rule a saved scenario, as readers see it, under the League rules of each era and
    under each reading, so its articles' "How this ruling changed" and "Where sources
    disagree" read the cache (a reader who comes first computes them)."""
    for scenario in Scenario.objects.for_readers().filter(pk=pk).only("published_text"):
        over_time.warm(scenario.text)
