"""The engine and the scenario language are plain Python: they must never import Django."""

import subprocess
import sys


def test_engine_and_step_bindings_import_no_django():
    code = (
        "import sys; import rulings.engine, rulings.engine.bench, rulings.scenarios.steps; "
        "import rulings.engine.cards, rulings.engine.cards.bench; "
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, f"Django was imported: {done.stdout}{done.stderr}"
