"""Load the site's content from a fixtures folder: each app reads its own part."""

from importlib import import_module
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

# In dependency order: articles first, since scenarios and house rules link to them.
CONTENT_MODULES = ["articles.content", "rulings.content", "tournaments.content"]


def content_modules():
    """Each module has import_content(folder, stdout) and export_content(folder, stdout)."""
    return [import_module(name) for name in CONTENT_MODULES]


class Command(BaseCommand):
    help = "Import articles, sources, questions, terms, scenarios and tournaments from DIR."

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", default="fixtures/")

    def handle(self, path, **options):
        folder = Path(path)
        if not folder.is_dir():
            raise CommandError(f"{folder} is not a folder of content.")
        with transaction.atomic():
            for module in content_modules():
                module.import_content(folder, stdout=self.stdout)
        self.stdout.write(self.style.SUCCESS(f"Imported content from {folder}"))
