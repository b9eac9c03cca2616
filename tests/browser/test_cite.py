"""A TD cites a paragraph of an article in a real browser: the reference is copied as shown."""

import pytest

pytestmark = pytest.mark.browser


def test_the_cite_control_copies_the_reference_to_the_clipboard(browser, seeded_server):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    try:
        page.goto(seeded_server + "/articles/nmjl-6/")
        part = page.locator(".commentary__part").nth(1)
        part.get_by_text("Cite", exact=True).click()
        reference = part.locator(".cite__reference").inner_text()
        assert reference.startswith("Rulings, Article 6 ¶2, version ")
        assert "/articles/nmjl-6/version/" in reference and "#commentary-" in reference
        button = part.locator(".cite__copy")
        button.click()
        part.get_by_role("button", name="Copied").wait_for()
        assert page.evaluate("navigator.clipboard.readText()") == reference
        assert errors == []  # no CSP violation: the script is the site's own file
    finally:
        context.close()


def test_without_javascript_the_reference_is_there_to_select(browser, seeded_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(seeded_server + "/articles/nmjl-6/")
        ruling = page.locator("#ruling")
        ruling.get_by_text("Cite", exact=True).click()
        assert (
            ruling.locator(".cite__reference")
            .inner_text()
            .startswith("Rulings, Article 6, ruling, version ")
        )
        assert ruling.get_by_role("button", name="Copy").count() == 0
    finally:
        context.close()


def test_on_paper_each_reference_is_printed_under_its_part(page, seeded_server):
    page.goto(seeded_server + "/articles/nmjl-6/")
    printed = page.locator(".commentary__part .cite__print").first
    assert not printed.is_visible()
    page.emulate_media(media="print")
    assert printed.is_visible() and printed.inner_text().startswith("Rulings, Article 6 ¶1")
    assert not page.locator(".commentary__part .cite").first.is_visible()
