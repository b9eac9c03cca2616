"""The read API has no /nl/ addresses (its answers are data, the same in every language): its
messages follow the client's Accept-Language, English otherwise."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

ASKED = "/api/v1/rulings/?tournament=no-such-tournament"


def test_a_client_that_prefers_dutch_is_refused_in_dutch():
    answer = Client(HTTP_ACCEPT_LANGUAGE="nl-NL,nl;q=0.9").get(ASKED)
    assert answer.status_code == 404
    assert answer.json()["detail"] == "Geen gepubliceerd toernooi heeft deze slug."
    assert answer["Content-Language"] == "nl"
    assert "Accept-Language" in answer["Vary"]


@pytest.mark.parametrize("accepted", ["", "fr-FR,de;q=0.8", "en-GB"])
def test_any_other_client_is_refused_in_english(accepted):
    answer = Client(HTTP_ACCEPT_LANGUAGE=accepted).get(ASKED)
    assert answer.json()["detail"] == "No published tournament has this slug."
    assert answer["Content-Language"] == "en"


def test_the_api_has_no_dutch_address_and_a_dutch_page_after_it_is_still_dutch(content):
    assert Client().get("/nl/api/v1/rulings/").status_code == 404
    Client(HTTP_ACCEPT_LANGUAGE="nl").get(ASKED)
    assert '<html lang="en"' in Client().get("/glossary/").content.decode()
