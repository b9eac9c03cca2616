"""In a real browser: the scenario editor checks the text as it is typed."""

import shutil

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from articles.models import Article, RuleSet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

TEXT_WITH_A_SLIP = """@article:nmjl-calling
Feature: Calling a discard
  Scenario: A pair lets you call
    Given East has discarded 7D
    And West holds 7D 7D
    When West calls the discrad
    Then that is allowed
"""


@pytest.fixture
def page(live_server):
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (make browser installs it)")
    from playwright.sync_api import sync_playwright

    ruleset = RuleSet.objects.create(key="nmjl-test", name="NMJL")
    Article.objects.create(ruleset=ruleset, key="nmjl-calling", title="Calling")
    editor = User.objects.create_user("editor", password="pw-for-tests")
    editor.groups.add(Group.objects.get_or_create(name="Editors")[0])
    client = Client()
    client.force_login(editor)
    session = client.cookies["sessionid"].value
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context()
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(error))
        yield page
        browser.close()


def test_a_mistyped_step_shows_its_line_and_the_phrase_meant(page, live_server):
    page.goto(f"{live_server.url}/scenarios/new/")
    page.fill("#id_slug", "pairs")
    page.locator("textarea[name=text]").press_sequentially(TEXT_WITH_A_SLIP[:-20], delay=0)
    page.locator("textarea[name=text]").type(TEXT_WITH_A_SLIP[-20:])
    entry = page.locator('#check-results li[data-line="6"]')
    entry.wait_for(timeout=10_000)
    assert "Line 6" in entry.inner_text()
    assert "undefined" in entry.inner_text()
    assert "West calls the discard" in entry.locator(".suggestions").inner_text()
    # Clicking the line number takes the editor to that line.
    entry.locator("button.line-number").click()
    selected = page.evaluate(
        "() => { const t = document.querySelector('textarea[name=text]');"
        " return t.value.slice(t.selectionStart, t.selectionEnd); }"
    )
    assert selected == "    When West calls the discrad"
    assert page.errors == []
