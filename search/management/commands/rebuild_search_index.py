"""Build the search index again from the content: after a restore, or a change to how
documents are indexed. Saves keep it current otherwise."""

from django.core.management.base import BaseCommand

from search.rebuild import rebuild_index


class Command(BaseCommand):
    help = "Empty the full-text search index and fill it again from every article, answer, etc."

    def handle(self, *args, **options):
        count = rebuild_index()
        self.stdout.write(f"Search index rebuilt: {count} documents.")
