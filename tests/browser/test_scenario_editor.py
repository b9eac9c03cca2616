"""In a real browser: the scenario editor checks the text as it is typed."""

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

pytestmark = pytest.mark.browser

TEXT_WITH_A_SLIP = """@article:nmjl-calling
Feature: Calling a discard
  Scenario: A pair lets you call
    Given East has discarded 7D
    And West holds 7D 7D
    When West calls the discrad
    Then that is allowed
"""


@pytest.fixture
def editor_page(page, seeded_server):
    """The shared browser page, signed in as a member of the Editors group."""
    editor = User.objects.create_user("scenario-editor", password="pw-for-tests")
    # get_or_create: a transactional test empties the tables the migrations filled.
    editor.groups.add(Group.objects.get_or_create(name="Editors")[0])
    client = Client()
    client.force_login(editor)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": seeded_server}]
    )
    return page


def test_a_mistyped_step_shows_its_line_and_the_phrase_meant(editor_page, seeded_server):
    page = editor_page
    page.goto(f"{seeded_server}/scenarios/new/")
    page.fill("#id_slug", "pairs")
    page.locator("textarea[name=text]").press_sequentially(TEXT_WITH_A_SLIP, delay=0)
    entry = page.locator('#check-results li[data-line="6"]')
    entry.wait_for()
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
    assert page.console_errors == []  # no script error, no CSP violation


def test_the_fixed_scenario_saves_and_shows_its_checks(editor_page, seeded_server):
    page = editor_page
    page.goto(f"{seeded_server}/scenarios/new/")
    page.fill("#id_slug", "pairs")
    page.fill("textarea[name=text]", TEXT_WITH_A_SLIP.replace("discrad", "discard"))
    page.fill("#id_summary", "A first check of calling")
    page.locator("#check-results [data-summary]").filter(has_text="1 check, 1 pass").wait_for()
    page.click("button[value=save]")
    page.wait_for_url(f"{seeded_server}/scenarios/pairs/")
    assert "1 check, all confirmed" in page.locator(".scenario-title").inner_text()
    assert page.console_errors == []


def test_an_editor_opening_a_check_on_article_6_can_copy_a_steps_table(editor_page, seeded_server):
    page = editor_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=seeded_server)
    page.goto(f"{seeded_server}/articles/nmjl-6/")
    closed = page.locator("#scenario-checks details.scenario:not([open])").first
    check = page.locator("#" + closed.get_attribute("id"))
    check.locator("summary.scenario-summary").click()
    tables = check.locator("details.step-tables")
    tables.locator("summary").click()  # fetched with the drawing, for authors only
    button = tables.locator("button.copy-table").first
    button.click()
    line = tables.locator(".table-notation code").first.inner_text().strip()
    assert page.evaluate("navigator.clipboard.readText()") == line
    assert button.inner_text() == "Copied"
    assert page.console_errors == []
