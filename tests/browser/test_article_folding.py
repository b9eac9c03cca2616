"""A reader on a phone opens Article 6: scenario checks folded to their summary lines, wide
tables scrolling in their own box, and a printout with only the summary lines and matrix."""

import pytest

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
    # Opening one shows its steps.
    closed.first.locator("summary").click()
    assert phone_page.locator("#scenario-checks details.scenario[open] .steps").first.is_visible()


def test_on_a_phone_the_article_matrix_scrolls_sideways_with_a_hint(phone_page, seeded_server):
    phone_page.goto(seeded_server + "/articles/nmjl-6/")
    phone_page.locator("#tournament-matrix summary").click()  # folded since issue 12
    box = phone_page.locator("#tournament-matrix .table-scroll")
    box.scroll_into_view_if_needed()
    assert box.evaluate("el => getComputedStyle(el).overflowX") == "auto"
    assert phone_page.locator("#tournament-matrix .scroll-hint").is_visible()
    width = phone_page.evaluate("document.documentElement.clientWidth")
    assert box.bounding_box()["width"] <= width


def test_a_printed_article_shows_the_summary_lines_and_matrix_not_the_steps(page, seeded_server):
    page.goto(seeded_server + "/articles/nmjl-6/")
    page.emulate_media(media="print")
    assert page.locator("#scenario-checks summary").first.is_visible()
    assert page.locator("#tournament-matrix table.matrix").is_visible()
    opened = page.locator("#scenario-checks details.scenario .scenario-body")
    assert opened.count() >= 1
    assert all(not opened.nth(i).is_visible() for i in range(opened.count()))


def test_on_a_phone_the_tournament_rulings_table_scrolls_sideways(phone_page, seeded_server):
    phone_page.goto(seeded_server + "/tournaments/harbour-lights-open-2027/")
    box = phone_page.locator(".table-scroll").first
    box.scroll_into_view_if_needed()
    assert box.evaluate("el => getComputedStyle(el).overflowX") == "auto"
    overflow = phone_page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
