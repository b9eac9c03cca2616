#!/usr/bin/env python
"""Scenario checking benchmark: one 200,000-character text of each awkward shape.

    .venv/bin/python scripts/bench_checking.py [--chars 200000] [--repeat 3] [--profile SHAPE]

Each shape is a text a user could post to the editor's live check (within the 200,000
character and 20,000 step caps). Each is run by the pure runner under League rules, as
`check_scenarios` does (parse included, no time budget), and the best of `--repeat` runs is
printed in seconds (wall and CPU: on a busy machine CPU time is the fairer figure) with the
number of scenarios reported and the text's size in steps. The target is under 2 s each.
`--profile SHAPE` runs one shape under cProfile instead and prints the costliest calls.

No Django: it imports only `mahjong_rules.scenarios` and the engine.
"""

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_rules.scenarios.parsing import MAX_TEXT_CHARS, parse_text, recent  # noqa: E402
from mahjong_rules.scenarios.runner import default_engine, run_text  # noqa: E402


def _fill(head: str, unit, limit: int, tail: str = "") -> str:
    """`head`, then unit(0), unit(1), … while the whole stays within `limit` characters."""
    parts, size, index = [head], len(head) + len(tail), 0
    while True:
        piece = unit(index)
        if size + len(piece) > limit:
            break
        parts.append(piece)
        size += len(piece)
        index += 1
    parts.append(tail)
    return "".join(parts)


def background_and_scenarios(limit: int) -> str:
    # Half the text is Background: run once per scenario, it would cost their product.
    head = "Feature: Calls after a long Background\n\n  Background:\n"
    scene = ("    Given it is South's turn\n", "    And South has 13 tiles\n")
    background = _fill(head, lambda i: scene[i % 2], limit // 2)
    return _fill(
        background + "\n",
        lambda i: (
            f"  Scenario: South calls the discard, take {i}\n"
            "    When East draws 7D\n"
            "    Then that is refused\n\n"
        ),
        limit,
    )


def steps_in_description(limit: int) -> str:
    # Every description line starts like a step and reads like no phrase: each is compared
    # with the phrases (as a step written as prose would be), and nothing is reported.
    head = "Feature: Steps written as prose\n"
    tail = "\n  Scenario: One real check\n    Given East has discarded 7D\n"
    return _fill(head, lambda i: f"  Given the moon is a balloon number {i}\n", limit, tail)


def undefined_steps(limit: int) -> str:
    head = "Feature: Phrases nobody defined\n\n"
    return _fill(
        head,
        lambda i: (
            f"  Scenario: Juggling {i}\n"
            f"    Given South juggles {i % 9 + 1}D\n"
            "    When North sings loudly\n"
            "    Then the tiles dance\n\n"
        ),
        limit,
    )


def big_data_tables(limit: int) -> str:
    head = (
        "Feature: Simultaneous calls, a long table\n\n"
        "  Scenario: Many calls at once\n"
        "    Given East has discarded 7D\n"
        "    When these calls are made:\n"
        "      | seat  | call      |\n"
    )
    tail = "    Then that is refused\n"  # nobody holds a 7D: no call can take it
    seats = ("South", "West", "North")
    return _fill(head, lambda i: f"      | {seats[i % 3]:<5} | exposure  |\n", limit, tail)


def long_outline(limit: int) -> str:
    head = (
        "Feature: A long outline\n\n"
        "  Scenario Outline: West calls for a pung\n"
        "    Given East has discarded 6C\n"
        "    And West holds <held>\n"
        "    When West calls the discard\n"
        "    Then that is <verdict>\n\n"
        "    Examples:\n"
        "      | held  | verdict | note                                     |\n"
    )
    rows = ("| 6C 6C | allowed |", "| 6C J  | allowed |", "| 6C    | refused |")
    # Wide rows keep the text at the character cap within the 20,000 step cap.
    return _fill(head, lambda i: f"      {rows[i % 3]} row {i:<36} |\n", limit)


def tiny_scenarios(limit: int) -> str:
    # As many scenarios as the characters allow: each costs its parse and its own result.
    head = "Feature: Many tiny scenarios\n"
    return _fill(head, lambda i: f"Scenario:\n* x{i}\n", limit)


SHAPES = {
    "background": background_and_scenarios,
    "description": steps_in_description,
    "undefined": undefined_steps,
    "tables": big_data_tables,
    "outline": long_outline,
    "tiny": tiny_scenarios,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chars", type=int, default=MAX_TEXT_CHARS)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", choices=sorted(SHAPES))
    args = parser.parse_args()
    registry = default_engine().registry  # import the phrases before timing
    if args.profile:
        text = SHAPES[args.profile](args.chars)
        recent.clear()
        profile = cProfile.Profile()
        profile.runcall(run_text, text, "bench.feature")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        return 0
    columns = ("chars", 8), ("steps", 7), ("scenarios", 9), ("seconds", 8), ("cpu", 6)
    print(f"{'shape':<12} " + " ".join(f"{n:>{w}}" for n, w in columns) + "  status")
    slowest = 0.0
    for name, make in SHAPES.items():
        text = make(args.chars)
        steps = getattr(parse_text(text, "bench.feature", registry), "size_in_steps", -1)
        best = cpu = None
        for _ in range(args.repeat):
            recent.clear()  # time the parse too: a text is new to the live check
            started, started_cpu = time.perf_counter(), time.process_time()
            result = run_text(text, "bench.feature", budget=None)
            elapsed = time.perf_counter() - started
            used = time.process_time() - started_cpu
            best = elapsed if best is None else min(best, elapsed)
            cpu = used if cpu is None else min(cpu, used)
        slowest = max(slowest, best)
        reported = len(result.scenarios)
        print(
            f"{name:<12} {len(text):>8,} {steps:>7,} {reported:>9,} {best:>8.2f} {cpu:>6.2f}"
            f"  {result.status}"
        )
    print(f"slowest {slowest:.2f} s (target < 2 s)")
    return 0 if slowest < 2 else 1


if __name__ == "__main__":
    sys.exit(main())
