"""Mutation testing of the rule modules: mutmut changes the code of the five rule modules one
small edit at a time (a mutant), runs the package's own tests against each, and counts the
mutants some test caught. A developer's tool, not part of CI: a full run takes a while.

    .venv/bin/python mahjong_rules/scripts/mutation.py             # a fresh run, then the score
    .venv/bin/python mahjong_rules/scripts/mutation.py --report    # the score of the last run
    .venv/bin/python mahjong_rules/scripts/mutation.py 'mahjong_rules.engine.nmjl.wall.*'
                                                    # run these mutants again (after a new test)

It prints killed / survived / timeout / no tests per module and overall, then the mutants of
rule functions that survived (``--diffs`` shows their diffs; ``MUTATION.md`` explains the
ones no test can catch), and exits 1 when fewer than 90% of the mutants are caught.

mutmut (pinned in ``requirements-mutation.txt``, installed into this interpreter when missing)
is configured in ``[tool.mutmut]`` of ``pyproject.toml``: what it mutates and how pytest runs.
One thing is set here: mutmut 3 never mutates a decorated function (a decorator might
register the function, or be a ``property``), and every rule is marked ``@rule(article)``,
which only sets ``func.article`` and returns the function itself. So this script lets a
function through when its only decorators are that marker; without it the rule functions,
the point of the exercise, would not be mutated at all.
"""

from __future__ import annotations

import argparse
import ast
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from datetime import date
from pathlib import Path

LIBRARY = Path(__file__).resolve().parents[1]
REQUIREMENTS = LIBRARY / "requirements-mutation.txt"
MUTMUT = "3.8.1"
TARGET = 0.90
CAUGHT = {"killed", "timeout"}  # a mutant that hangs the tests is caught too


def ensure_mutmut() -> None:
    """Install the pinned mutmut when this interpreter lacks it, then start afresh."""
    try:
        installed = importlib.metadata.version("mutmut")
    except importlib.metadata.PackageNotFoundError:
        installed = None
    if installed == MUTMUT:
        return
    print(f"Installing mutmut {MUTMUT} (found {installed or 'none'})…", flush=True)
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS)]
    subprocess.run(pip, check=True)
    os.execv(sys.executable, [sys.executable, *sys.argv])


def modules() -> list[str]:
    """The files mutmut mutates, as listed once in pyproject.toml."""
    config = tomllib.loads((LIBRARY / "pyproject.toml").read_text())
    return config["tool"]["mutmut"]["only_mutate"]


def is_rule_marker(decorator) -> bool:
    """``@rule("nmjl-wall")``, as libcst or ast spells it."""
    func = getattr(decorator, "func", None)
    name = getattr(func, "value", None) or getattr(func, "id", None)
    return name == "rule"


def rule_functions(path: str) -> set[str]:
    """The names of a module's rule functions: the top-level functions marked @rule."""
    tree = ast.parse((LIBRARY / path).read_text())
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.decorator_list
        and all(is_rule_marker(d) for d in node.decorator_list)
    }


def mutate_rule_functions() -> None:
    """Let mutmut mutate a function whose only decorators are the @rule marker (see above).

    The marker's arguments stay unmutated (mutmut skips every decorator node), a
    ``# pragma: no mutate function`` on one is still honoured, and the trampoline mutmut
    wraps it in keeps its name and docstring (functools.wraps) and gets its ``article``."""
    import libcst as cst
    from libcst.metadata import PositionProvider
    from mutmut.mutation import file_mutation
    from mutmut.mutation.file_mutation import MutationVisitor

    skip = MutationVisitor._skip_node_and_children

    def skip_unless_a_rule(self, node):
        if (
            isinstance(node, cst.FunctionDef)
            and node.decorators
            and all(is_rule_marker(d.decorator) for d in node.decorators)
        ):
            position = self.get_metadata(PositionProvider, node, None)
            if not (position and position.start.line in self._ignored_node_lines):
                return False
        return skip(self, node)

    MutationVisitor._skip_node_and_children = skip_unless_a_rule

    # The copies mutmut makes (the original and each mutant, called through the trampoline)
    # would keep the marker too, and pass for rules of their own: only the trampoline keeps it.
    arrange = file_mutation.function_trampoline_arrangement

    def arrange_with_one_rule(function, mutants, class_name):
        declarations, (trampoline, *copies), assignments, names = arrange(
            function, mutants, class_name
        )
        copies = [
            copy.with_changes(
                decorators=[d for d in copy.decorators if not is_rule_marker(d.decorator)]
            )
            for copy in copies
        ]
        return declarations, [trampoline, *copies], assignments, names

    file_mutation.function_trampoline_arrangement = arrange_with_one_rule


def run(names: list[str], children: int) -> None:
    from mutmut.__main__ import cli

    if not names:
        shutil.rmtree(LIBRARY / "mutants", ignore_errors=True)
    else:
        # Map tests to functions afresh, so that a test written since the last run counts.
        (LIBRARY / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    mutate_rule_functions()
    try:
        cli.main(["run", "--max-children", str(children), *names], standalone_mode=False)
    except SystemExit as stop:
        if stop.code:
            raise


def function_of(mutant: str) -> str:
    """``…wall.x_lift__mutmut_3`` → ``lift``; a method ``…xǁPassesǁagreed__mutmut_1`` →
    ``Passes.agreed``."""
    name = mutant.rsplit(".", 1)[1].rsplit("__mutmut_", 1)[0]
    return name[2:] if name.startswith("x_") else name[2:].replace("ǁ", ".")


def report(show_diffs: bool) -> float:
    from mutmut.__main__ import SourceFileMutationData, get_diff_for_mutant
    from mutmut.stats import status_by_exit_code

    rows, total, unexplained = [], Counter(), []
    for path in modules():
        data = SourceFileMutationData(path=Path(path))
        data.load()
        rules = rule_functions(path)
        counts = Counter()
        for mutant, code in sorted(data.exit_code_by_key.items()):
            status = status_by_exit_code[code]
            counts[status] += 1
            if status in ("survived", "no tests") and function_of(mutant) in rules:
                unexplained.append((path, mutant, status))
        total += counts
        rows.append((path.removeprefix("src/mahjong_rules/engine/"), counts))
    rows.append(("overall", total))

    print(f"\nMutation score, {date.today().isoformat()} (mutmut {MUTMUT}):")
    columns = ("mutants", "killed", "timeout", "survived", "no tests", "other", "score")
    print(f"{'module':<20}" + "".join(f"{column:>9}" for column in columns))
    for name, counts in rows:
        n = sum(counts.values())
        caught = sum(counts[s] for s in CAUGHT)
        other = n - caught - counts["survived"] - counts["no tests"]
        figures = (n, counts["killed"], counts["timeout"], counts["survived"], counts["no tests"])
        score = f"{caught / n:.1%}" if n else "-"
        print(f"{name:<20}" + "".join(f"{f:>9}" for f in (*figures, other, score)))
    if unexplained:
        print(f"\nMutants of rule functions not caught ({len(unexplained)}; see MUTATION.md):")
        for path, mutant, status in unexplained:
            print(f"  {status:<9} {mutant}")
            if show_diffs:
                print(get_diff_for_mutant(mutant, path=Path(path)))
    n = sum(total.values())
    return sum(total[s] for s in CAUGHT) / n if n else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mutants", nargs="*", help="run only these mutants again (globs allowed)")
    parser.add_argument("--report", action="store_true", help="only report the last run")
    parser.add_argument("--diffs", action="store_true", help="show the surviving mutants' diffs")
    parser.add_argument(
        "--children", type=int, default=1, help="mutants tested at once (default 1: one core)"
    )
    args = parser.parse_args()

    ensure_mutmut()
    os.chdir(LIBRARY)  # mutmut reads its configuration and writes mutants/ here
    os.environ.setdefault("HYPOTHESIS_PROFILE", "ci")  # derandomized: the same verdict each run
    if not args.report:
        run(args.mutants, args.children)
    score = report(args.diffs)
    if score < TARGET:
        print(f"\nThe score {score:.1%} is below the target {TARGET:.0%}.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
