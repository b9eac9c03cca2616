"""A reader at the table opens an article in a real browser."""

import re

import pytest

pytestmark = pytest.mark.browser

# For a failure message: the widest elements that stick out of the page to the right
# (those inside a box that scrolls or clips them are fine).
WIDER_THAN_THE_SCREEN = """() => {
    const width = document.documentElement.clientWidth;
    const clipped = el => {
        for (let box = el.parentElement; box; box = box.parentElement) {
            if (getComputedStyle(box).overflowX !== "visible") return true;
        }
        return false;
    };
    return [...document.querySelectorAll("body *")]
        .map(el => [el, Math.round(el.getBoundingClientRect().right)])
        .filter(([el, right]) => right > width + 1 && !clipped(el))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([el, right]) => `${el.tagName.toLowerCase()}.${el.className} ends at ${right}px`);
}"""


def test_a_reader_sees_article_6_with_its_commentary_answers_and_source_timeline(
    page, seeded_server
):
    page.goto(seeded_server + "/articles/nmjl-6/")
    heading = page.get_by_role("heading", level=1)
    assert heading.inner_text().split() == ["ARTICLE", "6", "Changing", "an", "exposure"]
    assert page.get_by_role("heading", name="Commentary").is_visible()
    # In the commentary and answers (the folded list of rulings quotes it too).
    text = page.locator("section.commentary, section.questions")
    assert text.get_by_text("A call for a tile is just like a pick from the wall.").is_visible()
    assert page.get_by_text("Question from a player:").is_visible()

    # Sources by year start folded (issue 12): one line that opens in place.
    page.locator("section.sources summary").click()
    chart = page.get_by_role("img", name="Sources by year")
    chart.scroll_into_view_if_needed()
    assert chart.is_visible()
    assert page.locator(".timeline__dot--nmjl-bulletin").count() == 22
    box = chart.bounding_box()
    assert box["width"] > 300 and box["height"] > 40

    # The stylesheet is applied (CSP lets it load) and nothing was blocked or broken.
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(253, 252, 248)"
    assert page.console_errors == []


def test_the_go_box_takes_a_reader_to_article_205_where_unwritten_articles_are_marked(
    page, seeded_server
):
    page.goto(seeded_server + "/")
    page.get_by_label("Go to article number").fill("205")
    page.get_by_role("button", name="Go").click()
    page.wait_for_url(re.compile(r"/articles/nmjl-205/$"))
    assert "Wrong number of tiles" in page.get_by_role("heading", level=1).inner_text()
    wanted = page.locator(".links li", has_text="Article 24")
    assert "not written yet" in wanted.inner_text()
    assert page.console_errors == []


def test_tile_pictures_load_on_the_matjok_claiming_page(page, seeded_server):
    page.goto(seeded_server + "/articles/matjok-claiming/")
    tiles = page.locator("img.tile")
    assert tiles.count() >= 13
    widths = tiles.evaluate_all("images => images.map(image => image.naturalWidth)")
    assert all(width > 0 for width in widths), widths
    assert page.get_by_role("img", name="7 Bams").first.is_visible()


def test_on_a_phone_the_article_fits_the_screen_without_sideways_scrolling(
    phone_page, seeded_server
):
    phone_page.goto(seeded_server + "/articles/nmjl-6/")
    overflow = phone_page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, phone_page.evaluate(WIDER_THAN_THE_SCREEN)
    assert phone_page.get_by_role("heading", level=1).is_visible()


def test_printed_the_article_drops_the_header_and_keeps_the_text(page, seeded_server):
    page.goto(seeded_server + "/articles/nmjl-205/")
    page.emulate_media(media="print")
    assert page.locator(".site-header").is_hidden()
    assert page.get_by_role("heading", level=1).is_visible()
    assert page.get_by_text("In August 2026, a player contacted the NMJL").is_visible()
