"""The hand check for a thumb, on a 360×780 phone: the hand is entered by taps only (a mis-tap
undone, an exposure put up with the same keyboard) and the answer is on the first screen,
without scrolling; every target is 44px or more."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
THUMB = 44  # CSS px: the target a thumb hits without looking twice

# Row 6 of the worked examples: L1 with 5 Craks and a joker exposed.
EXPOSED = ["5C", "5C", "5C", "J"]
CONCEALED = ["5D", "5D", "5D", "5B", "5B", "5B", "RD", "RD", "RD", "RD"]
# The same with two red dragons short: 1 Dots and 2 Bams in their place.
TWO_SHORT = ["5D", "5D", "5D", "5B", "5B", "5B", "RD", "RD", "1D", "2B"]


@pytest.fixture
def thumb(browser, seeded_server):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.server = seeded_server
    yield page
    context.close()


def tap_tiles(page, codes):
    for code in codes:
        page.locator(f'.tile-picker button[data-tile="{code}"]').tap()


def expose(page, codes):
    toggle = page.get_by_role("button", name="Expose", exact=True)
    toggle.tap()
    assert toggle.get_attribute("aria-pressed") == "true"
    tap_tiles(page, codes)
    page.get_by_role("button", name="Put up").tap()


def hand_codes(page):
    return page.eval_on_selector_all(".hand-shown .hand-tile img", "imgs => imgs.map(i => i.alt)")


def on_the_first_screen(page, selector):
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)
    assert page.evaluate("window.scrollY") == 0


def small_targets(page):
    return page.eval_on_selector_all(
        ".hand-check button, .tile-picker button, .hand-shown button",
        f"""els => els.filter(e => e.offsetParent !== null)
              .map(e => [e.dataset.tile || e.textContent.trim(), e.getBoundingClientRect()])
              .filter(([, r]) => r.width < {THUMB} - 0.01 || r.height < {THUMB} - 0.01)
              .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""",
    )


def test_a_winning_hand_tapped_with_a_mis_tap_undone_answers_mah_jongg_on_the_first_screen(
    thumb,
):
    thumb.goto(thumb.server + "/hand/")
    on_the_first_screen(thumb, ".tile-picker")  # the whole keyboard, before a tap
    expose(thumb, EXPOSED)
    exposure = thumb.locator(".hand-shown .hand-exposure")
    expect(exposure).to_have_count(1)
    assert exposure.locator("img").count() == 4
    tap_tiles(thumb, CONCEALED[:-1])
    tap_tiles(thumb, ["GD"])  # a mis-tap…
    thumb.get_by_role("button", name="Undo").tap()  # …undone
    tap_tiles(thumb, CONCEALED[-1:])
    answer = thumb.locator("#hand-answer")
    expect(answer).to_contain_text("Mah Jongg: line L1 (Like Numbers), worth 25.")
    for part in ("#hand-answer", ".hand-shown", ".tile-picker"):
        on_the_first_screen(thumb, part)
    assert thumb.input_value("#hand-tiles") == " ".join(CONCEALED)
    assert thumb.input_value("#hand-exposures") == " ".join(EXPOSED)
    assert small_targets(thumb) == []
    assert thumb.console_errors == []


def test_a_hand_two_short_shows_the_two_tiles_l1_still_needs_on_the_first_screen(thumb):
    # At a tournament, whose name the header adds: the first screen still holds it all.
    thumb.context.add_cookies(
        [{"name": "tournament", "value": "harbour-lights-open-2027", "url": thumb.server}]
    )
    thumb.goto(thumb.server + "/hand/")
    expect(thumb.locator(".chosen-tournament")).to_contain_text("Harbour Lights")
    expose(thumb, EXPOSED)
    tap_tiles(thumb, TWO_SHORT + ["N"])
    # Fifteen tiles: the server says so; the extra north wind, tapped in the hand, comes out.
    expect(thumb.locator("#hand-answer .hand-error")).to_contain_text("a hand has 14")
    thumb.locator(".hand-shown .hand-tile").last.tap()
    answer = thumb.locator("#hand-answer")
    expect(answer).to_contain_text("Not a hand on this card.")
    first = answer.locator(".hand-closest li").first
    expect(first).to_contain_text("L1 needs 2")
    needed = first.locator(".hand-needed-tiles img")
    assert [needed.nth(i).get_attribute("alt") for i in range(needed.count())] == [
        "Red dragon",
        "Red dragon",
    ]
    for part in ("#hand-answer", ".hand-shown", ".tile-picker"):
        on_the_first_screen(thumb, part)
    assert "North wind" not in hand_codes(thumb)
    assert small_targets(thumb) == []


def test_the_keyboard_and_the_expose_toggle_work_from_a_keyboard(thumb):
    thumb.goto(thumb.server + "/hand/")
    key = thumb.locator('.tile-picker button[data-tile="7D"]')
    expect(key).to_have_accessible_name("7 Dots")
    key.focus()
    thumb.keyboard.press("Enter")
    expect(thumb.locator(".hand-shown .hand-tile")).to_have_count(1)
    # The key keeps the focus, and shows it.
    assert key.evaluate("k => k === document.activeElement")
    assert key.evaluate("k => getComputedStyle(k).outlineStyle") != "none"
    expose_button = thumb.get_by_role("button", name="Expose", exact=True)
    expose_button.focus()
    thumb.keyboard.press("Space")
    assert expose_button.get_attribute("aria-pressed") == "true"
    thumb.keyboard.press("Space")  # pressed again: no exposure under way
    assert expose_button.get_attribute("aria-pressed") == "false"
    # The hand's tile, pressed, comes out; the focus goes to Undo, not to the page.
    thumb.locator(".hand-shown .hand-tile").first.focus()
    thumb.keyboard.press("Enter")
    expect(thumb.locator(".hand-shown .hand-tile")).to_have_count(0)
    assert thumb.evaluate("document.activeElement.textContent") == "Undo"
    assert thumb.get_attribute("#hand-shown", "aria-live") == "polite"
    assert thumb.get_attribute("#hand-answer", "aria-live") == "polite"
