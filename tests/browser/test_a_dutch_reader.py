"""A Dutch reader's path, in a real browser that prefers Dutch: the first visit opens the
Dutch home page; a search, a ruling, the picker, the hand check, a Dutch tournament's sheet
and its offline copy all speak Dutch (content, names and tile codes as they are written)."""

import pytest
from playwright.sync_api import expect

from tournaments.models import Tournament

pytestmark = pytest.mark.browser

HARBOUR = "harbour-lights-open-2027"


def test_a_dutch_reader_finds_a_ruling_taps_the_picker_checks_a_hand_and_keeps_a_sheet(
    browser, seeded_server
):
    Tournament.objects.filter(slug=HARBOUR).update(language="nl")  # a Dutch tournament
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, locale="nl-NL"
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        # The first visit, from a browser that prefers Dutch: the Dutch home page.
        page.goto(seeded_server + "/")
        assert page.url == seeded_server + "/nl/"
        assert page.locator("html").get_attribute("lang") == "nl"
        expect(page.locator(".site-nav")).to_contain_text("Woordenlijst")

        # A question typed in the header's search box: the results, in Dutch.
        page.locator("#search-box-q").fill("give back called tile")
        page.locator("#search-box-q").press("Enter")
        page.wait_for_url("**/nl/search/?q=*")
        expect(page.locator("h1")).to_contain_text("Zoeken")
        first = page.locator(".search-results .search-result").first
        expect(first.locator(".search-result__kind")).to_have_text("Uitspraak")

        # A ruling: its verdict in Dutch, its answer as the League wrote it.
        page.goto(seeded_server + "/nl/rulings/give-back-a-racked-call/")
        expect(page.locator("main")).to_contain_text("Niet toegestaan")

        # The picker: its questions in Dutch, a tap away from a ruling.
        page.goto(seeded_server + "/nl/picker/")
        expect(page.locator("h1")).to_have_text("Wat gebeurde er?")
        with page.expect_navigation():
            page.locator("#main .picker a").first.click()
        assert "/nl/" in page.url

        # The hand check: the answer in Dutch, the tiles as their codes.
        page.goto(seeded_server + "/nl/hand/?tiles=2C+2C+2C+5D+5D+5D+N+N+N+WD+WD+WD+J+J")
        expect(page.locator("#hand-answer")).to_contain_text("Geen hand op deze kaart")

        # A Dutch tournament's sheet, kept for offline use.
        page.goto(seeded_server + f"/nl/tournaments/{HARBOUR}/")
        sheet = page.locator(".house-rules-sheet")
        expect(sheet).to_contain_text("Huisregels, versie")
        page.get_by_role("button", name="Bewaren voor offline gebruik").first.click()
        page.locator("#offline-status", has_text="Bewaard voor offline gebruik").wait_for()

        # Offline, even its English address opens the Dutch copy, saying so in Dutch.
        context.set_offline(True)
        page.goto(seeded_server + f"/tournaments/{HARBOUR}/")
        expect(page.locator(".offline-banner")).to_contain_text("U bent offline")
        assert page.locator("html").get_attribute("lang") == "nl"
        expect(page.locator(".house-rules-sheet")).to_contain_text("Huisregels, versie")
    finally:
        context.close()
