"""A check written in Dutch on the site: the editor's live check tells a Dutch text what is
wrong in Dutch and suggests Dutch phrases; the Dutch page's step reference lists them."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.tournament_factories import editor

pytestmark = pytest.mark.django_db

DUTCH = """# language: nl
Functionaliteit: Een claim
  Scenario: West claimt poeng
    Gegeven de Matjok-regels
    En Oost heeft 4D afgegooid
    En West heeft 4D 4D in de hand
    Als West poeng roept luid
    Dan is dat toegestaan
"""


def test_a_dutch_text_with_a_step_no_phrase_matches_is_told_in_dutch_with_dutch_phrases():
    client = Client()
    client.force_login(editor("eva"))
    report = client.post(reverse("rulings:scenario-check"), {"text": DUTCH}).json()
    [line] = [entry for entry in report["lines"] if entry["line"] == 7]
    said = " ".join(line["messages"]) if "messages" in line else str(line)
    assert "Geen enkele Als-zin past bij" in said  # told in Dutch, with Dutch phrases near it
    assert "“West 7D roept”" in said


def test_the_dutch_step_reference_lists_the_dutch_phrases_and_then_what_is_english_only():
    page = Client().get("/nl/scenarios/steps/").content.decode()
    assert "<code>{seat} heeft {tile} afgegooid</code>" in page
    assert "<code>Gegeven de Matjok-regels</code>" in page
    assert "een plaats, voluit geschreven: Oost, Zuid, West of Noord" in page
    assert 'id="english-only"' in page and '<div lang="en">' in page
    english = Client().get("/scenarios/steps/").content.decode()
    assert "english-only" not in english and "{seat} has discarded {tile}" in english
