"""The search index "Keep for offline use" saves: what the kept pages say, each document at a
kept page, the tournament's answer first for the rulings it changes, and nothing an anonymous
reader could not read (no rulings log, no players, no private card, no unpublished rule)."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.card_factories import card
from tests.tournaments.tournament_factories import td, tournament
from toolkit.models import LoggedRuling
from tournaments.models import HouseRule, Tournament

pytestmark = pytest.mark.django_db

HARBOUR = "harbour-lights-open-2027"
SECRET = "Zebulon-the-marker"


def manifest(client=None):
    return (client or Client()).get(reverse("toolkit:offline-pages", args=[HARBOUR])).json()


def index(client=None):
    response = (client or Client()).get(reverse("toolkit:offline-index", args=[HARBOUR]))
    assert response.status_code == 200
    return response.json()


def test_the_manifest_keeps_the_index_the_search_page_and_the_fallback(content):
    data = manifest()
    assert data["search_index"] in data["pages"]
    assert data["fallback"] in data["pages"]
    assert "/search/" in data["pages"]
    assert any("minisearch" in asset for asset in data["assets"])


def test_every_document_is_a_kept_page(content):
    pages = set(manifest()["pages"])
    documents = index()["documents"]
    assert documents
    for document in documents:
        assert document["url"].split("#")[0] in pages, document["url"]
    assert sorted(d["id"] for d in documents) == list(range(len(documents)))


def test_a_changed_ruling_answers_at_the_tournament_first(content):
    documents = index()["documents"]
    ruling = next(d for d in documents if d["url"].startswith("/rulings/return-a-call"))
    assert ruling["kind"] == "Ruling"
    assert ruling["answer"].startswith("At Harbour Lights")
    assert "A touched tile is a taken tile (house rule 1)" in ruling["answer"]
    assert ruling["league"].startswith("League rules: ")
    kinds = {d["kind"] for d in documents}
    assert {"Ruling", "Article", "House rule", "Glossary term", "Picker"} <= kinds


def test_nothing_private_is_in_the_index_whoever_asks(content):
    harbour = Tournament.objects.get(slug=HARBOUR)
    director = td("harbour-director")
    harbour.directors.add(director)
    LoggedRuling.objects.create(
        tournament=harbour,
        recorded_by=director,
        players=f"{SECRET} Player",
        what_happened=f"North called and {SECRET} asked.",
        outcome="The call stands.",
    )
    card(f"{SECRET} Card", owner=harbour, private=True)
    HouseRule.objects.create(tournament=harbour, text=f"{SECRET} may not call.", position=99)
    signed_in = Client()
    signed_in.force_login(director)
    for client in (Client(), signed_in):
        text = json.dumps(index(client))
        assert SECRET not in text
        assert "/log" not in text


def test_a_draft_tournament_has_no_index():
    director = td("draft-director")
    tournament("draft-event", directors=[director])
    for name in ("toolkit:offline-index", "toolkit:offline-fallback"):
        assert Client().get(reverse(name, args=["draft-event"])).status_code == 404


def test_the_fallback_page_links_to_what_was_kept(content):
    response = Client().get(reverse("toolkit:offline-fallback", args=[HARBOUR]))
    page = response.content.decode()
    assert "This page was not saved for offline use" in page
    assert 'name="viewport"' in page and "css/site.css" in page
    for url in manifest()["pages"][:2] + ["/glossary/", "/picker/"]:
        assert f'href="{url}"' in page, url
