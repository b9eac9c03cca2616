"""Run scenario checks from .feature files or the database, under League or tournament rules.

The work is done by `mahjong_rules.scenarios.runner` (running) and `mahjong_rules.scenarios.report`
(printing); this command only gathers the texts and the tournaments' options.
"""

import sys

from django.core.management.base import BaseCommand, CommandError
from mahjong_rules.scenarios import report
from mahjong_rules.scenarios.runner import run_text, run_under

from rulings.models import Scenario
from tournaments.cards import lookup_for
from tournaments.models import Tournament
from tournaments.versions import checked_options


def tournament_label(tournament: Tournament) -> str:
    label = f"Tournament “{tournament.name}” ({tournament.slug})"
    if tournament.status != Tournament.Status.PUBLISHED:
        label += ", a draft"
    return f"{label}: League rules with its house rules"


class Command(BaseCommand):
    help = (
        "Run scenario checks. PATH is a .feature file or a folder of them; with no path, "
        "every scenario in the database runs under League rules and under each tournament's "
        "house rules. Exit status: 0 all passed, 1 some failed or were undefined, 2 a path "
        "or tournament could not be read."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*", metavar="PATH")
        parser.add_argument(
            "--tournament",
            metavar="SLUG",
            help="Run every scenario under this tournament's house rules.",
        )
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, paths=(), tournament=None, format="text", **options):
        chosen = self._tournament(tournament) if tournament else None
        texts = self._texts(paths)
        # The command line sees every card, private ones included (it is run by the site's
        # keepers); a scenario still uses a card only when it names it.
        self.cards = lookup_for(None, everything=True)
        if chosen is not None:
            runs = [self._run_under(chosen, texts)]
        else:
            # No time budget on the command line: a busy machine must not turn a check into
            # "undefined"; the budget protects the web workers.
            league = [
                _checked(file, lambda t, uri: run_text(t, uri, budget=None, card_lookup=self.cards))
                for file in texts
            ]
            runs = [report.Run(report.LEAGUE, league)]
            if not paths:
                runs += [self._run_under(t, texts) for t in Tournament.objects.order_by("slug")]

        if not paths:
            self._list_drafts(json=format == "json")
        output = report.dumps(runs) if format == "json" else report.to_text(runs)
        self.stdout.write(output)
        status = report.exit_status(runs)
        if status:
            self.stdout.flush()
            sys.exit(status)

    def _tournament(self, slug):
        found = Tournament.objects.filter(slug=slug).first()
        if found is None:
            known = ", ".join(Tournament.objects.order_by("slug").values_list("slug", flat=True))
            raise CommandError(
                f"No tournament with the slug “{slug}”. Known: {known or 'none'}.", returncode=2
            )
        return found

    def _texts(self, paths):
        if paths:
            notes: list[str] = []
            try:
                files = report.read_feature_files(paths, notes)
            except report.UnreadablePath as error:
                raise CommandError(str(error), returncode=2) from error
            for note in notes:
                self.stderr.write(note)
            return files
        return [
            report.FeatureFile(scenario.source_file or f"scenario:{scenario.slug}", scenario.text)
            for scenario in Scenario.objects.for_readers()
            .order_by("slug")
            .only("slug", "published_title", "published_text", "source_file")
        ]

    def _list_drafts(self, json):
        """Drafts on a line of their own: the stored texts were checked as readers see them,
        and these saved texts do not run clean yet. Information: the exit status is the
        checks'. Before the report, whose last line is the count; on stderr beside JSON."""
        slugs = list(Scenario.objects.drafts().order_by("slug").values_list("slug", flat=True))
        if slugs:
            line = f"Drafts, not run clean yet (checked as last published): {', '.join(slugs)}"
            (self.stderr if json else self.stdout).write(line)

    def _run_under(self, tournament, texts):
        options = checked_options(tournament)  # its date's League rules, house rules on top
        results = [
            _checked(
                file,
                lambda text, uri: run_under(
                    text, uri, options, budget=None, card_lookup=self.cards
                ),
            )
            for file in texts
        ]
        return report.Run(tournament_label(tournament), results, tournament.slug)


def _checked(file: report.FeatureFile, run):
    """The file's result: run, or reported as unreadable (it never stops the others)."""
    return report.unreadable(file) if file.problem else run(file.text, file.uri)
