"""Every reader page, in Chromium at a phone's 360 px, light and dark: axe-core finds nothing
serious or critical (every rule on, nothing excluded), nothing scrolls sideways, every tap
target is 24x24 px or better, every field's text is 16 px or more, every disclosure mark sits
in the column. Logged out on the reader pages; logged in as an editor (who sees the editing
links) on those and on the editing pages. The page list is tests/reader_pages.py."""

import re
from pathlib import Path

import pytest
from django.test import Client
from mahjong_rules.engine.tiles import is_tile_code

from tests import reader_pages
from tests.browser import page_checks

pytestmark = pytest.mark.browser

PHONE = {"width": page_checks.PHONE_WIDTH, "height": 740}


def _phone(browser, server, user=None):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    if user is not None:
        client = Client()
        client.force_login(user)
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
        )
    page = context.new_page()
    page.set_default_timeout(60_000)  # a cold Article 6 on a busy machine
    return page


def _findings_here(page):
    """The page's findings in light and then in dark (the same page, re-coloured)."""
    page.emulate_media(color_scheme="light")
    light = (
        page_checks.sideways_scroll(page)
        + page_checks.small_targets(page)
        + page_checks.zooming_fields(page)
        + page_checks.marks_outside_margin(page)
        + page_checks.axe_findings(page)
    )
    page.emulate_media(color_scheme="dark")
    dark = page_checks.axe_findings(page)
    return {scheme: found for scheme, found in (("light", light), ("dark", dark)) if found}


def _check(page, server, pages):
    """Each page's findings by template and colour scheme; how many pages were opened."""
    findings = {}
    for template, where in pages.items():
        page.goto(server + reader_pages.path_of(where))
        for scheme, found in _findings_here(page).items():
            findings[f"{template} ({scheme})"] = found
    return findings, len(pages)


def test_every_reader_page_logged_out_passes_at_360px_in_light_and_dark(browser, seeded_server):
    page = _phone(browser, seeded_server)
    findings, checked = _check(page, seeded_server, reader_pages.READER_PAGES)
    page.context.close()
    assert findings == {}, "\n".join(f"{k}: {v}" for k, v in findings.items())
    # One page of every reader template (a ruling's own page since #24; the offline copy's
    # not-kept page since #28, and the worker's precached one for when nothing is kept; the
    # casebook's three since #30).
    assert checked == 45


def test_every_page_an_editor_sees_passes_at_360px_in_light_and_dark(browser, seeded_server):
    page = _phone(browser, seeded_server, reader_pages.make_editor())
    pages = {**reader_pages.READER_PAGES, **reader_pages.EDITOR_PAGES}
    findings, checked = _check(page, seeded_server, pages)
    page.context.close()
    assert findings == {}, "\n".join(f"{k}: {v}" for k, v in findings.items())
    assert checked == 45 + 41  # every reader template, and every editing template (the
    # translators' two since #32)


def test_the_locked_out_page_passes_at_360px_in_light_and_dark(browser, seeded_server):
    reader_pages.lock_out()
    page = _phone(browser, seeded_server)
    page.goto(seeded_server + "/accounts/login/")
    page.fill("#id_username", reader_pages.LOCKED_OUT)
    page.fill("#id_password", "a guess")
    page.locator("main button[type=submit]").click()
    page.wait_for_load_state()
    assert "Too many attempts" in page.locator("h1").inner_text()
    findings = _findings_here(page)
    page.context.close()
    assert findings == {}


def test_the_go_to_article_box_keeps_its_number_and_button_on_one_line(browser, seeded_server):
    page = _phone(browser, seeded_server)
    page.goto(seeded_server + "/")
    field = page.locator(".go-box input").bounding_box()
    button = page.locator(".go-box button").bounding_box()
    page.context.close()
    field_middle = field["y"] + field["height"] / 2
    button_middle = button["y"] + button["height"] / 2
    assert abs(field_middle - button_middle) < 2
    assert button["x"] + button["width"] <= page_checks.PHONE_WIDTH


TILES = Path(__file__).resolve().parents[2] / "static" / "tiles"
FACE = re.compile(r'<rect x="1\.5"[^>]* fill="(#[0-9a-f]{6})" stroke="(#[0-9a-f]{6})"')
TEXT_INK = re.compile(r'<text [^>]*fill="(#[0-9a-f]{6})"')


def _luminance(colour):
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(one, other):
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _hex(rgb):
    return "#" + "".join(f"{int(part):02x}" for part in re.findall(r"\d+", rgb)[:3])


def test_every_tile_picture_stays_legible_on_the_light_and_the_dark_page(browser, seeded_server):
    """A tile keeps its own ivory face in both schemes: its edge (face or outline) stands out
    from the page by 3:1 (WCAG 1.4.11), and its number or letter reads at 4.5:1 on the face."""
    page = _phone(browser, seeded_server)
    page.goto(seeded_server + "/tiles/5D/")
    papers = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        papers[scheme] = _hex(page.evaluate("getComputedStyle(document.body).backgroundColor"))
        # The picture is drawn as shipped: no filter or blend re-colours it in either scheme.
        assert page.evaluate(
            "Array.from(document.querySelectorAll('img.tile')).every(i => {"
            " const style = getComputedStyle(i);"
            " return style.filter === 'none' && style.mixBlendMode === 'normal'; })"
        )
    page.context.close()
    assert _contrast(papers["light"], papers["dark"]) > 10  # dark mode really is dark
    drawings = sorted(TILES.glob("*.svg"))
    assert len(drawings) >= 27 + 4 + 3  # at least the suits, the winds and the dragons
    assert all(is_tile_code(drawing.stem) for drawing in drawings)
    for drawing in drawings:
        svg = drawing.read_text()
        face, outline = FACE.search(svg).groups()
        for scheme, paper in papers.items():
            edge = max(_contrast(face, paper), _contrast(outline, paper))
            assert edge >= 3, (drawing.name, scheme)
        for ink in TEXT_INK.findall(svg):
            assert _contrast(ink, face) >= 4.5, (drawing.name, ink)
