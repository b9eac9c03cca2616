"""Write the whole site to one file: see search/site_backup.py and the README's "Backup and
restore"."""

from django.core.management.base import BaseCommand

from search.site_backup import write_backup


class Command(BaseCommand):
    help = (
        "Write everything to FILE (JSON): users with their PASSWORD HASHES and groups, all "
        "content, every history row with its author, tournament directors, published versions "
        "and who published them. The file is SENSITIVE: keep it as you keep the database. "
        "--without-users writes placeholder accounts instead of the real ones. "
        "Load it with `restore FILE` into an empty database."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--without-users",
            action="store_true",
            help="Map every author to a placeholder account (author-1, author-2, …) with no "
            "password, e-mail or name, and leave out the login records (usernames, addresses, "
            "browsers), the accounts' notices and the admin's log: the file holds nobody's "
            "login.",
        )

    def handle(self, file, without_users=False, **options):
        count = write_backup(file, without_users=without_users)
        self.stdout.write(self.style.SUCCESS(f"Backed up {count} rows to {file}."))
        if not without_users:
            self.stdout.write(self.style.WARNING(f"{file} holds password hashes: keep it private."))
