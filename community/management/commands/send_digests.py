"""Send the daily digest to everyone who chose it (for cron, where no huey consumer runs
the periodic task: e.g. `0 6 * * * manage.py send_digests`)."""

from django.core.management.base import BaseCommand

from community.digests import send_digests


class Command(BaseCommand):
    help = "E-mail each daily-digest reader their notices not yet mailed."

    def handle(self, *args, **options):
        sent = send_digests()
        self.stdout.write(f"{sent} digest{'s' if sent != 1 else ''} sent.")
