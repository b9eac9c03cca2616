"""The page checks can fail: each finds its fault on a small page made to have it, and finds
nothing on the same page without it (so a clean run of test_every_page means something)."""

import pytest

from tests.browser import page_checks

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(
        viewport={"width": page_checks.PHONE_WIDTH, "height": 640}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    yield page
    context.close()


def _page(phone, body):
    phone.set_content(
        '<!doctype html><html lang="en"><head><title>Check</title>'
        '<meta name="viewport" content="width=device-width"></head>'
        f"<body><main>{body}</main></body></html>"
    )
    return phone


def test_a_block_wider_than_the_phone_is_sideways_scroll(phone):
    assert page_checks.sideways_scroll(_page(phone, '<div style="width:500px">wide</div>'))
    assert page_checks.sideways_scroll(_page(phone, '<div style="width:300px">fits</div>')) == []


def test_a_small_button_is_too_small_and_a_link_in_a_sentence_is_not(phone):
    small = '<button style="font-size:10px;padding:0;border:0">Go</button>'
    assert page_checks.small_targets(_page(phone, small))
    sentence = '<p style="font-size:12px">Read <a href="/x">this</a> first.</p>'
    assert page_checks.small_targets(_page(phone, sentence)) == []


def test_crowded_small_links_are_too_small_and_spaced_ones_are_not(phone):
    crowded = '<p style="font-size:12px;line-height:1"><a href="/a">A</a><br><a href="/b">B</a></p>'
    assert page_checks.small_targets(_page(phone, crowded))
    spaced = (
        '<p style="font-size:12px;line-height:40px"><a href="/a">A</a><br><a href="/b">B</a></p>'
    )
    assert page_checks.small_targets(_page(phone, spaced)) == []


def test_a_field_with_small_text_would_zoom_a_phone(phone):
    assert page_checks.zooming_fields(_page(phone, '<input aria-label="n" style="font-size:13px">'))
    assert (
        page_checks.zooming_fields(_page(phone, '<input aria-label="n" style="font-size:16px">'))
        == []
    )


def test_a_disclosure_mark_outside_its_summary_is_in_the_margin(phone):
    outside = '<details><summary style="list-style-position:outside">More</summary>x</details>'
    assert page_checks.marks_outside_margin(_page(phone, outside))
    inside = "<details><summary>More</summary>x</details>"
    assert page_checks.marks_outside_margin(_page(phone, inside)) == []


def test_axe_finds_a_link_inside_a_summary_and_low_contrast(phone):
    nested = '<details><summary><a href="/x">Title</a></summary>x</details>'
    assert any("nested-interactive" in f for f in page_checks.axe_findings(_page(phone, nested)))
    faint = '<p style="color:#bbb;background:#fff">Faint words</p>'
    assert any("color-contrast" in f for f in page_checks.axe_findings(_page(phone, faint)))
    plain = "<details><summary>Title</summary><p>Words</p></details>"
    assert page_checks.axe_findings(_page(phone, plain)) == []
