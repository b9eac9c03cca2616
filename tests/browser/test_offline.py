"""Offline at the venue: after "Keep for offline use" on a tournament's page, with the network
cut, its sheet, an article its house rules touch and the glossary still open, each saying
when it was saved; a search finds a saved ruling in the saved index; a page not kept answers
with a styled page linking to what was; nothing is kept that an anonymous reader could not
see."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_small_things_on_a_phone import log_in_as_director
from tests.tournaments.card_factories import card
from tournaments.models import Tournament

pytestmark = pytest.mark.browser

HARBOUR = "/tournaments/harbour-lights-open-2027/"


def test_kept_pages_open_offline_with_the_date_they_were_saved(browser, seeded_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(seeded_server + HARBOUR)
        page.get_by_role("button", name="Keep for offline use").click()
        page.locator("#offline-status", has_text="Saved for offline use").wait_for()

        context.set_offline(True)
        for path, expected in [
            (HARBOUR, "A touched tile is a taken tile"),
            ("/articles/nmjl-exposure-answer/", "Ruling"),
            ("/glossary/", "Glossary"),
        ]:
            page.goto(seeded_server + path)
            banner = page.locator(".offline-banner")
            assert "saved for offline use on" in banner.inner_text(), path
            assert expected in page.locator("main").inner_text(), path

        # A page that was not kept says so plainly instead of failing.
        page.goto(seeded_server + "/sources/")
        assert "was not saved for offline use" in page.content()

        # With no copy left (deleted from the browser's storage), the page the worker
        # precached answers: styled, the site's policy, no links to a copy.
        page.evaluate(
            "async () => { for (const name of await caches.keys())"
            " if (name.startsWith('offline-')) await caches.delete(name); }"
        )
        response = page.goto(seeded_server + "/glossary/")
        assert response.status == 503 and response.from_service_worker
        assert "script-src 'self'" in response.headers.get("content-security-policy", "")
        assert "This page was not saved for offline use" in page.locator("main").inner_text()
        assert page.evaluate("document.styleSheets[0].cssRules.length") > 0
    finally:
        context.close()


def test_offline_a_search_finds_a_saved_ruling_and_a_page_not_kept_links_to_the_saved_ones(
    browser, seeded_server
):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(seeded_server + HARBOUR)
        button = page.get_by_role("button", name="Keep for offline use")
        box = button.bounding_box()
        assert box["y"] + box["height"] <= 844  # within the first screen
        button.click()
        page.locator("#offline-status", has_text="Saved for offline use").wait_for()

        context.set_offline(True)
        # The header's search form, as a TD at the table uses it.
        page.goto(seeded_server + "/glossary/")
        page.locator("#search-box-q").fill("discard not yet racked returned")
        page.locator("#search-box-q").press("Enter")
        page.wait_for_url("**/search/?q=*")
        results = page.locator(".search-results")
        results.wait_for()
        assert "saved for offline use on" in page.locator(".offline-banner").inner_text()
        first = results.locator(".search-result").first
        expect(first).to_contain_text("May a discard whose caller has not yet racked it")
        # The tournament's answer first, then the League's.
        expect(first.locator(".search-result__answer")).to_contain_text("At Harbour Lights")
        answer = first.locator(".search-result__answer").inner_text()
        assert answer.startswith("At Harbour Lights")
        assert "League rules: Yes. It goes back" in first.inner_text()
        assert page.locator("#search-ruleset").count() == 0  # offline, words only
        # Another question typed on the saved search page answers in place, as it is typed.
        page.evaluate("window.samePage = true")
        page.locator("#search-q").fill("joker exchange")
        page.locator(".search-results .search-result", has_text="Joker").first.wait_for()
        assert page.evaluate("window.samePage")  # no page load
        assert page.url.endswith("/search/?q=joker+exchange")
        assert page.locator("h1").inner_text() == "Search: “joker exchange”"
        page.locator("#search-q").fill("discard not yet racked returned")
        first = page.locator(".search-results .search-result").first
        # Results are `content-visibility: auto`: until the next frame places a new one on the
        # screen its text reads as empty, so the check waits for it as a reader's eye would.
        expect(first).to_contain_text("May a discard whose caller has not yet racked it")
        first.locator("a").first.click()
        page.wait_for_url("**/rulings/return-a-call-not-yet-racked/**")
        assert "A touched tile is a taken tile" in page.locator("main").inner_text()

        # A page that was not kept: the saved copy's own page, styled, with links to it.
        response = page.goto(seeded_server + "/sources/")
        assert response.status == 503
        main = page.locator("main")
        assert "This page was not saved for offline use" in main.inner_text()
        assert "saved for offline use on" in page.locator(".offline-banner").inner_text()
        for href in [HARBOUR, "/glossary/", "/picker/", "/articles/nmjl-exposure-answer/"]:
            assert main.locator(f'a[href="{href}"]').count() == 1, href
        # The site's stylesheet was saved and applies; the page fits a phone.
        assert page.evaluate("document.styleSheets[0].cssRules.length") > 0
        assert page.locator('meta[name="viewport"]').count() == 1
    finally:
        context.close()


SECRET = "Zq7privatecard"
# Every response in this browser's saved copies, as text, and whether any holds the secret.
CACHES_HOLD_SECRET = f"""async () => {{
  for (const name of await caches.keys()) {{
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {{
      const text = await (await cache.match(request)).text();
      if (text.includes("{SECRET}")) return name + " " + request.url;
    }}
  }}
  return "";
}}"""


def offline_hand_card(page, server):
    """The card the saved copy's hand check judges by, as its engine asks for it offline (a
    fetch: opening the page would load the engine, which test_offline_hand_check.py does)."""
    url = server + "/hand/card.json?tournament=harbour-lights-open-2027"
    return page.evaluate("url => fetch(url).then(answer => answer.json())", url)


def test_a_directors_offline_copy_judges_by_the_private_card_until_they_log_out(
    browser, seeded_server
):
    harbour = Tournament.objects.get(slug=HARBOUR.strip("/").split("/")[-1])
    card(f"Harbour House Card {SECRET}", owner=harbour, private=True)
    harbour.card_name = f"Harbour House Card {SECRET}"
    harbour.save()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        # Kept by its director: the hand check's card is the private one, offline.
        log_in_as_director(page, seeded_server)
        page.goto(seeded_server + HARBOUR)
        page.get_by_role("button", name="Keep for offline use").click()
        status = page.locator("#offline-status", has_text="Saved for offline use")
        status.wait_for()
        expect(status).to_contain_text("private card is kept with them for you, until you log out")
        context.set_offline(True)
        kept = offline_hand_card(page, seeded_server)
        assert kept["name"] == f"Harbour House Card {SECRET}" and SECRET in kept["text"]
        hand = page.evaluate(
            "url => fetch(url).then(answer => answer.text())", seeded_server + "/hand/"
        )
        assert f"Harbour House Card {SECRET}" in hand  # the header's link, as at the table
        context.set_offline(False)

        # Logging out forgets it: offline again, the copy is an anonymous reader's (the
        # Practice Card), and no saved response holds the private card.
        page.goto(seeded_server + "/glossary/")
        page.get_by_role("button", name="Log out").click()
        page.get_by_role("link", name="Log in").wait_for()
        context.set_offline(True)
        assert offline_hand_card(page, seeded_server)["shipped"]
        assert page.evaluate(CACHES_HOLD_SECRET) == ""
    finally:
        context.close()


def test_the_web_app_manifest_makes_the_site_installable(page, seeded_server):
    page.goto(seeded_server + "/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(seeded_server + href).json()
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["icons"]
