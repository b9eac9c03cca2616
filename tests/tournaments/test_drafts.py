"""Drafts: a scenario text that does not run clean is saved, but every reader and machine
keeps the last version that did (article page, matrix, search, tournament JSON, the scenario
list), or nothing for a new one; its writers see it with its problems until it is fixed.

Runs the real engine on the content `make run` loads."""

import pytest
from django.urls import reverse

from articles.models import Article
from rulings.models import Scenario
from search.ranking import search
from tests.tournaments.tournament_factories import editor, user
from tournaments.matrix import matrix_for_article

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results")]

SLUG = "exposure-changes"
CLEAN_NAME = "A pung may become a kong before the caller discards"
DRAFT_NAME = "A pung may become a Zanzibar kong"


def save_text(scenario, text):
    scenario.text = text
    scenario.save()
    return scenario


def renamed(text):
    """The first scenario renamed: still clean."""
    return text.replace(CLEAN_NAME, DRAFT_NAME, 1)


def failing_edit(text):
    """The first scenario renamed, and its ruling asserted the wrong way round."""
    text = renamed(text)
    allowed = text.index("Then that is allowed", text.index(DRAFT_NAME))
    return text[:allowed] + "Then that is refused" + text[allowed + len("Then that is allowed") :]


def scenario_hits(words):
    return [hit.url for hit in search(words).hits if hit.kind == "scenario"]


def article_page(client):
    return client.get(reverse("articles:detail", args=["nmjl-6"])).content.decode()


def test_a_failing_edit_is_saved_as_a_draft_and_readers_keep_the_last_clean_version(
    client, content
):
    scenario = Scenario.objects.get(slug=SLUG)
    clean = scenario.text
    save_text(scenario, failing_edit(clean))
    stored = Scenario.objects.get(slug=SLUG)
    assert stored.is_draft and DRAFT_NAME in stored.text  # nothing typed is lost
    assert stored.published_text == clean

    page = article_page(client)
    assert CLEAN_NAME in page and DRAFT_NAME not in page
    matrix = matrix_for_article(Article.objects.get(key="nmjl-6"))
    names = [row.name for row in matrix.rows]
    assert CLEAN_NAME in names and DRAFT_NAME not in names
    assert scenario_hits("Zanzibar") == []
    assert scenario_hits("pung may become a kong before the caller discards")
    prairie = client.get(reverse("tournaments:tournament-json", args=[PRAIRIE])).json()
    rulings = [ruling["name"] for ruling in prairie["rulings"]]
    assert CLEAN_NAME in rulings and DRAFT_NAME not in rulings


PRAIRIE = "prairie-winds-classic-2027"


def test_fixing_the_draft_publishes_it_everywhere(client, content):
    scenario = Scenario.objects.get(slug=SLUG)
    clean = scenario.text
    save_text(scenario, failing_edit(clean))
    fixed = renamed(clean)
    save_text(scenario, fixed)
    stored = Scenario.objects.get(slug=SLUG)
    assert not stored.is_draft and stored.published_text == fixed
    page = article_page(client)
    assert DRAFT_NAME in page and CLEAN_NAME not in page
    assert scenario_hits("Zanzibar") == [stored.get_absolute_url()]


NEVER_CLEAN = "@article:nmjl-6\nFeature: Half written Quokka check\n  Scenario: x\n    Givn oops\n"


def test_a_new_text_that_does_not_parse_is_saved_and_shown_to_its_writers_only(client, content):
    made = Scenario.objects.create(slug="half-written", title="", text=NEVER_CLEAN)
    assert made.is_draft and made.published_text == ""
    assert "Quokka" not in article_page(client)
    assert scenario_hits("Quokka") == []
    assert client.get(made.get_absolute_url()).status_code == 404
    assert "Quokka" not in client.get(reverse("rulings:scenario-list")).content.decode()

    client.force_login(editor("writer"))
    page = client.get(made.get_absolute_url()).content.decode()
    assert "A draft: it does not run clean yet" in page
    assert "Readers do not see it until it runs clean." in page
    assert "Givn oops" in page


def test_the_drafts_list_shows_each_draft_with_what_needs_work_to_its_writers(client, content):
    scenario = Scenario.objects.get(slug=SLUG)
    save_text(scenario, failing_edit(scenario.text))
    Scenario.objects.create(slug="half-written", title="", text=NEVER_CLEAN)
    drafts_url = reverse("rulings:drafts")
    assert client.get(drafts_url).status_code == 302  # to log in
    client.force_login(user("reader"))
    assert client.get(drafts_url).status_code == 403

    client.force_login(editor("writer"))
    page = client.get(drafts_url).content.decode()
    assert "Half written Quokka check" in page and "nothing yet" in page
    assert f"“{DRAFT_NAME}” has a step that fails." in page
    assert "the last clean version" in page
    listing = client.get(reverse("rulings:scenario-list")).content.decode()
    assert f'<a href="{drafts_url}">Checks that need work</a> (2)' in listing
