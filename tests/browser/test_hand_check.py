"""The hand check on a phone: tapping tile buttons builds the hand and the answer comes at
once, without reloading the page."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

L1 = ["5D", "5D", "5D", "5C", "5C", "5C", "J", "5B", "5B", "5B", "RD", "RD", "RD", "RD"]


def test_tapping_fourteen_tiles_answers_mah_jongg_on_l1_without_a_reload(phone_page, seeded_server):
    phone_page.goto(seeded_server + "/hand/")
    phone_page.evaluate("window.notReloaded = true")
    for code in L1:
        phone_page.locator(f'.tile-picker button[data-tile="{code}"]').click()
    answer = phone_page.locator("#hand-answer")
    answer.get_by_text("Mah Jongg: line L1 (Like Numbers), worth 25.").wait_for()
    assert phone_page.input_value("#hand-tiles") == " ".join(L1)
    assert phone_page.evaluate("window.notReloaded") is True
    # The address follows, so the answer can be shared or reloaded.
    assert "tiles=5D+5D+5D" in phone_page.url


def test_a_tile_that_cannot_be_read_gets_a_plain_message_as_you_type(phone_page, seeded_server):
    phone_page.goto(seeded_server + "/hand/")
    phone_page.fill("#hand-tiles", "7Q")
    phone_page.locator("#hand-answer .hand-error").wait_for()
    assert "7Q" in phone_page.locator("#hand-answer").inner_text()


def test_thirteen_tiles_tapped_show_the_tile_each_close_line_still_needs(phone_page, seeded_server):
    phone_page.goto(seeded_server + "/hand/")
    phone_page.evaluate("window.notReloaded = true")
    for code in L1[:-1]:
        phone_page.locator(f'.tile-picker button[data-tile="{code}"]').click()
    closest = phone_page.locator("#hand-answer li").first
    expect(closest).to_contain_text("L1")  # the answer to all thirteen, not to fewer
    expect(closest).to_contain_text("needs 1")
    needed = closest.locator(".hand-needed-tiles img")
    assert needed.count() == 1 and needed.first.get_attribute("alt") == "Red dragon"
    assert phone_page.evaluate("window.notReloaded") is True
