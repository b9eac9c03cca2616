"""Who may write scenarios: editors and tournament directors (the scenario language's contract:
"Tournament directors write and edit these"); anonymous visitors log in, others are refused."""

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from rulings.models import Scenario
from tests.rulings.conftest import CALLING, SCENARIO_CHECKS

pytestmark = SCENARIO_CHECKS

CHECK = "/scenarios/check/"
NEW = CALLING.replace("Feature: Calling a discard", "Feature: Calling, as a TD wrote it")


@pytest.fixture
def calling(article):
    return Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)


@pytest.fixture
def director(db):
    user = User.objects.create_user("director", password="pw-for-tests")
    user.groups.add(Group.objects.get_or_create(name="Tournament directors")[0])
    return user


def edit_url():
    return reverse("rulings:scenario-edit", args=["calling"])


def test_a_tournament_director_may_create_a_scenario(client, article, director):
    client.force_login(director)
    assert client.get(reverse("rulings:scenario-create")).status_code == 200
    response = client.post(
        reverse("rulings:scenario-create"), {"slug": "td-calling", "text": NEW, "action": "save"}
    )
    assert response.status_code == 302
    assert Scenario.objects.get(slug="td-calling").title == "Calling, as a TD wrote it"


def test_a_tournament_director_may_edit_a_scenario_and_check_it_live(client, calling, director):
    client.force_login(director)
    form = client.get(edit_url()).context["form"]
    data = {name: form[name].value() or "" for name in ("text", "summary", "base_history_id")}
    data["text"] = CALLING.replace("A pair lets you call", "A pair calls")
    assert client.post(edit_url(), {**data, "action": "save"}).status_code == 302
    calling.refresh_from_db()
    assert "Scenario: A pair calls" in calling.text
    assert client.post(CHECK, {"text": CALLING}).status_code == 200


def test_an_editor_may_still_edit_a_scenario(client, calling, editor):
    client.force_login(editor)
    assert client.get(edit_url()).status_code == 200
    assert client.post(CHECK, {"text": CALLING}).status_code == 200


def test_the_scenario_pages_offer_a_tournament_director_the_edit_links(client, calling, director):
    client.force_login(director)
    assert "Edit this scenario" in client.get(calling.get_absolute_url()).content.decode()
    listing = client.get(reverse("rulings:scenario-list")).content.decode()
    assert "Write a new scenario" in listing


def test_an_anonymous_visitor_is_sent_to_log_in_to_write_a_scenario(client, calling):
    for url in (edit_url(), reverse("rulings:scenario-create")):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    assert client.post(CHECK, {"text": CALLING}).status_code == 403


def test_a_user_in_neither_group_is_refused_with_the_reason(client, calling, reader):
    client.force_login(reader)
    response = client.get(edit_url())
    assert response.status_code == 403
    assert "Editors or the Tournament directors group" in response.content.decode()
    assert client.post(reverse("rulings:scenario-create"), {"text": NEW}).status_code == 403
    assert client.post(CHECK, {"text": CALLING}).status_code == 403
    assert "Calling, as a TD" not in Scenario.objects.get(slug="calling").text
