"""A reader on a phone opens Article 6: scenario checks folded to their summary lines (each
check's whole drawing fetched when it is opened), what each tournament rules differently as
sentences, a scenario's grid as stacked cards; printed, every check open, and the Print
button fetches every drawing first."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_on_a_phone_article_6_folds_its_passing_scenario_checks(phone_page, seeded_server):
    phone_page.goto(seeded_server + "/articles/nmjl-6/")
    height = phone_page.evaluate("document.documentElement.scrollHeight")
    summaries = phone_page.locator("#scenario-checks details.scenario > summary")
    assert summaries.count() >= 3
    assert summaries.first.is_visible()
    closed = phone_page.locator("#scenario-checks details.scenario:not([open])")
    assert closed.count() >= 1
    assert not closed.first.locator(".steps").first.is_visible()
    assert height < 25_000, f"the page is {height}px tall on a phone"
    # Opening one fetches its whole drawing (drawings.js) and shows its steps.
    check = phone_page.locator("#" + closed.first.get_attribute("id"))
    check.locator("summary.scenario-summary").click()
    expect(check.locator(".steps").first).to_be_visible()
    assert check.get_attribute("data-drawing") is None


def test_on_a_phone_a_scenarios_grid_is_stacked_cards_showing_only_what_differs(
    phone_page, seeded_server
):
    phone_page.goto(seeded_server + "/scenarios/call-commitment/")
    grid = phone_page.locator("#tournament-matrix table.matrix-cards")
    grid.scroll_into_view_if_needed()
    overflow = phone_page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    cards = phone_page.locator("#tournament-matrix tbody tr")
    shown = [i for i in range(cards.count()) if cards.nth(i).is_visible()]
    differing = phone_page.locator("#tournament-matrix tbody tr.row-differs")
    assert 0 < len(shown) == differing.count() < cards.count()
    cells = differing.first.locator("td")
    card = {
        cells.nth(i).get_attribute("data-label"): cells.nth(i).inner_text()
        for i in range(cells.count())
        if cells.nth(i).is_visible()
    }
    # Each cell is labelled on the card (CSS draws its data-label before it); a tournament
    # that rules as the League does is not on the card.
    assert card == {
        "League rules": "Allowed",
        "Harbour Lights Mah Jongg Open 2027": "Not allowed (house rule 1)",
    }


def test_on_a_wide_screen_the_grid_shows_every_tournament(page, seeded_server):
    page.goto(seeded_server + "/scenarios/call-commitment/")
    header = page.locator("#tournament-matrix thead").inner_text()
    assert "Harbour Lights" in header and "Prairie Winds" in header
    assert page.locator("#tournament-matrix tbody tr.row-same").first.is_visible()


def test_printed_with_ctrl_p_article_6_shows_every_checks_situations_and_the_differences(
    page, seeded_server
):
    page.goto(seeded_server + "/articles/nmjl-6/")
    page.emulate_media(media="print")
    assert page.locator("#scenario-checks summary").first.is_visible()
    assert page.locator("#tournament-differences li.difference").first.is_visible()
    lines = page.locator("#scenario-checks details.scenario .check-lines")
    assert lines.count() >= 3
    assert all(lines.nth(i).is_visible() for i in range(lines.count()))


def test_the_print_button_fetches_every_checks_drawing_then_prints(page, seeded_server):
    page.goto(seeded_server + "/articles/nmjl-6/")
    checks = page.locator("#scenario-checks details.scenario").count()
    # What the page holds when it prints (the browser's print dialog is not opened here).
    page.evaluate(
        "() => { window.print = () => { window.printed = "
        "document.querySelectorAll('#scenario-checks details.scenario .steps').length; }; }"
    )
    page.get_by_role("button", name="Print").click()
    page.wait_for_function("() => window.printed !== undefined")
    assert page.evaluate("window.printed") >= checks >= 3
    assert page.locator("#scenario-checks details[data-drawing]").count() == 0
    page.emulate_media(media="print")
    assert page.locator("#scenario-checks .steps").first.is_visible()
    assert not page.console_errors, page.console_errors


def test_the_print_view_has_every_checks_drawing_open_on_paper(page, seeded_server):
    page.goto(seeded_server + "/articles/nmjl-6/?print=1")
    page.emulate_media(media="print")
    bodies = page.locator("#scenario-checks details.scenario .scenario-body")
    assert bodies.count() >= 3
    assert all(bodies.nth(i).locator(".steps").first.is_visible() for i in range(bodies.count()))


def test_on_a_phone_the_tournament_rulings_table_scrolls_sideways(phone_page, seeded_server):
    phone_page.goto(seeded_server + "/tournaments/harbour-lights-open-2027/")
    box = phone_page.locator(".table-scroll").first
    box.scroll_into_view_if_needed()
    assert box.evaluate("el => getComputedStyle(el).overflowX") == "auto"
    overflow = phone_page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
