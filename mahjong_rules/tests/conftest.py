"""Shared setup for the library's tests, run alone (`cd mahjong_rules && pytest`) or inside
the site's suite (`make test` from the site's root).

- The benchmarks live outside the package (benchmarks/) but their random play drives the
  property tests, so that folder and this one (the helpers `scenes`, `fake_engine`) are on
  the import path.
- Every test and doctest of the library is marked `library`: the site's CI runs them in its
  SQLite pass and leaves them out of the PostgreSQL pass (`-m "not library"`), since they
  touch no database.
- Hypothesis profiles as the site's: "dev" (the default) explores afresh each run, "ci"
  (HYPOTHESIS_PROFILE=ci) is derandomized and keeps no example database.
"""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

TESTS = Path(__file__).resolve().parent
LIBRARY = TESTS.parent
for folder in (TESTS, LIBRARY / "benchmarks"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from fake_engine import DEFAULTS, REGISTRY, new_world  # noqa: E402  (needs the path above)
from mahjong_rules.scenarios import runner  # noqa: E402

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci", derandomize=True, database=None, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)  # fmt: skip
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config):
    config.addinivalue_line("markers", "library: a test or doctest of the mahjong_rules package")


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items):
    for item in items:
        if LIBRARY in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.library)


@pytest.fixture
def fake_engine(monkeypatch):
    """Make the runner's default engine the fake one (for code that calls run_text plainly)."""
    engine = runner.Engine(REGISTRY, new_world, DEFAULTS)
    monkeypatch.setattr(runner, "default_engine", lambda: engine)
    return engine
