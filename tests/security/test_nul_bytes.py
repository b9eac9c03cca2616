"""A NUL character (%00) anywhere a request carries text the site reads, the address, a query
parameter's name or value, the chosen tournament's cookie, is answered 400 with the site's
error page (the API: its usual JSON), never a server error. PostgreSQL cannot compare text
holding a NUL, so these were 500s there; run this file on both databases."""

import pytest
from django.test import Client
from django.urls import reverse

from rulings.models import Scenario
from tests.tournaments.card_factories import card_text
from tests.tournaments.tournament_factories import editor, td, tournament
from tournaments.chosen import COOKIE_NAME
from tournaments.models import Card, Tournament

pytestmark = pytest.mark.django_db

HAND = reverse("cards:hand")
HAND_JSON = reverse("cards:hand-json")


def assert_error_page(response):
    assert response.status_code == 400
    html = response.content.decode()
    assert "This request could not be read" in html
    assert "NUL character" in html
    assert "Content-Security-Policy" in response  # the site's policy, as on every page
    assert "X-Page-Cache" not in response  # answered before the page cache looked


@pytest.mark.parametrize("address", [HAND, HAND_JSON])
@pytest.mark.parametrize("parameter", ["tournament", "card"])
def test_a_nul_in_the_hand_checks_tournament_or_card_is_a_400_page(client, address, parameter):
    assert_error_page(client.get(address, {parameter: "\x00"}))
    assert_error_page(client.get(address, {parameter: "harbour\x00lights"}))


def test_a_raw_nul_in_the_query_and_a_nul_in_a_parameters_name_are_a_400_page(client):
    assert_error_page(client.get(HAND + "?card=\x00"))
    assert_error_page(client.get(HAND, {"card\x00": "Practice Card"}))


def test_a_nul_in_the_rulings_log_search_is_a_400_page_for_its_director():
    director = td("log-director")
    event = tournament("nul-open", directors=[director])
    client = Client()
    client.force_login(director)
    log = reverse("toolkit:log", args=[event.slug])
    assert client.get(log, {"q": "joker"}).status_code == 200
    assert_error_page(client.get(log, {"q": "joker\x00"}))


def test_a_nul_in_the_chosen_tournaments_cookie_is_a_400_page(client):
    tournament("nul-open", status=Tournament.Status.PUBLISHED)
    client.cookies[COOKIE_NAME] = "nul-open\x00"
    assert_error_page(client.get("/"))
    assert_error_page(client.get(HAND))


def test_a_nul_escaped_in_a_quoted_cookie_is_a_400_page(client):
    # Cookie values are unquoted the way Python's http.cookies does: "\000" is a NUL.
    tournament("nul-open", status=Tournament.Status.PUBLISHED)
    assert_error_page(client.get(HAND, HTTP_COOKIE=f'{COOKIE_NAME}="nul-open\\000"'))


@pytest.mark.parametrize("address", ["/talk/%00/nmjl-6/", "/tiles/%00/", "/articles/nmjl%006/"])
def test_a_nul_in_a_path_segment_is_a_400_page(client, address):
    assert_error_page(client.get(address))


@pytest.mark.parametrize(
    "address", ["/api/v1/search/?q=%00", "/api/v1/articles/?page=%00", "/api/v1/tournaments/%00/"]
)
def test_the_api_answers_a_nul_with_its_usual_400_json(client, address):
    response = client.get(address)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert "NUL character" in response.json()["detail"]


def test_the_same_addresses_without_a_nul_still_answer(client):
    # The guard refuses only the NUL: the pages it stands before are unchanged.
    assert client.get(HAND, {"card": "Practice Card"}).status_code == 200
    assert client.get(HAND_JSON, {"tournament": "no-such-open"}).status_code == 200
    assert client.get("/api/v1/search/", {"q": "joker"}).status_code == 200


# --- Forms and the bodies they post: a field error, what was typed kept, never a 500.

NUL_CARD = (
    "Feature: A card named with a NUL\n"
    "  Scenario: West calls\n"
    '    Given the card "Practice\x00Card"\n'
    "    When West calls the discard\n"
    "    Then that is allowed\n"
)


def writer_client():
    client = Client()
    client.force_login(editor("sam"))
    return client


def test_the_scenario_editors_live_check_answers_a_nul_with_a_plain_message():
    response = writer_client().post(reverse("rulings:scenario-check"), {"text": NUL_CARD})
    assert response.status_code == 400
    assert "NUL character" in response.json()["error"]


def test_the_scenario_editor_shows_a_nul_as_a_field_error_and_keeps_the_text():
    client = writer_client()
    create = reverse("rulings:scenario-create")
    for action in ({"action": "check"}, {"summary": "New"}):
        response = client.post(create, {"slug": "nul-card", "text": NUL_CARD, **action})
        html = response.content.decode()
        assert response.status_code == 200, action
        assert "Null characters are not allowed." in html  # the text field's error
        assert "NUL character" in html and "DataError" not in html  # the check says why
        assert "Practice\x00Card" in html  # what was typed is still in the form
    assert not Scenario.objects.exists()


def test_the_card_form_shows_a_nul_in_any_field_as_its_error_and_keeps_the_file():
    text = card_text("Nul Test Card")
    response = writer_client().post(
        reverse("cards:card-new"),
        {"text": text, "owner": "\x00", "summary": "x\x00", "base_version": "\x00"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Null characters are not allowed." in html  # the summary
    assert "Select a valid choice." in html  # the owner
    assert "Nul Test Card" in html  # the file as pasted
    assert not Card.objects.filter(name="Nul Test Card").exists()
