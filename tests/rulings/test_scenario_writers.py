"""Who may write scenarios: editors and tournament directors (the scenario language's contract:
"Tournament directors write and edit these"); anonymous visitors log in, others are refused."""

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from mahjong_rules.scenarios.parsing import MAX_TEXT_CHARS

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


# --- One length limit: the runner's, on the web as on the command line ----------------------


def long_text(length):
    """CALLING padded with description lines to exactly `length` characters."""
    head, _, rest = CALLING.partition("\n  Scenario:")
    filler = length - len(CALLING) - 1
    return (
        head
        + "\n"
        + ("  " + "x" * 76 + "\n") * (filler // 79)
        + " " * (filler % 79)
        + ("\n  Scenario:" + rest)
    )


def test_a_text_longer_than_the_old_web_cap_but_within_the_runners_is_saved(
    client, article, editor
):
    client.force_login(editor)
    text = long_text(60_000)
    assert 50_000 < len(text) <= MAX_TEXT_CHARS
    assert client.post(CHECK, {"text": text}).status_code == 200
    response = client.post(
        reverse("rulings:scenario-create"), {"slug": "long-one", "text": text, "action": "save"}
    )
    assert response.status_code == 302
    assert len(Scenario.objects.get(slug="long-one").text) == len(text)


def test_a_text_over_the_runners_cap_is_refused_on_the_web_with_the_limit_named(
    client, article, editor
):
    client.force_login(editor)
    text = long_text(MAX_TEXT_CHARS + 1)
    response = client.post(CHECK, {"text": text})
    assert response.status_code == 400
    assert f"{MAX_TEXT_CHARS:,}" in response.json()["error"]
    saved = client.post(
        reverse("rulings:scenario-create"), {"slug": "too-long", "text": text, "action": "save"}
    )
    assert saved.status_code == 200
    assert not Scenario.objects.filter(slug="too-long").exists()
