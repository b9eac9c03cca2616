"""The hand check offline: the rules library runs in the browser (Pyodide) with the server's
own hand check module, on the card the page names; a kept copy holds the page, the card and
the engine, fetched without cookies, so a private card is in no anonymous copy. (That the hand
check page alone may compile WebAssembly: tests/toolkit/test_offline.py, over every page.)"""

import ast
import json
import random
import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from mahjong_rules.engine.nmjl.cards import PRACTICE_CARD
from mahjong_rules.engine.tiles import TILES

from toolkit.offline import offline_manifest
from tournaments import hand_check, hand_engine
from tournaments.models import Card, Tournament

from .card_factories import card
from .tournament_factories import td, tournament

pytestmark = pytest.mark.django_db

HAND = reverse("cards:hand")
CARD_JSON = reverse("cards:hand-card")
MARKER = "Zq7offlinesecret"
ENGINE_BUILT = hand_engine.engine_urls() is not None


def a_published_tournament_with_a_private_card():
    director = td("secret-keeper")
    event = tournament(
        "secret-open",
        status=Tournament.Status.PUBLISHED,
        directors=[director],
        card_name=f"House Card {MARKER}",
    )
    card(f"House Card {MARKER}", owner=event, private=True, section=f"Year {MARKER}")
    return event, director


def test_a_private_card_is_in_no_anonymous_offline_copy_but_its_director_judges_by_it_online():
    event, director = a_published_tournament_with_a_private_card()
    anonymous = Client()
    manifest = anonymous.get(reverse("toolkit:offline-pages", args=[event.slug])).json()
    here = urlencode({"tournament": event.slug})
    assert f"{HAND}?{here}" in manifest["pages"] and f"{CARD_JSON}?{here}" in manifest["pages"]
    assert manifest["signed_in"] == []  # nothing is kept with an anonymous reader's cookies
    # The worker fetches every page of the copy without cookies: as this client does.
    for url in manifest["pages"] + manifest["assets"]:
        response = anonymous.get(url)
        body = b"" if response.streaming else response.content
        assert MARKER.lower() not in body.decode("utf-8", "replace").lower(), url
    kept = anonymous.get(f"{CARD_JSON}?{here}").json()
    assert kept == {"name": PRACTICE_CARD, "shipped": True}
    # Even named in the address, the card is not given to a reader who may not see it.
    asked = anonymous.get(f"{CARD_JSON}?card=House Card {MARKER}&{here}").json()
    assert asked["name"] == PRACTICE_CARD

    # Its director, online, gets it (the engine then judges by it in memory: nothing kept).
    directors = Client()
    directors.force_login(director)
    theirs = directors.get(f"{CARD_JSON}?{here}").json()
    assert theirs["name"] == f"House Card {MARKER}" and not theirs["shipped"]
    assert MARKER in theirs["text"]


def test_a_directors_offline_copy_keeps_the_private_card_signed_in_and_another_directors_does_not():
    event, director = a_published_tournament_with_a_private_card()
    here = urlencode({"tournament": event.slug})
    pages = reverse("toolkit:offline-pages", args=[event.slug])
    directors = Client()
    directors.force_login(director)
    manifest = directors.get(pages).json()
    # Listed to be kept with the director's cookies (the worker's own cache, forgotten at
    # sign-out); the pages kept without cookies are an anonymous reader's, as for anyone.
    assert manifest["signed_in"] == [f"{HAND}?{here}", f"{CARD_JSON}?{here}"]
    assert manifest["pages"] == Client().get(pages).json()["pages"]
    assert MARKER in directors.get(manifest["signed_in"][1]).json()["text"]
    assert f"House Card {MARKER}" in directors.get(manifest["signed_in"][0]).content.decode()

    # A director of another tournament may not see the card: nothing signed in for them.
    stranger = Client()
    stranger.force_login(td("another-td"))
    assert stranger.get(pages).json()["signed_in"] == []


def test_a_public_tournament_card_needs_no_signed_in_copy():
    event, director = a_published_tournament_with_a_private_card()
    Card.objects.filter(name=event.card_name).update(private=False)
    directors = Client()
    directors.force_login(director)
    manifest = directors.get(reverse("toolkit:offline-pages", args=[event.slug])).json()
    assert manifest["signed_in"] == []  # the anonymous copy already judges by it


def server_answer(client, query):
    data = client.get(reverse("cards:hand-json") + "?" + urlencode(query)).json()
    data.pop("card")
    return data


def random_hands(count, seed=28):
    """Hands of 1 to 14 tiles, some with an exposure, some unreadable or too long."""
    rng = random.Random(seed)
    codes = list(TILES)
    hands = [("", ""), ("2C 2C XX", ""), ("2C " * 15, ""), ("", "5C 5C 5C J")]
    for _ in range(count):
        tiles = rng.choices(codes, k=rng.randint(1, 14))
        exposure = rng.choice(["", "5C 5C 5C J", "N N N", "RD RD RD"])
        hands.append((" ".join(tiles), exposure))
    return hands


def test_the_engine_offline_answers_as_the_server_does_on_the_tournaments_card():
    event = tournament("card-open", status=Tournament.Status.PUBLISHED, card_name="Open Card")
    card("Open Card", owner=event)
    client = Client()
    kept = client.get(f"{CARD_JSON}?tournament={event.slug}").json()
    assert kept["name"] == "Open Card" and not kept["shipped"]
    # What hand-engine.js runs in Pyodide: the card from card.json, then the same function.
    offline_card = hand_check.card_from(json.loads(json.dumps(kept)))
    for tiles, exposures in random_hands(200):
        answer, error = hand_check.answer_or_error(offline_card, tiles, exposures)
        offline = {"error": error} if error is not None else answer
        online = server_answer(
            client, {"tournament": event.slug, "tiles": tiles, "exposures": exposures}
        )
        assert json.loads(json.dumps(offline)) == online, (tiles, exposures)


def test_the_hand_check_module_imports_nothing_pyodide_lacks():
    """It runs unchanged in the browser beside our wheel: the standard library and
    mahjong_rules only (no Django, no Gherkin)."""
    tree = ast.parse(Path(hand_check.__file__).read_text(encoding="utf-8"))
    imported = {
        (node.module if isinstance(node, ast.ImportFrom) else alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported - set(sys.stdlib_module_names) == {"mahjong_rules"}


def test_the_engine_is_served_as_the_server_runs_it():
    source = Client().get(reverse("cards:hand-engine-module"))
    assert source.content.decode() == Path(hand_check.__file__).read_text(encoding="utf-8")


@pytest.mark.skipif(not ENGINE_BUILT, reason="make engine has not run")
def test_a_kept_copy_holds_the_engine_and_the_page_names_it():
    event = tournament("kept-open", status=Tournament.Status.PUBLISHED)
    manifest = offline_manifest(event, AnonymousUser())
    engine = [url for url in manifest["assets"] if url.startswith(settings.STATIC_URL + "engine/")]
    assert {url.rsplit("/", 1)[1] for url in engine} >= {
        "pyodide.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    }
    assert any(url.endswith("-py3-none-any.whl") for url in engine)
    assert reverse("cards:hand-engine-module") in manifest["assets"]
    for url in engine:
        assert finders.find(url.removeprefix(settings.STATIC_URL)), url
    page = Client().get(HAND + "?tournament=kept-open").content.decode()
    assert 'data-engine-wheel="/static/engine/wheels/mahjong_rules-' in page
