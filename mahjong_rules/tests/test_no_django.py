"""The library is plain Python: importing every module of it, and the benchmarks beside it,
loads no Django (the site's import-linter contract says the same of the imports it sees)."""

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def test_every_module_and_the_benchmarks_import_no_django():
    code = (
        "import importlib, pkgutil, sys\n"
        f"sys.path.insert(0, {str(BENCHMARKS)!r})\n"
        "import mahjong_rules, bench, card_bench\n"
        "for found in pkgutil.walk_packages(mahjong_rules.__path__, 'mahjong_rules.'):\n"
        "    importlib.import_module(found.name)\n"
        "assert 'mahjong_rules.scenarios.runner' in sys.modules\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"Django was imported: {done.stdout}"
