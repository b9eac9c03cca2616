"""A tournament director whose save the database refuses gets the form back with their text
and a plain message; nothing of the save is kept."""

import pytest
from django.urls import reverse

from tests.database_failures import database_refuses_writes
from tournaments.models import HouseRule, Tournament

from .tournament_factories import house_rule, nmjl, opened, td, tournament

pytestmark = pytest.mark.django_db

RULE = "A tile touched while racking is a taken tile."


@pytest.fixture
def director(client):
    made = td("director")
    client.force_login(made)
    return made


@pytest.fixture
def spring_open(director):
    return tournament("spring-open", directors=[director])


def refused_plainly(response):
    page = response.content.decode()
    return (
        response.status_code == 503
        and "The database could not save this just now: it is read-only." in page
    )


def test_a_house_rule_added_while_the_database_is_read_only_keeps_its_text(client, spring_open):
    url = reverse("tournaments:house-rule-add", args=[spring_open.slug])
    with database_refuses_writes():
        response = client.post(url, {"text": RULE, "position": 1})
    assert refused_plainly(response)
    assert RULE in response.content.decode()
    assert not HouseRule.objects.exists()


def test_a_house_rule_edited_while_the_database_is_read_only_is_not_changed(client, spring_open):
    rule = house_rule(spring_open, "Call with a pair.")
    url = reverse("tournaments:house-rule-edit", args=[spring_open.slug, rule.pk])
    with database_refuses_writes():
        response = client.post(url, {"text": RULE, "position": 1, **opened(rule)})
    assert refused_plainly(response)
    assert RULE in response.content.decode()
    rule.refresh_from_db()
    assert rule.text == "Call with a pair."


def test_removing_a_house_rule_while_the_database_is_read_only_keeps_it(client, spring_open):
    rule = house_rule(spring_open, "Call with a pair.")
    url = reverse("tournaments:house-rule-delete", args=[spring_open.slug, rule.pk])
    with database_refuses_writes():
        response = client.post(url, opened(rule))
    assert response.status_code == 503
    assert "could not save this just now: it is read-only" in response.content.decode()
    assert HouseRule.objects.filter(pk=rule.pk).exists()


def test_tournament_details_saved_while_the_database_is_read_only_keep_the_text(
    client, spring_open
):
    url = reverse("tournaments:tournament-edit", args=[spring_open.slug])
    data = {"name": "Spring Open, renamed", "slug": "spring-open", "ruleset": nmjl().pk}
    with database_refuses_writes():
        response = client.post(
            url, {**data, "base_rules": "League rules as of 2027.", **opened(spring_open)}
        )
    assert refused_plainly(response)
    assert "Spring Open, renamed" in response.content.decode()
    spring_open.refresh_from_db()
    assert spring_open.name == "Spring Open"


def test_a_new_tournament_refused_by_the_database_is_not_half_made(client, director):
    """The tournament row goes in, its director link does not: neither is kept."""
    data = {"name": "Autumn Open", "slug": "autumn-open", "ruleset": nmjl().pk, "base_rules": "x"}
    with database_refuses_writes(after=1):
        response = client.post(reverse("tournaments:tournament-new"), data)
    assert response.status_code == 503
    assert "Autumn Open" in response.content.decode()
    assert not Tournament.objects.filter(slug="autumn-open").exists()


def test_a_confirmed_publish_the_database_refuses_publishes_nothing_and_says_so(
    client, spring_open
):
    house_rule(spring_open, "Call with a pair.")
    url = reverse("tournaments:tournament-publish", args=[spring_open.slug])
    working_copy = client.get(url).context["working_copy"]
    with database_refuses_writes():
        response = client.post(url, {"confirm": "yes", "working_copy": working_copy})
    assert refused_plainly(response)
    assert not spring_open.versions.exists()
