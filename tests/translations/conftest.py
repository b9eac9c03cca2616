"""An article with three English paragraphs and an editor, for the translations tests."""

import pytest
from django.contrib.auth.models import Group, User
from django.core.cache import cache

from articles.models import Article, RuleSet
from articles.permissions import EDITORS


@pytest.fixture(autouse=True)
def fresh_page_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def article(db):
    ruleset = RuleSet.objects.create(key="matjok", name="Matjok")
    return Article.objects.create(
        ruleset=ruleset,
        key="matjok-test",
        title="Claiming Tiles",
        body="A discard may be claimed.\n\nPriority is tjok first.\n\n> Quoted rule text.",
    )


@pytest.fixture
def editor(db):
    user = User.objects.create_user("eddie", password="pw")
    user.groups.add(Group.objects.get_or_create(name=EDITORS)[0])
    return user


@pytest.fixture
def reader(db):
    return User.objects.create_user("rita", password="pw")
