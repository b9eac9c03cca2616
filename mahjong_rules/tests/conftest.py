"""Runner tests use a small fake phrase registry, so they do not depend on the engine."""

import pytest

from rulings.scenarios import runner
from tests.scenarios.fake_engine import DEFAULTS, REGISTRY, new_world


@pytest.fixture
def fake_engine(monkeypatch):
    """Make the runner's default engine the fake one (for code that calls run_text plainly)."""
    engine = runner.Engine(REGISTRY, new_world, DEFAULTS)
    monkeypatch.setattr(runner, "default_engine", lambda: engine)
    return engine
