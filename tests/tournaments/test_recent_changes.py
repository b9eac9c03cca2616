"""Recent changes (/changes/) lists scenario and tournament versions beside the wiki's, each
linking to its history; a draft tournament's changes only for those who may see the draft,
and a published one's working copy (its saves since) only for its directors and staff:
everyone else reads what players read changed, its publishes and withdrawals."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from articles.models import Article
from rulings.models import Scenario
from tournaments.versions import publish, withdraw
from versions.recent import recent_changes

from .tournament_factories import ROLES, article, house_rule, tournament

pytestmark = pytest.mark.django_db

MAY_SEE_DRAFT = {"director", "staff"}
CALLING = """@article:nmjl-calling
Feature: Calling a discard
  Scenario: A pair lets you call
    Given West holds 7D 7D
"""


def changes_page(client):
    return client.get(reverse("articles:recent-changes")).content.decode()


def test_recent_changes_list_scenarios_tournaments_house_rules_publishing_and_withdrawals(
    client, people
):
    article("nmjl-calling")
    Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    harbour = tournament("harbour-open", name="Harbour Open", directors=[people["director"]])
    house_rule(harbour, "A touched tile is a taken tile.")
    publish(harbour, people["director"])
    house_rule(harbour, "One joker exchange at a time.")
    publish(harbour, people["director"])
    withdraw(harbour.versions.get(number=2), people["director"], "Published too early.")

    html = changes_page(client)
    assert "Scenario: Calling a discard" in html
    assert reverse("rulings:scenario-history", args=["calling"]) in html
    assert "Tournament: Harbour Open" in html and "House rule of Harbour Open" not in html
    client.force_login(people["director"])
    assert "House rule of Harbour Open" in changes_page(client)
    html = changes_page(client)
    assert reverse("tournaments:tournament-history", args=["harbour-open"]) in html
    assert "published version 1" in html and "published version 2" in html
    assert "withdrew version 2" in html and "Published too early." in html
    # Newest first: the withdrawal came last.
    assert html.index("withdrew version 2") < html.index("published version 2")


@pytest.mark.parametrize("role", ROLES)
def test_a_drafts_changes_are_listed_only_for_those_who_may_see_the_draft(client, people, role):
    draft = tournament("secret-draft", name="Secret Draft", directors=[people["director"]])
    house_rule(draft, "A rule nobody may read yet.")
    if people[role] is not None:
        client.force_login(people[role])
    html = changes_page(client)
    shown = role in MAY_SEE_DRAFT
    assert ("Tournament: Secret Draft" in html) == shown
    assert ("House rule of Secret Draft" in html) == shown


def test_a_deleted_scenario_is_listed_without_a_link(client):
    article("nmjl-calling")
    scenario = Scenario.objects.create(slug="gone", title="Gone soon", text=CALLING)
    scenario.delete()
    html = changes_page(client)
    assert "Scenario: Gone soon" in html
    assert reverse("rulings:scenario-history", args=["gone"]) not in html


def test_a_published_tournaments_working_copy_is_listed_only_for_its_directors_and_staff(
    client, people
):
    harbour = tournament("harbour-open", name="Harbour Open", directors=[people["director"]])
    publish(harbour, people["director"])
    house_rule(harbour, "A rule players do not read yet.")
    for role in ROLES:
        client.logout()
        if people[role] is not None:
            client.force_login(people[role])
        html = changes_page(client)
        assert "published version 1" in html, role
        assert ("House rule of Harbour Open" in html) == (role in MAY_SEE_DRAFT), role


def test_the_wiki_kinds_alone_leave_the_other_apps_out(people):
    harbour = tournament("harbour-open", status="published")
    house_rule(harbour, "A touched tile is a taken tile.")
    assert recent_changes(models={Article}, user=people["staff"]) == []
    # The tournament's rows, when every kind is asked for (its working copy: staff's).
    assert recent_changes(user=people["staff"])


def test_recent_changes_cost_the_same_queries_however_many_tournaments(client, people):
    harbour = tournament("harbour-open", name="Harbour Open", directors=[people["director"]])
    publish(harbour, people["director"])
    changes_page(client)
    with CaptureQueriesContext(connection) as few:
        changes_page(client)
    for n in range(5):
        more = tournament(f"open-{n}", directors=[people["director"]])
        house_rule(more, f"Rule {n}.")
        publish(more, people["director"])
    with CaptureQueriesContext(connection) as many:
        html = changes_page(client)
    assert "Tournament: Open 4" in html
    assert len(many.captured_queries) == len(few.captured_queries)
