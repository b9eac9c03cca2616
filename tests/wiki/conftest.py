"""Fixtures for the wiki tests: an NMJL article with commentary, editors and a reader."""

import pytest
from django.contrib.auth.models import Group, User

from articles.models import Article, Commentary, Question, RuleSet, Source, Term
from articles.permissions import EDITORS

COMMENTARY = (
    "When a player calls a discard, they must use it once it is racked.\n\n"
    "They can change the exposure until they discard.\n\n"
    "A player who exposes more than one group for one call has a dead hand."
)


@pytest.fixture
def nmjl(db):
    return RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]


@pytest.fixture
def article(nmjl):
    return Article.objects.create(
        ruleset=nmjl,
        key="nmjl-6",
        number="6",
        title="Changing an exposure",
        summary="An exposure may change until the discard.",
        body="The exposure may change until the player discards.",
    )


@pytest.fixture
def commentary(article):
    return Commentary.objects.create(article=article, body=COMMENTARY, author="League editor")


@pytest.fixture
def question(article):
    return Question.objects.create(
        article=article, question="Can they put the tiles back?", answer="Until they discard."
    )


@pytest.fixture
def source(db):
    return Source.objects.create(key="bulletin-2025", publication="nmjl-bulletin", year=2025)


@pytest.fixture
def citation(article, source):
    return article.citations.create(source=source, locator="page 5")


@pytest.fixture
def term(db):
    return Term.objects.create(slug="exposure", term="Exposure", definition="Tiles shown.")


def _user(username, *groups):
    user = User.objects.create_user(username, password="pw", first_name=username.capitalize())
    for name in groups:
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    return user


@pytest.fixture
def editor(db):
    return _user("ada", EDITORS)


@pytest.fixture
def other_editor(db):
    return _user("bea", EDITORS)


@pytest.fixture
def reader(db):
    return _user("rita")


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client


def logged_in(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client
