"""The API tests read the seed content (articles, scenarios, tournaments), imported once per
module; results are shared within a module like the tournament tests' (real engine)."""

import pytest

from pagecache.pages import forget_local_copies
from tests.tournaments.conftest import content, real_results  # noqa: F401


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with no cached page and the generation read afresh."""
    forget_local_copies()
    yield
    forget_local_copies()


@pytest.fixture
def one_window(monkeypatch):
    """The rate limit counts in fixed minutes; a test's few requests on a busy machine could
    straddle a minute's edge and start a fresh count, so the window is made a day long."""
    monkeypatch.setattr("api.throttling.WINDOW", 86_400)
