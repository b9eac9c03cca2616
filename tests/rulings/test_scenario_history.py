"""A scenario's history on the site: every version with who, when and why; any two compared
word by word; an old one restored as a new version by those who may write scenarios."""

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from rulings.models import Scenario
from tests.rulings.conftest import CALLING, SCENARIO_CHECKS

pytestmark = SCENARIO_CHECKS

REWORDED = CALLING.replace("A pair lets you call", "A pair is enough to call")


@pytest.fixture
def director(db):
    user = User.objects.create_user("director", password="pw-for-tests")
    user.groups.add(Group.objects.get_or_create(name="Tournament directors")[0])
    return user


@pytest.fixture
def calling(article, editor):
    scenario = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    scenario.text = REWORDED
    scenario._change_reason = "Say it plainly"
    scenario._history_user = editor
    scenario.save()
    return scenario


def url(name, *args):
    return reverse(f"rulings:scenario-{name}", args=["calling", *args])


def test_the_history_lists_every_version_with_who_what_and_the_summary(client, calling):
    html = client.get(url("history")).content.decode()
    rows = html[html.index("<tbody>") :]
    assert "changed the text" in rows and "Say it plainly" in rows and "editor" in rows
    assert "created" in rows and "import or system" in rows
    assert rows.index("changed the text") < rows.index("created")  # newest first
    assert html.count('name="from"') == 2


def test_the_scenario_page_links_its_history(client, calling):
    assert url("history") in client.get(calling.get_absolute_url()).content.decode()


def test_comparing_two_versions_shows_the_text_word_by_word(client, calling):
    html = client.get(url("compare") + "?a=2&b=1").content.decode()
    assert "A pair <del>lets you</del><ins>is enough to</ins> call" in html
    assert "Title <small>(unchanged)</small>" in html
    assert "Linked articles <small>(unchanged)</small>" in html


@pytest.mark.parametrize("query", ["", "?a=1&b=1", "?a=one&b=2", "?a=1&b=3", "?a=-1&b=2"])
def test_comparing_garbled_versions_goes_back_to_the_history(client, calling, query):
    response = client.get(url("compare") + query)
    assert (response.status_code, response["Location"]) == (302, url("history"))


@pytest.mark.parametrize("who", ["editor", "director"])
def test_a_scenario_writer_restores_an_old_text_as_a_new_version(client, calling, who, request):
    client.force_login(request.getfixturevalue(who))
    page = client.get(url("restore", 1))
    assert "A pair <del>is enough to</del><ins>lets you</ins> call" in page.content.decode()
    latest = page.context["latest"]  # the number of versions the page showed
    response = client.post(url("restore", 1), {"latest": latest})
    assert (response.status_code, response["Location"]) == (302, url("history"))
    calling.refresh_from_db()
    assert calling.text == CALLING
    entries = list(calling.history.order_by("history_id"))
    assert len(entries) == 3  # created, reworded, restored: nothing rewritten
    assert [e.text for e in entries] == [CALLING, REWORDED, CALLING]
    assert entries[-1].history_change_reason.startswith("Restored version 1 (saved ")
    assert list(calling.articles.values_list("key", flat=True)) == ["nmjl-calling"]


@pytest.mark.parametrize("who", ["anonymous", "reader"])
def test_others_may_read_the_history_but_not_restore(client, calling, who, request):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(url("history")).status_code == 200
    response = client.post(url("restore", 1), {"latest": calling.history.count()})
    if who == "anonymous":
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    else:
        assert response.status_code == 403
    calling.refresh_from_db()
    assert calling.text == REWORDED


def test_a_restore_confirmed_after_someone_saved_changes_nothing(client, calling, editor):
    client.force_login(editor)
    started_from = calling.history.count()
    calling.text = CALLING.replace("A single tile does not", "One tile is not enough")
    calling.save()
    response = client.post(url("restore", 1), {"latest": started_from})
    assert response.status_code == 409
    assert "Nothing was restored" in response.content.decode()
    assert calling.history.count() == 3


def test_restoring_the_text_it_already_has_saves_nothing(client, calling, editor):
    client.force_login(editor)
    client.post(url("restore", 2), {"latest": calling.history.count()})
    assert calling.history.count() == 2


def test_a_version_that_does_not_exist_is_not_found(client, calling, editor):
    client.force_login(editor)
    assert client.get(url("restore", 9)).status_code == 404
    assert client.get(reverse("rulings:scenario-history", args=["nothing"])).status_code == 404
