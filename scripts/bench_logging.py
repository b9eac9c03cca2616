#!/usr/bin/env python
"""Logging a ruling with a suggested penalty: server time, at an event with 300 players and
500 infractions already logged.

    taskset -c 1 .venv/bin/python scripts/bench_logging.py [--players 300] [--offences 500]
        [--infractions 12] [--logs 60] [--runs 3] [--seed 7]

Migrates a throwaway SQLite database (or the PostgreSQL database DATABASE_URL names: it must
hold nothing else, its event rows are added to), makes a published tournament with one
director, `--players` players seated over four rounds, a penalty schedule of
`--infractions` infractions with upgrade paths, and `--offences` penalties already charged
in logged rulings. Then, `--runs` times over, a director logs `--logs` rulings through the
log form in-process (`POST /tournaments/<slug>/log/new/`, Django's test client: the
request's whole server side, no network), each charging a random player a random infraction
with the points left empty, so the server counts the player's earlier offences under the
lock and charges the suggestion; and as many `GET …/log/suggest.json` (what the form's
script asks when a player and an infraction are chosen). Prints the median and 95th
percentile in milliseconds of each, the load average and the cores the process may use.
Target: at most 100 ms for the POST.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TARGET_MS = 100
# Static files are not collected for an in-process benchmark; whitenoise says so once.
warnings.filterwarnings("ignore", message="No directory at")

# The same production-like set-up as the search benchmark's (DEBUG off, migrated).
from scripts.bench_search import setup_django  # noqa: E402


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--offences", type=int, default=500)
    parser.add_argument("--infractions", type=int, default=12)
    parser.add_argument("--logs", type=int, default=60, help="rulings logged per run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    return parser.parse_args()


def build_event(args, rng):
    """The tournament, its director, players, schedule and earlier penalties."""
    from django.contrib.auth.models import Group, User

    from articles.models import RuleSet
    from articles.permissions import TOURNAMENT_DIRECTORS
    from event.models import Infraction, InvolvedPlayer, Player, Seat
    from toolkit.models import LoggedRuling
    from tournaments.models import Tournament

    slug = f"bench-logging-{rng.randrange(10**6)}"
    ruleset, _ = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})
    director = User.objects.create_user(f"{slug}-td")
    director.groups.add(Group.objects.get_or_create(name=TOURNAMENT_DIRECTORS)[0])
    tournament = Tournament.objects.create(
        name="Benchmark Open", slug=slug, ruleset=ruleset, status=Tournament.Status.PUBLISHED
    )
    tournament.directors.add(director)
    players = Player.objects.bulk_create(
        Player(tournament=tournament, name=f"Player {n:03d}", number=str(1000 + n))
        for n in range(args.players)
    )
    Seat.objects.bulk_create(
        Seat(player=player, round=round_, table=str(n // 4 + 1), seat="ESWN"[n % 4])
        for round_ in range(1, 5)
        for n, player in enumerate(rng.sample(players, len(players)))
    )
    infractions = Infraction.objects.bulk_create(
        Infraction(
            tournament=tournament,
            name=f"infraction {n}",
            points=10 + 5 * n,
            second_points=20 + 10 * n,
            third_head_td_decides=n % 3 == 0,
            position=n,
        )  # fmt: skip
        for n in range(args.infractions)
    )
    entries = LoggedRuling.objects.bulk_create(
        LoggedRuling(
            tournament=tournament,
            table=str(rng.randint(1, 75)),
            round=rng.randint(1, 4),
            what_happened="A misnamed discard.",
            outcome="Penalty.",
            recorded_by=director,
        )  # fmt: skip
        for _ in range(args.offences)
    )
    counted = {}
    made = []
    for entry in entries:
        player, infraction = rng.choice(players), rng.choice(infractions)
        nth = counted[(player.pk, infraction.pk)] = counted.get((player.pk, infraction.pk), 0) + 1
        points = infraction.points_for(nth)
        made.append(
            InvolvedPlayer(
                entry=entry,
                player=player,
                infraction=infraction,
                offence=nth,
                suggested_points=points,
                points=points if points is not None else 100,
            )  # fmt: skip
        )
    InvolvedPlayer.objects.bulk_create(made)
    return tournament, director, players, infractions


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main():
    args = parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        setup_django(Path(folder) / "bench.sqlite3")
        from django.test import Client
        from django.urls import reverse
        from django.utils import timezone

        tournament, director, players, infractions = build_event(args, rng)
        client = Client()
        client.force_login(director)
        log_url = reverse("toolkit:log-add", args=[tournament.slug])
        suggest_url = reverse("event:suggest", args=[tournament.slug])
        print(
            f"{len(players)} players, {len(infractions)} infractions, {args.offences} penalties "
            f"already logged; load average {os.getloadavg()[0]:.2f}, "
            f"cores {sorted(os.sched_getaffinity(0))}"
        )
        for run in range(1, args.runs + 1):
            posts, gets = [], []
            for _ in range(args.logs):
                player, infraction = rng.choice(players), rng.choice(infractions)
                started = time.perf_counter()
                answer = client.get(suggest_url, {"player": player.pk, "infraction": infraction.pk})
                gets.append((time.perf_counter() - started) * 1000)
                points = answer.json()["points"]
                data = {
                    "ruled_at": timezone.localtime().strftime("%Y-%m-%dT%H:%M"),
                    "table": str(rng.randint(1, 75)),
                    "round": str(rng.randint(1, 4)),
                    "what_happened": "Named one tile and threw another.",
                    "outcome": "Penalty as the schedule says.",
                    "event-players": [player.pk],
                    "event-offender": player.pk,
                    "event-infraction": infraction.pk,
                    # The head TD's call needs the points given; else the suggestion is taken.
                    "event-points": "" if points is not None else "100",
                }
                started = time.perf_counter()
                response = client.post(log_url, data)
                posts.append((time.perf_counter() - started) * 1000)
                if response.status_code != 302:
                    sys.exit(f"The log refused a ruling ({response.status_code}).")
            post_median, post_95 = statistics.median(posts), percentile(posts, 0.95)
            get_median, get_95 = statistics.median(gets), percentile(gets, 0.95)
            print(
                f"run {run}: log a ruling with a suggested penalty: median {post_median:.1f} ms, "
                f"95th percentile {post_95:.1f} ms (target ≤ {TARGET_MS} ms); "
                f"suggestion: median {get_median:.1f} ms, 95th percentile {get_95:.1f} ms"
            )


if __name__ == "__main__":
    main()
