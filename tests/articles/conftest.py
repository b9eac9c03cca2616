"""Fixtures for the articles tests: the seed content, imported as `make run` imports it."""

import io
from pathlib import Path

import pytest
from django.core.cache import cache

from articles import content

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture(autouse=True)
def fresh_page_cache():
    """Readers' pages are cached; each test starts from an empty cache."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def seed_content(db):
    """The articles app's part of fixtures/: rule sets, sources, the five articles, terms."""
    content.import_content(FIXTURES, stdout=io.StringIO())
