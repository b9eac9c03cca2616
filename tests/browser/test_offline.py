"""Offline at the venue: after "Keep for offline use" on a tournament's page, with the network
cut, its sheet, an article its house rules touch and the glossary still open, each saying
when it was saved; nothing is kept that an anonymous reader could not see."""

import pytest

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
    finally:
        context.close()


def test_the_web_app_manifest_makes_the_site_installable(page, seeded_server):
    page.goto(seeded_server + "/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(seeded_server + href).json()
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["icons"]
