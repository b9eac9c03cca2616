"""Tile pictures: one SVG per tile code, and the {% tile %} tag that shows them."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.template import Context, Template
from mahjong_rules.engine.tiles import TILES as TILE_TABLE
from mahjong_rules.engine.tiles import tile_name

TILE_CODES = tuple(TILE_TABLE)

TILES = Path(__file__).resolve().parents[2] / "static" / "tiles"
SVG = "{http://www.w3.org/2000/svg}"


def render(source):
    return Template("{% load tiles %}" + source).render(Context())


def test_there_is_a_code_for_every_tile_of_the_set():
    suits = [f"{rank}{suit}" for suit in "DBC" for rank in range(1, 10)]
    honours = ["N", "E", "S", "W", "RD", "GD", "WD", "F", "J"]
    assert sorted(TILE_CODES) == sorted(suits + honours)


@pytest.mark.parametrize(
    "code, name",
    [("7D", "7 Dots"), ("1B", "1 Bams"), ("9C", "9 Craks"), ("N", "North wind"),
     ("RD", "Red dragon"), ("WD", "White dragon"), ("F", "Flower"), ("J", "Joker")],
)  # fmt: skip
def test_each_code_is_named_as_the_scenario_language_names_it(code, name):
    assert tile_name(code) == name


@pytest.mark.parametrize("code", TILE_CODES)
def test_every_tile_has_a_well_formed_svg_picture_titled_with_its_name(code):
    root = ET.parse(TILES / f"{code}.svg").getroot()
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title").text == tile_name(code)
    assert "style" not in (TILES / f"{code}.svg").read_text()  # CSP: no inline styles


def test_the_tile_tag_shows_the_picture_with_its_name_as_alt_text():
    assert render('{% tile "7D" %}') == (
        '<img class="tile" src="/static/tiles/7D.svg" alt="7 Dots" width="60" height="80">'
    )
    assert 'alt="Red dragon"' in render('{% tile "rd" %}')


def test_an_unknown_tile_code_shows_as_escaped_text_not_a_broken_picture():
    html = render('{% tile "<b>X" %}')
    assert "<img" not in html
    assert "&lt;b&gt;X" in html
