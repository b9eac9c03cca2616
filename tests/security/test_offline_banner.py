"""Offline, a tournament's name is text: a director names a tournament with script in it, a
reader keeps it for offline use, the network goes; on every saved page the "You are offline"
line shows the name as typed, nothing in it runs, and each answer the service worker gives
(the saved pages, and its own "not saved" page) carries the site's Content-Security-Policy."""

import pytest

from tests.browser.conftest import browser, seeded_server  # noqa: F401  (fixtures)
from tournaments.models import Tournament

pytestmark = pytest.mark.browser

HARBOUR = "harbour-lights-open-2027"
# Script, event handlers and attribute breakouts, each of which ran in the worker's old banner.
PAYLOADS = [
    "<script>window.__pwned = 'script'</script>",
    "<img src=x onerror=\"window.__pwned = 'img'; alert('img')\">",
    "\"'><svg onload=alert('svg')>",
    "'><details open ontoggle=alert('details')>",
]
NAME = "Harbour " + "".join(PAYLOADS)
SAVED_PAGES = [f"/tournaments/{HARBOUR}/", "/articles/nmjl-exposure-answer/", "/glossary/"]


def test_a_tournament_named_with_script_shows_its_name_as_text_offline_and_nothing_runs(
    browser,  # noqa: F811
    seeded_server,  # noqa: F811
):
    harbour = Tournament.objects.get(slug=HARBOUR)
    harbour.name = NAME
    harbour.save()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(seeded_server + SAVED_PAGES[0])
        page.get_by_role("button", name="Keep for offline use").click()
        page.locator("#offline-status", has_text="Saved for offline use").wait_for()

        context.set_offline(True)
        for path in SAVED_PAGES:
            response = page.goto(seeded_server + path)
            assert response.from_service_worker, path
            assert page.evaluate("window.__pwned") is None, path
            assert dialogs == [], path
            banner = page.locator(".offline-banner")
            assert f"This is the copy of {NAME} saved for offline use on" in banner.inner_text()
            assert banner.locator("script, img, svg, details").count() == 0, path
            policy = response.headers.get("content-security-policy", "")
            assert "script-src 'self'" in policy, path  # the page as it was stored, headers and all

        # The worker's own answer for a page that was not kept: its words, the site's policy.
        response = page.goto(seeded_server + "/sources/")
        assert response.status == 503
        assert "script-src 'self'" in response.headers.get("content-security-policy", "")
        assert "was not saved for offline use" in page.locator("main").inner_text()
    finally:
        context.close()
