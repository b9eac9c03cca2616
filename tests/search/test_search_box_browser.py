"""The search box in a real browser: suggestions as you type, keyboard, no CSP errors."""

import re

import pytest

from tests.browser.conftest import browser, page, seeded_server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def test_typing_touched_ti_suggests_the_answer_and_the_keyboard_opens_it(page, seeded_server):  # noqa: F811
    page.goto(seeded_server + "/")
    box = page.get_by_role("combobox", name="Find a ruling")
    box.press_sequentially("touched ti", delay=40)
    suggestions = page.get_by_role("listbox", name="Suggestions")
    suggestions.wait_for()
    assert box.get_attribute("aria-expanded") == "true"
    titles = suggestions.get_by_role("option").all_inner_texts()
    assert any("exposure I already made" in title for title in titles), titles

    box.press("ArrowDown")
    assert box.get_attribute("aria-activedescendant") == "search-box-option-0"
    box.press("Enter")
    page.wait_for_url(re.compile(r"/(articles|scenarios)/"))
    assert page.console_errors == []


def test_typing_a_td_question_shows_the_rulings_answer_in_the_suggestions(page, seeded_server):  # noqa: F811
    page.goto(seeded_server + "/")
    box = page.get_by_role("combobox", name="Find a ruling")
    box.press_sequentially("two players call tjok on the same discard", delay=20)
    suggestions = page.get_by_role("listbox", name="Suggestions")
    suggestions.wait_for()
    first = suggestions.get_by_role("option").first
    first.get_by_text("Yes. The other tjok calls lapse.").wait_for()
    assert "Two players call tjok on the same discard" in first.inner_text()
    assert first.locator(".search-box__option-kind").inner_text() == "Ruling"
    kinds = suggestions.locator(".search-box__option-kind").all_inner_texts()
    assert "houserule" not in kinds and "" not in kinds, kinds
    assert page.console_errors == []


def test_a_number_typed_in_the_box_opens_the_article(page, seeded_server):  # noqa: F811
    page.goto(seeded_server + "/")
    box = page.get_by_role("combobox", name="Find a ruling")
    box.fill("205")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/articles/nmjl-205/$"))
    assert page.console_errors == []


def test_the_results_page_highlights_matches_and_offers_filters(page, seeded_server):  # noqa: F811
    page.goto(seeded_server + "/search/?q=joker+exchange")
    assert page.locator(".search-result mark").first.is_visible()
    page.get_by_label("Kind").select_option("scenario")
    page.get_by_role("button", name="Search").last.click()
    page.wait_for_url(re.compile(r"kind=scenario"))
    kinds = page.locator(".search-result__kind").all_inner_texts()
    assert kinds and set(kinds) == {"Scenario check"}
    assert page.console_errors == []


def test_on_a_phone_the_header_is_compact_and_the_search_box_full_width(page, seeded_server):  # noqa: F811
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(seeded_server + "/articles/nmjl-205/")
    header = page.locator("header.site-header").bounding_box()
    assert header["height"] < 150  # it was about 230px: a third of the phone's screen
    name = page.locator(".site-name").bounding_box()
    account = page.locator(".site-account").bounding_box()
    assert abs(name["y"] - account["y"]) < name["height"]  # name and log-in share a line
    nav_links = page.locator(".site-nav a").all()
    assert len({round(link.bounding_box()["y"]) for link in nav_links}) <= 2
    form = page.locator(".search-box").bounding_box()
    inner = page.locator(".site-header__inner").bounding_box()
    assert form["width"] >= inner["width"] - 1
    box = page.get_by_role("combobox", name="Find a ruling")  # still labelled for readers
    assert box.bounding_box()["width"] > 0.6 * form["width"]
    assert page.console_errors == []
