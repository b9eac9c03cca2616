"""The list of pages "Keep for offline use" stores: a published tournament's sheet, the
articles its house rules touch, the glossary and the picker; public pages only."""

import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from articles.models import Article
from tests.reader_pages import READER_PAGES
from tests.tournaments.tournament_factories import td, tournament

pytestmark = pytest.mark.django_db


def pages_for(slug, client=None):
    return (client or Client()).get(reverse("toolkit:offline-pages", args=[slug]))


def test_harbour_lights_keeps_its_sheet_its_touched_articles_the_glossary_and_the_picker(
    content,
):
    data = pages_for("harbour-lights-open-2027").json()
    pages = data["pages"]
    assert pages[0] == "/tournaments/harbour-lights-open-2027/"
    # Departed from by its house rules (the touched-tile rule and the wrong-count rule).
    assert "/articles/nmjl-exposure-answer/" in pages
    assert "/articles/nmjl-205/" in pages
    # Each check's drawing, which the article page fetches when the check is opened.
    drawings = [page for page in pages if "/drawing/nmjl-exposure-answer/" in page]
    assert drawings and all(Client().get(page).status_code == 200 for page in drawings)
    assert "/glossary/" in pages and "/picker/" in pages
    assert data["sheet_version"] == 2
    # The rulings its touched-tile rule answers otherwise, at addresses naming the tournament.
    here = "?tournament=harbour-lights-open-2027"
    assert f"/rulings/touching-the-called-tile-does-not-commit/{here}" in pages
    assert f"/rulings/return-a-call-not-yet-racked/{here}" in pages
    assert not any(page.startswith("/rulings/give-back-a-racked-call/") for page in pages)


def test_a_kept_ruling_page_leads_with_the_tournaments_answer_though_fetched_without_cookies(
    content,
):
    pages = pages_for("harbour-lights-open-2027").json()["pages"]
    ruling = next(page for page in pages if page.startswith("/rulings/return-a-call"))
    kept = " ".join(Client().get(ruling).content.decode().split())
    assert kept.index("A touched tile is a taken tile (house rule 1)") < kept.index(
        "League rules: Yes. It goes back"
    )
    assert not any("/log" in page or "/edit" in page for page in pages)


def test_the_saved_version_changes_when_content_is_saved(content):
    before = pages_for("harbour-lights-open-2027").json()["version"]
    article = Article.objects.get(key="nmjl-6")
    article.summary = article.summary + " "
    article.save()
    assert pages_for("harbour-lights-open-2027").json()["version"] != before


def test_a_draft_tournament_cannot_be_kept_offline():
    director = td("draft-director")
    tournament("draft-event", directors=[director])
    assert pages_for("draft-event").status_code == 404
    client = Client()
    client.force_login(director)
    assert pages_for("draft-event", client).status_code == 404


def test_the_service_worker_is_served_from_the_root_and_never_stale():
    response = Client().get(reverse("toolkit:service-worker"))
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert b'credentials: "omit"' in response.content  # saved copies are the anonymous pages


def test_the_chosen_tournaments_header_offers_to_keep_it(content):
    client = Client()
    client.cookies["tournament"] = "harbour-lights-open-2027"
    button = 'data-offline-save="/offline/harbour-lights-open-2027.json"'
    assert button in client.get("/glossary/").content.decode()
    # Its own page has the button near the top, once.
    own = client.get("/tournaments/harbour-lights-open-2027/").content.decode()
    assert own.count(button) == 1
    assert own.index(button) < own.index('id="sheet-title"')


def test_the_service_worker_is_built_on_the_vendored_workbox_and_loads_nothing_from_elsewhere():
    worker = Client().get(reverse("toolkit:service-worker")).content.decode()
    imported = re.search(r"importScripts\(([^)]*)\)", worker).group(1)
    urls = re.findall(r'"([^"]+)"', imported)
    assert len(urls) == 5
    assert all(url.startswith("/static/vendor/workbox/workbox-") for url in urls)
    assert all(finders.find(url.removeprefix("/static/")) for url in urls)
    assert "workbox.routing.registerRoute" in worker
    assert "workbox.routing.setCatchHandler" in worker  # the navigation fallback
    assert "http" not in worker.replace("https://", "").split("*/", 1)[1]


def test_the_worker_precaches_the_nothing_kept_page_which_holds_no_data():
    worker = Client().get(reverse("toolkit:service-worker")).content.decode()
    precache = json.loads(re.search(r"precaching\.precache\((\[.*?\])\);", worker).group(1))
    urls = [entry["url"] for entry in precache]
    assert urls[0] == reverse("toolkit:offline-nothing-kept")
    assert "/static/css/site.css" in urls
    assert all(entry["revision"] for entry in precache)
    page = Client().get(urls[0])
    assert "This page was not saved for offline use" in page.content.decode()
    assert page["Cache-Control"] == "no-store"


VENDORED = Path(__file__).resolve().parents[2] / "static" / "vendor" / "workbox"
NODE_MODULES = VENDORED.parents[2] / "node_modules"


@pytest.mark.skipif(not (NODE_MODULES / "workbox-core").is_dir(), reason="npm ci has not run")
def test_the_vendored_workbox_is_the_version_package_json_pins():
    pinned = json.loads((NODE_MODULES.parent / "package.json").read_text())["dependencies"]
    for built in VENDORED.glob("workbox-*.prod.js"):
        package = built.name.removesuffix(".prod.js")
        installed = NODE_MODULES / package
        assert json.loads((installed / "package.json").read_text())["version"] == pinned[package]
        assert built.read_bytes() == (installed / "build" / built.name).read_bytes(), built.name
    assert (VENDORED / "LICENSE").is_file()


def policy(response) -> str:
    return response["Content-Security-Policy"]


def test_the_hand_check_page_may_compile_webassembly_and_no_other_page_may(content):
    """Pyodide compiles WebAssembly: 'wasm-unsafe-eval' on the hand check page, and on it alone
    (every reader page, the JSON beside it); never 'unsafe-eval'."""
    hand = reverse("cards:hand")
    for _ in range(2):  # drawn, then again (the page cache keeps a page's headers with it)
        script_src = policy(Client().get(hand)).split("script-src")[1].split(";")[0]
        assert script_src.split() == ["'self'", "'wasm-unsafe-eval'"]
    others = [page() if callable(page) else page for page in READER_PAGES.values()]
    others = [page for page in others if not page.startswith(hand)]
    others += [
        reverse("cards:hand-json"),
        reverse("cards:hand-card"),
        reverse("toolkit:offline-nothing-kept"),
    ]
    assert len(others) > 30
    policies = {page: Client().get(page).get("Content-Security-Policy", "") for page in others}
    assert [page for page, text in policies.items() if "wasm" in text] == []
    assert all("script-src 'self'" in text for text in policies.values() if text)
