"""Compare every scenario's verdicts with those readers last saw, and tell watchers.

Run it on every deploy after `migrate` (which queues the same when the engine's version
changed): a new engine can change what a check says without anyone editing it.
"""

from django.core.management.base import BaseCommand

from community import verdicts


class Command(BaseCommand):
    help = "Compare scenario verdicts with those readers last saw; tell watchers of changes."

    def handle(self, *args, **options):
        changed = verdicts.recheck(None, cause="the rules engine was updated")
        self.stdout.write(f"{changed} scenario{'s' if changed != 1 else ''} changed verdicts.")
