"""Give every translatable object its English units (once, on a database made before
translations: units are otherwise made by the object's next save or import)."""

from django.core.management.base import BaseCommand

from translations.registry import registered
from translations.units import sync


class Command(BaseCommand):
    help = "Make or update the English units of every translatable object."

    def handle(self, *args, **options):
        for entry in registered():
            count = 0
            for obj in entry.model.objects.all().iterator():
                sync(obj, entry)
                count += 1
            self.stdout.write(f"{entry.kind}s: {count} kept in step.")
