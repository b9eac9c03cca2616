"""Load the site's content from a fixtures folder: each app reads its own part."""

from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

import hooks
from articles.imports import ContentImport


class Command(BaseCommand):
    help = (
        "Import articles, sources, questions, terms, scenarios and tournaments from DIR. "
        "Rows changed on the site since the last import are kept and listed."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", default="fixtures/")
        parser.add_argument(
            "--overwrite",
            action="store_true",
            help="Replace rows changed on the site too (each as a new version in the history).",
        )

    def handle(self, path, overwrite=False, **options):
        folder = Path(path)
        if not folder.is_dir():
            raise CommandError(f"{folder} is not a folder of content.")
        imports = ContentImport(path, overwrite=overwrite)
        with transaction.atomic():
            # Each app's part (the `import_content` hook), in layer order: articles before
            # the scenarios and house rules that link to them.
            for import_part in hooks.get_hooks("import_content"):
                import_part(folder, stdout=self.stdout, imports=imports)
            # A command, not a request: it builds the search index itself, so a site
            # imported with no consumer running is searchable at once (in one bulk pass:
            # far quicker than document by document). That clears the pending marks the
            # saves above left, so the tasks they queued find nothing to do when a consumer
            # runs them. On commit, and registered last: after the wiki's own on-commit news
            # of the pages it rendered again, which marks their documents too. (Search's
            # own command: rulings does not import search.)
            transaction.on_commit(lambda: call_command("rebuild_search_index", stdout=self.stdout))
        self.stdout.write(self.style.SUCCESS(f"Imported content from {path}: {imports.summary()}."))
        for line in imports.kept_lines():
            self.stdout.write(self.style.WARNING(line))
