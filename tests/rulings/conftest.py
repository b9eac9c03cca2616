"""Fixtures for the scenario-check tests: a tiny phrase registry of their own, so they test
the site's side (cache, drawing, pages, editor) whatever the real engine rules today.

Nothing here is autouse: a module asks for them with ``pytestmark = SCENARIO_CHECKS``."""

import pytest
from django.contrib.auth.models import Group, User
from django.core.cache import cache
from mahjong_rules.engine.verdicts import Verdict
from mahjong_rules.scenarios import runner
from mahjong_rules.scenarios.registry import Registry, StepFailed

from articles.models import Article, RuleSet
from pagecache import pages as page_cache
from rulings import checks
from rulings.models import Scenario


class World:
    def __init__(self, options=None):
        self.options = dict(options or {})
        self.racks = {"East": [], "South": [], "West": [], "North": []}
        self.verdict = None


def build_registry():
    registry = Registry()

    @registry.given("{seat} holds {tiles}", example="West holds 7D 7D", help="tiles in hand")
    def holds(world, seat, tiles):
        world.racks[seat].extend(tiles)

    @registry.when("{seat} calls {tile}", example="West calls 7D", help="call a discard")
    def calls(world, seat, tile):
        pair = world.racks[seat].count(tile) >= 2
        world.verdict = Verdict(pair, "call_needs_a_pair", "nmjl-calling", "A call needs a pair.")
        return world.verdict

    @registry.then("that is allowed", example="that is allowed", help="the last verdict")
    def allowed(world):
        if not world.verdict.allowed:
            raise StepFailed("It was refused.")

    @registry.then("that is refused", example="that is refused", help="the last verdict")
    def refused(world):
        if world.verdict.allowed:
            raise StepFailed("It was allowed.")

    return registry


RUNS = []
# What every scenario-check test module uses: a database, the small engine, an empty cache.
SCENARIO_CHECKS = [pytest.mark.django_db, pytest.mark.usefixtures("fake_engine", "empty_cache")]


@pytest.fixture
def fake_engine(monkeypatch):
    """The runner's default engine becomes the small one above; RUNS counts real runs."""
    engine = runner.Engine(build_registry(), World, {})
    monkeypatch.setattr(runner, "default_engine", lambda: engine)
    original = runner.run_text

    def counted_run_text(text, *args, **kwargs):
        RUNS.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(runner, "run_text", counted_run_text)
    RUNS.clear()
    return engine


def forget_everything():
    """Empty the shared cache and this process's copies of cached results and pages."""
    cache.clear()
    checks.remembered.clear()
    page_cache.forget_local_copies()


@pytest.fixture
def empty_cache():
    forget_everything()
    yield
    forget_everything()


def shown_though_it_fails(slug, text, title=None):
    """A check readers see although it does not run clean today: it ran clean when it was
    saved, and the engine has ruled differently since (a new ENGINE_VERSION). Saving such a
    text now keeps it a draft, so its row is written as that engine change leaves it."""
    made = Scenario.objects.create(slug=slug, title=title or slug.capitalize(), text=text)
    assert made.is_draft  # saved today, it would wait for its writers
    Scenario.objects.filter(pk=made.pk).update(
        published_text=text, published_title=made.title, is_draft=False
    )
    return Scenario.objects.get(pk=made.pk)


@pytest.fixture
def runs():
    return RUNS


@pytest.fixture
def ruleset(db):
    return RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]


@pytest.fixture
def article(ruleset):
    return Article.objects.create(ruleset=ruleset, key="nmjl-calling", title="Calling")


@pytest.fixture
def other_article(ruleset):
    return Article.objects.create(ruleset=ruleset, key="nmjl-6", number="6", title="Exposures")


@pytest.fixture
def editor(db):
    user = User.objects.create_user("editor", password="pw-for-tests")
    user.groups.add(Group.objects.get_or_create(name="Editors")[0])
    return user


@pytest.fixture
def reader(db):
    return User.objects.create_user("reader", password="pw-for-tests")


CALLING = """@article:nmjl-calling
Feature: Calling a discard
  Scenario: A pair lets you call
    Given West holds 7D 7D
    When West calls 7D
    Then that is allowed

  Scenario: A single tile does not
    Given West holds 7 Dots
    When West calls 7D
    Then that is refused
"""

OUTLINE = """@article:nmjl-calling
Feature: Calls by the size of the pair
  Scenario Outline: Calling with <held>
    Given West holds <held>
    When West calls 7D
    Then that is <verdict>

    Examples:
      | held     | verdict |
      | 7D 7D    | allowed |
      | 7D       | refused |
      | 7D       | allowed |
"""

MISTYPED = """@article:nmjl-calling
Feature: A slip of the keyboard
  Scenario: Calling
    Given West holds 7D 7D
    When West calss 7D
    Then that is allowed
"""


def checks_section(article, printed=False):
    """The "Scenario checks" section among those `rulings` adds to an article page (the
    others, how rulings changed and where sources disagree, are tested on their own): each
    check's light line, or, `printed`, as the print view (`?print=1`) draws every one whole."""
    from django.test import RequestFactory

    from articles.page import ArticlePage
    from rulings.article_sections import sections

    request = RequestFactory().get("/", {"print": "1"}) if printed else None
    made = sections(ArticlePage(article, request))
    return next(s for s in made if s.template == "rulings/_article_checks.html")
