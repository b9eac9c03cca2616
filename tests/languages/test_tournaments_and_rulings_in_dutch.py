"""Tournament pages, scenario checks and the hand check in Dutch under /nl/: the pages' own
words, the rules engine's fixed words (Toegestaan / Niet toegestaan, a check's state, tile
names), a form's error and a message; English stays the default, and the tournament's and
the scenarios' own text (content) and tile codes are never translated."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation

from rulings import option_words, reader_words
from rulings.checks import remembered
from tournaments.chosen import COOKIE_NAME
from tournaments.models import Tournament

from ..tournaments.tournament_factories import td

pytestmark = pytest.mark.django_db

HARBOUR = "harbour-lights-open-2027"
HARBOUR_NAME = "Harbour Lights Mah Jongg Open 2027"


@pytest.fixture(autouse=True)
def nothing_stored():
    """No page or drawing kept from another test (nor left for the next)."""
    cache.clear()
    remembered.clear()
    yield
    cache.clear()
    remembered.clear()


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_a_tournament_page_reads_in_dutch_around_its_sheet_in_the_tournaments_language(content):
    dutch = text(Client().get(f"/nl/tournaments/{HARBOUR}/"))
    assert "Hoe deze huisregels de uitspraken veranderen" in dutch
    assert "Dit regelblad als JSON" in dutch
    assert '<h2 id="rules-title">House rules</h2>' in dutch  # an English tournament's handout
    assert HARBOUR_NAME in dutch  # its name is content: as its director typed it
    english = text(Client().get(f"/tournaments/{HARBOUR}/"))
    assert "How these house rules change the rulings" in english and "Huisregels" not in english


def test_a_dutch_tournaments_sheet_is_in_dutch_on_every_page(content):
    Tournament.objects.filter(slug=HARBOUR).update(language="nl")
    sheet = text(Client().get(f"/tournaments/{HARBOUR}/"))
    assert '<h2 id="rules-title">Huisregels</h2>' in sheet and "Basisregels" in sheet
    assert "Geen huisregels" not in sheet and "De uitspraken die ze verandert:" in sheet


def test_a_ruling_at_the_chosen_tournament_answers_in_dutch_under_nl(content):
    client = Client()
    client.cookies[COOKIE_NAME] = HARBOUR
    dutch = text(client.get("/nl/articles/nmjl-exposure-answer/"))
    assert f"Bij {HARBOUR_NAME}: Nee. A touched tile is a taken tile (huisregel 1)" in dutch
    assert "Niet toegestaan:" in dutch and "Regels van de League:" in dutch


def test_the_scenario_list_and_a_scenario_page_give_their_verdicts_in_dutch(content):
    listed = text(Client().get("/nl/scenarios/"))
    assert "<h1>Scenariocontroles</h1>" in listed and "controles" in listed
    page = text(Client().get("/nl/scenarios/exposure-changes/"))
    assert "Toegestaan" in page or "Niet toegestaan" in page
    assert "Voor scenarioschrijvers" in page
    english = text(Client().get("/scenarios/exposure-changes/"))
    assert "For scenario authors" in english and "Voor scenarioschrijvers" not in english


def test_a_drawing_is_kept_apart_for_each_language(content):
    """A scenario's drawing is cached: the Dutch one never shows on the English page."""
    first = text(Client().get("/nl/scenarios/exposure-changes/"))
    then = text(Client().get("/scenarios/exposure-changes/"))
    assert "Voor scenarioschrijvers" in first and "Voor scenarioschrijvers" not in then


def test_the_hand_check_answers_in_dutch_and_names_its_tiles_in_dutch(content):
    page = text(Client().get("/nl/hand/", {"tiles": "2C 2C 7D"}))
    assert "3 stenen: nog geen hand (een hand heeft er 14)." in page
    assert 'alt="7 Cirkels"' in page and 'data-tile="7D"' in page  # the code stays
    assert 'data-say-put-up="Neerleggen"' in page  # the script's words, for offline use
    answer = Client().get("/nl/hand/check.json", {"tiles": "2C XX"}).json()
    assert answer["error"].startswith('De stenen: "XX" is geen steen: schrijf een korte code')
    english = Client().get("/hand/check.json", {"tiles": "2C XX"}).json()
    assert english["error"].startswith('The tiles: "XX" is not a tile: write a short code')


def test_a_house_rule_form_error_and_the_message_after_a_save_are_in_dutch(content):
    director = td("nl-director")
    event = Tournament.objects.get(slug=HARBOUR)
    event.directors.add(director)
    client = Client()
    client.force_login(director)
    with translation.override("nl"):  # the Dutch addresses: /nl/…
        edit = reverse("tournaments:tournament-edit", args=[HARBOUR])
        add = reverse("tournaments:house-rule-add", args=[HARBOUR]) + "?plain=1"
    refused = client.post(edit, {"slug": "new"})
    assert "gereserveerd; kies een ander adres" in refused.content.decode()
    saved = client.post(
        add,
        {"text": "Phones stay off the table.", "position": "9"},
        follow=True,
    )
    assert "Huisregel toegevoegd. Publiceer om haar de regel te maken" in saved.content.decode()


def test_the_engines_fixed_words_are_translated_by_what_they_are_not_by_their_english():
    with translation.override("nl"):
        assert reader_words.verdict_word("allowed") == "Toegestaan"
        assert reader_words.verdict_word("refused") == "Niet toegestaan"
        assert reader_words.seat_word("North") == "Noord" and reader_words.seat_word(0) == "Oost"
        assert reader_words.tile_name("GD") == "Groene draak"
        assert reader_words.states_summary(["passed", "undefined"]) == (
            "2 controles: 1 bevestigd, 1 nog niet te controleren"
        )
    with translation.override("en"):
        assert reader_words.tile_name("7D") == "7 Dots"
        assert reader_words.states_summary(["passed", "passed"]) == "2 checks, all confirmed"


def test_the_rule_options_reader_sentences_are_the_librarys_word_for_word():
    """The site marks the library's option sentences for the catalogue by copying them: a
    sentence the library adds or rewords fails here until rulings/option_words.py lists it."""
    assert option_words.library_sentences() == set(option_words.KNOWN)
    with translation.override("nl"):
        assert option_words.title("touched-tile-is-taken") == (
            "Een aangeraakte steen is een genomen steen"
        )
        assert option_words.in_words("a stored house rule's own text") == (
            "a stored house rule's own text"
        )
