"""Write the site's content to a folder in the form import_content reads."""

from pathlib import Path

from django.core.management.base import BaseCommand

from .import_content import content_modules


class Command(BaseCommand):
    help = "Export articles, sources, questions, terms, scenarios and tournaments to DIR."

    def add_arguments(self, parser):
        parser.add_argument("path")

    def handle(self, path, **options):
        folder = Path(path)
        folder.mkdir(parents=True, exist_ok=True)
        for module in content_modules():
            module.export_content(folder, stdout=self.stdout)
        self.stdout.write(self.style.SUCCESS(f"Exported content to {folder}"))
