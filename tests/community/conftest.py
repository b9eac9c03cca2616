"""Fixtures for watching and talk: Article 6, a scenario linked to it, a tournament, people."""

import pytest
from django.contrib.auth.models import Group, User
from django.core.cache import cache
from django.test import Client

from articles.models import Article, RuleSet
from articles.permissions import EDITORS
from pagecache.pages import forget_local_copies
from rulings.models import Scenario

SCENARIO = """Feature: Changing an exposure before the discard
  @article:nmjl-6
  Scenario: The caller rearranges the exposure before discarding
    Given West has discarded 3B
    And South holds 3B 3B
    When South calls the discard
    Then that is allowed
"""


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    forget_local_copies()
    yield
    cache.clear()
    forget_local_copies()


@pytest.fixture
def article(db):
    nmjl = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]
    return Article.objects.create(
        ruleset=nmjl,
        key="nmjl-6",
        number="6",
        title="Changing an exposure",
        ruling="Allowed until the discard.",
        body="The exposure may change until the player discards.",
    )


@pytest.fixture
def scenario(article):
    return Scenario.objects.create(slug="exposure-change", title="", text=SCENARIO)


def make_user(username, *groups, email=None):
    user = User.objects.create_user(
        username, email=email if email is not None else f"{username}@example.org", password="pw"
    )
    for name in groups:
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    return user


@pytest.fixture
def watcher(db):
    return make_user("wanda")


@pytest.fixture
def editor(db):
    return make_user("ada", EDITORS)


@pytest.fixture
def bystander(db):
    return make_user("bob")


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client
