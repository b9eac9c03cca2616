"""Load the site's content from a fixtures folder: each app reads its own part."""

from pathlib import Path

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.module_loading import autodiscover_modules


def content_modules():
    """Each installed app's `content` module, found by Django's autodiscovery, in the order
    of INSTALLED_APPS — the order of the layers, so articles come before the scenarios and
    house rules that link to them. Each has import_content(folder, stdout) and
    export_content(folder, stdout)."""
    autodiscover_modules("content")
    modules = []
    for config in apps.get_app_configs():
        module = getattr(config.module, "content", None)
        if module is not None and hasattr(module, "import_content"):
            modules.append(module)
    return modules


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
