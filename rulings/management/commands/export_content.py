"""Write the site's content to a folder in the form import_content reads."""

from pathlib import Path

from django.core.management.base import BaseCommand

import hooks


class Command(BaseCommand):
    help = "Export articles, sources, questions, terms, scenarios and tournaments to DIR."

    def add_arguments(self, parser):
        parser.add_argument("path")

    def handle(self, path, **options):
        folder = Path(path)
        folder.mkdir(parents=True, exist_ok=True)
        for export_part in hooks.get_hooks("export_content"):  # in layer order, as imported
            export_part(folder, stdout=self.stdout)
        self.stdout.write(self.style.SUCCESS(f"Exported content to {folder}"))
