"""A scenario saved while the database refuses writes comes back in the editor, unsaved."""

import pytest
from django.urls import reverse

from rulings.models import Scenario
from tests.database_failures import database_refuses_writes
from tests.rulings.conftest import CALLING, SCENARIO_CHECKS

pytestmark = SCENARIO_CHECKS

EDITED = CALLING.replace("A pair lets you call", "A pair of 7D lets West call")


@pytest.fixture
def calling(article):
    return Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)


def test_an_edited_scenario_refused_by_the_database_keeps_the_text_in_the_editor(
    client, calling, editor
):
    client.force_login(editor)
    url = reverse("rulings:scenario-edit", args=["calling"])
    form = client.get(url).context["form"]
    data = {"text": EDITED, "summary": "Name the tile", "action": "save"}
    data["base_history_id"] = form["base_history_id"].value()
    with database_refuses_writes("database is locked"):
        response = client.post(url, data)
    assert response.status_code == 503
    page = response.content.decode()
    assert "The database could not save this just now: it was busy." in page
    assert "A pair of 7D lets West call" in page
    calling.refresh_from_db()
    assert calling.text == CALLING
    assert calling.history.count() == 1


def test_a_new_scenario_refused_by_the_database_is_not_created(client, article, editor):
    client.force_login(editor)
    data = {"slug": "pairs", "text": EDITED, "summary": "New", "action": "save"}
    with database_refuses_writes(after=1):
        response = client.post(reverse("rulings:scenario-create"), data)
    assert response.status_code == 503
    assert "A pair of 7D lets West call" in response.content.decode()
    assert not Scenario.objects.filter(slug="pairs").exists()
