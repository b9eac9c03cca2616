"""A tournament's language: its house rules are written in it, so its sheet (on screen and
printed) and its offline copy are in it too, whatever language the reader browses in."""

import io
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import content as tournament_content
from tournaments.models import Tournament

from .tournament_factories import desk_form, td, tournament

pytestmark = pytest.mark.django_db

HARBOUR = "harbour-lights-open-2027"


@pytest.fixture
def dutch_harbour(content):
    harbour = Tournament.objects.get(slug=HARBOUR)
    harbour.language = "nl"
    harbour.save()
    return harbour


def _manifest(client, path):
    return client.get(path).json()


def test_a_dutch_tournaments_offline_copy_keeps_every_page_at_its_dutch_address(dutch_harbour):
    for asked_from in ("", "/nl"):  # whichever language the button was pressed in
        kept = _manifest(Client(), f"{asked_from}/offline/{HARBOUR}.json")
        assert kept["pages"][0] == f"/nl/tournaments/{HARBOUR}/"
        assert all(page.startswith("/nl/") for page in [*kept["pages"], kept["fallback"]])
    first = Client().get(kept["pages"][0]).content.decode()
    assert '<html lang="nl"' in first


def test_an_english_tournaments_copy_stays_english_though_asked_from_a_dutch_page(content):
    kept = _manifest(Client(), f"/nl/offline/{HARBOUR}.json")
    assert kept["pages"][0] == f"/tournaments/{HARBOUR}/"
    assert not any(page.startswith("/nl/") for page in kept["pages"])


def test_offline_a_dutch_copy_answers_the_english_address_of_a_kept_page():
    worker = Client().get(reverse("toolkit:service-worker")).content.decode()
    assert 'const LANGUAGE_PREFIXES = ["/nl"];' in worker
    assert "matchAnyLanguage(await caches.open(name), request)" in worker


def test_a_dutch_tournaments_sheet_is_dutch_on_the_english_page_and_its_code_opens_the_dutch_one(
    dutch_harbour,
):
    page = Client().get(f"/tournaments/{HARBOUR}/").content.decode()
    assert '<html lang="en"' in page
    sheet = page[page.index('<article class="house-rules-sheet"') :]
    assert sheet.startswith('<article class="house-rules-sheet" lang="nl"')
    printed = re.search(r'<span class="printed-url">([^<]+)</span>', sheet).group(1)
    assert printed.endswith(f"/nl/t/{HARBOUR}/2/")


def test_an_english_tournaments_sheet_stays_english_on_the_dutch_page(content):
    page = Client().get(f"/nl/tournaments/{HARBOUR}/").content.decode()
    assert '<html lang="nl"' in page
    assert '<article class="house-rules-sheet" lang="en"' in page


def test_a_director_sets_the_language_and_the_history_names_it():
    director = td("dora")
    event = tournament("harbour-open", directors=[director])
    client = Client()
    client.force_login(director)
    edit = reverse("tournaments:tournament-edit", args=[event.slug])
    assert '<option value="nl">Nederlands</option>' in client.get(edit).content.decode()
    assert client.post(edit, desk_form(event, language="nl")).status_code == 302
    event.refresh_from_db()
    assert event.language == "nl"
    history = client.get(reverse("tournaments:tournament-history", args=[event.slug]))
    assert history.status_code == 200
    compare = client.get(
        reverse("tournaments:tournament-compare", args=[event.slug]), {"from": 1, "to": 2}
    )
    assert "Language: Nederlands" in compare.content.decode()


def test_a_post_without_the_language_keeps_the_tournaments_and_an_unknown_one_is_refused():
    director = td("dora")
    event = tournament("harbour-open", directors=[director], language="nl")
    client = Client()
    client.force_login(director)
    edit = reverse("tournaments:tournament-edit", args=[event.slug])
    without = {k: v for k, v in desk_form(event, place="Albina").items() if k != "language"}
    assert client.post(edit, without).status_code == 302
    event.refresh_from_db()
    assert (event.place, event.language) == ("Albina", "nl")
    refused = client.post(edit, desk_form(event, language="fr"))
    assert refused.status_code == 200 and "fr is not one of the available choices" in (
        refused.content.decode()
    )


def test_the_language_goes_into_the_tournaments_file_only_when_it_is_not_english(
    dutch_harbour, tmp_path
):
    tournament_content.export_content(tmp_path, io.StringIO())
    folder = tmp_path / "tournaments"
    assert json.loads((folder / f"{HARBOUR}.json").read_text())["language"] == "nl"
    other = json.loads((folder / "prairie-winds-classic-2027.json").read_text())
    assert "language" not in other

    dutch_harbour.language = "en"
    dutch_harbour.save()
    tournament_content.import_content(tmp_path, io.StringIO())
    dutch_harbour.refresh_from_db()
    assert dutch_harbour.language == "nl"
