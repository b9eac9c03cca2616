"""Load a file written by `backup` into an empty database and rebuild the search index."""

from django.core.management.base import BaseCommand

from search.site_backup import restore


class Command(BaseCommand):
    help = (
        "Load FILE, written by `backup`, into an EMPTY database (run migrate first; import "
        "nothing), then rebuild the search index. Refuses a database that already has content "
        "(what migrate makes is not content)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, file, **options):
        count = restore(file)
        self.stdout.write(self.style.SUCCESS(f"Restored {count} rows from {file}."))
