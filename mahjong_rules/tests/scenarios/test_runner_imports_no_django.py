"""The runner, its parser and its report are plain Python: importing them loads no Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_runner_parser_and_report_import_no_django():
    code = (
        "import sys\n"
        "import rulings.scenarios.runner, rulings.scenarios.parsing, rulings.scenarios.report\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""
