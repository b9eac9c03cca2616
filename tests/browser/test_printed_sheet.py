"""The printed house-rules sheet is a handout: Chromium prints the tournament page to PDF and
pypdf reads it back. Page 1 carries the tournament's name, version and date and each house
rule as text, with what it changes in plain words; no grid is drawn on any page."""

import io

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests import reader_pages
from tournaments.models import Tournament
from tournaments.versions import published_sheet

pytestmark = pytest.mark.browser


def _printed(page, url):
    page.goto(url)
    return PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True)))


def _words(text):
    return " ".join(text.split())


def _vertical_rules(reader, pdf_page):
    """Thin upright strokes and boxes: a grid's column lines (a sheet's rules run across)."""
    found = 0
    for operands, operator in ContentStream(pdf_page.get_contents(), reader).operations:
        if operator == b"re":
            width, height = (abs(float(value)) for value in operands[2:])
            found += width <= 3 and height > 5
    return found


def test_the_printed_sheet_has_every_house_rule_as_text_on_page_one_and_no_grid(
    page, seeded_server
):
    tournament = Tournament.objects.get(slug=reader_pages.TOURNAMENT)
    sheet = published_sheet(tournament)
    pdf = _printed(page, f"{seeded_server}/tournaments/{tournament.slug}/")

    first = _words(pdf.pages[0].extract_text())
    assert tournament.name in first
    assert f"version {sheet.number}, published {sheet.published_on:%-d %B %Y}" in first
    for rule in sheet.rules:
        assert _words(rule.text) in first, rule.number
    # The rulings house rule 1 changes, each with both answers: not an engine's grid or name.
    assert "The rulings it changes" in first
    assert (
        "May a discard whose caller has not yet racked it be returned to the table? — At "
        f"{tournament.name}: No. A touched tile is a taken tile (house rule 1) · League rules: "
        "Yes. It goes back, and play goes on from the wall."
    ) in first
    assert "is not allowed here" not in first
    every_page = " ".join(_words(p.extract_text()) for p in pdf.pages)
    assert "Under these house rules" not in every_page  # the grid's column heading
    assert "touched-tile-is-taken" not in every_page  # the engine's option key
    assert [_vertical_rules(pdf, p) for p in pdf.pages] == [0] * len(pdf.pages)


def test_the_grid_the_screen_shows_would_be_seen_by_the_grid_check(page, seeded_server):
    """The check above can fail: the same page with its comparison table forced onto paper
    draws the table's column lines."""
    page.goto(f"{seeded_server}/tournaments/{reader_pages.TOURNAMENT}/")
    page.evaluate(
        "document.querySelector('.tournament-rulings')"
        ".style.setProperty('display', 'block', 'important')"
    )
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    assert sum(_vertical_rules(pdf, p) for p in pdf.pages) > 0


def test_a_printed_table_repeats_its_headers_and_keeps_each_row_whole(page, seeded_server):
    page.goto(f"{seeded_server}/cards/shipped/practice-card-2027/")
    page.emulate_media(media="print")
    styles = page.evaluate(
        "() => [getComputedStyle(document.querySelector('thead')).display,"
        " getComputedStyle(document.querySelector('tbody tr')).breakInside]"
    )
    assert styles == ["table-header-group", "avoid"]
