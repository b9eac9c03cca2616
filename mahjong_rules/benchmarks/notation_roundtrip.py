#!/usr/bin/env python
"""The long round trip of the table notation: Table.from_notation(t.notation()) == t.

    .venv/bin/python mahjong_rules/benchmarks/notation_roundtrip.py [--tables 10000] [--seed 1]

Plays random hands (``bench.random_play``, beside this script) in runs of 200 actions, NMJL and
Matjok in turn, each run under randomly chosen rule options, and checks every table reached
and every action tried until `--tables` tables are checked. Prints the count and the time,
or the first table that does not come back (exit status 1). The suite checks a few
thousand tables (the package's tests/engine/test_notation.py).
"""

import argparse
import random
import sys
import time

from bench import random_play
from mahjong_rules.engine import Table, parse_action
from mahjong_rules.engine.options import OPTIONS


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    checked = actions = runs = 0
    longest = ""
    start = time.perf_counter()
    while checked < args.tables:
        ruleset = ("nmjl", "matjok")[runs % 2]
        runs += 1
        options = {name: rng.random() < 0.5 for name in OPTIONS}
        for _table, action, _verdict, after, _wall in random_play(rng, 200, options, ruleset):
            line = after.notation()
            if Table.from_notation(line) != after:
                print(f"Does not come back after {checked} tables:\n{line}")
                return 1
            if parse_action(action.notation()) != action:
                print(f"The action does not come back: {action.notation()}")
                return 1
            longest = max(longest, line, key=len)
            checked += 1
            actions += 1
            if checked >= args.tables:
                break
    elapsed = time.perf_counter() - start
    print(
        f"{checked} tables and {actions} actions came back from their notation in "
        f"{elapsed:.1f} s (random play included); the longest line has {len(longest)} characters."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
