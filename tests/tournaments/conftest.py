"""Tournament tests run the real engine, except `check_scenarios`' own tests, which ask for the
scenario tests' small fake phrase registry (so they do not depend on today's rulings)."""

import pytest
from django.core.cache import cache
from django.db import transaction
from mahjong_rules.scenarios import runner

from rulings import checks
from tests.library.helpers import DEFAULTS, REGISTRY, new_world
from tests.rulings.conftest import forget_everything
from tests.seeding import seed

from .tournament_factories import editor, td, tournament, user


@pytest.fixture
def fake_engine(monkeypatch):
    """Make the runner's default engine the fake one (for code that calls run_text plainly)."""
    engine = runner.Engine(REGISTRY, new_world, DEFAULTS)
    monkeypatch.setattr(runner, "default_engine", lambda: engine)
    return engine


@pytest.fixture(scope="module")
def real_results():
    """Results depend only on text, engine and options: a module may share them. Start and
    end with an empty cache, so no result from another module's fake engine is read or left."""
    cache.clear()
    checks.remembered.clear()
    yield
    cache.clear()
    checks.remembered.clear()


@pytest.fixture(scope="module")
def content(django_db_setup, django_db_blocker):
    """The fixture content, seeded once for the module and rolled back after it."""
    with django_db_blocker.unblock(), transaction.atomic():
        seed()
        yield
        transaction.set_rollback(True)


@pytest.fixture
def people():
    """One person of each role a tournament page tells apart (ROLES)."""
    return {
        "anonymous": None,
        "member": user("member"),
        "other_director": td("other"),
        "director": td("director"),
        "editor": editor("editor"),
        "staff": user("staff", is_staff=True),
    }


@pytest.fixture
def card_people():
    """A card's keepers and others: two tournaments' directors, an editor, a plain user."""
    owner, other = td("owner"), td("other-td")
    return {
        "owner": owner,
        "other": other,
        "editor": editor("ed"),
        "plain": user("plain"),
        "home": tournament("home-open", directors=[owner]),
        "away": tournament("away-open", directors=[other]),
    }


@pytest.fixture
def no_cached_pages():
    """No page, result or drawing cached before or after the test."""
    forget_everything()
    yield
    forget_everything()
