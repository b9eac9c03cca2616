"""Tournament tests run the real engine, except `check_scenarios`' own tests, which ask for the
scenario tests' small fake phrase registry (so they do not depend on today's rulings)."""

import pytest

from rulings.scenarios import runner
from tests.scenarios.fake_engine import DEFAULTS, REGISTRY, new_world


@pytest.fixture
def fake_engine(monkeypatch):
    """Make the runner's default engine the fake one (for code that calls run_text plainly)."""
    engine = runner.Engine(REGISTRY, new_world, DEFAULTS)
    monkeypatch.setattr(runner, "default_engine", lambda: engine)
    return engine
