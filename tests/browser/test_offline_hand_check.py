"""Offline, the hand check judges on the tournament's card with the real engine: after "Keep
for offline use", with the network cut, the kept hand check page loads the rules library in
the browser (Pyodide, our wheel, the server's own hand check module) and answers a winning
hand and a hand two short as the server does. Pyodide loads once, in one test."""

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.browser.conftest import _no_browser
from tests.browser.test_hand_thumb import CONCEALED, EXPOSED, TWO_SHORT, expose, tap_tiles
from tests.tournaments.card_factories import card
from tournaments.models import Tournament

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def engine_built():
    """Skipped without the engine (make engine needs npm); a failure in CI (REQUIRE_BROWSER)."""
    if not (settings.ENGINE_BUILD / "pyodide" / "pyodide.mjs").is_file():
        _no_browser("the offline hand check's engine is not built (make engine needs npm)")


HARBOUR = "harbour-lights-open-2027"
PHONE = {"width": 360, "height": 780}


def test_offline_the_kept_hand_check_judges_on_the_tournaments_card_with_the_engine(
    browser, seeded_server
):
    harbour = Tournament.objects.get(slug=HARBOUR)
    card("Harbour Card 2027", owner=harbour)
    harbour.card_name = "Harbour Card 2027"
    harbour.save()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    try:
        page.goto(f"{seeded_server}/tournaments/{HARBOUR}/")
        page.get_by_role("button", name="Keep for offline use").click()
        page.locator("#offline-status", has_text="Saved for offline use").wait_for()

        context.set_offline(True)
        response = page.goto(f"{seeded_server}/hand/")  # the header's link, no tournament
        assert response.from_service_worker
        expect(page.locator(".offline-banner")).to_contain_text("saved for offline use on")
        expect(page.locator("h1")).to_contain_text("Harbour Card 2027")
        # Loading began after the page was drawn; awaited here so the taps below time only
        # the answers (Playwright's evaluate waits for the promise).
        assert page.evaluate("window.handEngine.ready().then(() => true)")

        expose(page, EXPOSED)
        tap_tiles(page, CONCEALED)
        answer = page.locator("#hand-answer")
        expect(answer).to_contain_text("Mah Jongg: line L1 (Like Numbers), worth 25.")

        page.get_by_role("button", name="Clear").tap()
        expose(page, EXPOSED)
        tap_tiles(page, TWO_SHORT)
        expect(answer).to_contain_text("Not a hand on this card.")
        first = answer.locator(".hand-closest li").first
        expect(first).to_contain_text("L1 needs 2")
        needed = first.locator(".hand-needed-tiles img")
        expect(needed).to_have_count(2)
        assert needed.first.get_attribute("alt") == "Red dragon"

        # Reloaded offline, the hand in the address (the kept page was stored without one)
        # is judged again.
        page.reload()
        expect(page.locator("#hand-answer")).to_contain_text("Not a hand on this card.")
        expect(page.locator(".hand-shown .hand-tile")).to_have_count(len(TWO_SHORT))
        assert not [e for e in errors if "Content Security Policy" in e], errors
    finally:
        context.close()
