"""One page of every reader template (tests/reader_pages.py), rendered once for all of
these checks: the Nu Html Checker finds no error, each page says what it is about in a meta
description, each <time> and each tile picture is written as the checkers want."""

import re
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client, TestCase

from tests import reader_pages
from tests.checkers import nu
from tests.seeding import seed

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SEARCH = "search/search.html"
NOT_FOUND = {"404.html", "articles/article_not_found.html", "articles/go.html"}

# HTML's global date and time: to the second (at most three digits of a fraction), with an
# offset; or a plain date.
MACHINE_TIME = re.compile(r"\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d{1,3})?)?([+-]\d\d:\d\d|Z))?")


class Tags(HTMLParser):
    """Each start tag of a page with its attributes, in order."""

    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def all(self, tag, **wanted):
        return [
            attrs
            for name, attrs in self.tags
            if name == tag and all(attrs.get(k) == v for k, v in wanted.items())
        ]


# The pages' HTML is the same on either database: checked in the SQLite pass only (CI's time).
@pytest.mark.skipif(connection.vendor != "sqlite", reason="pages are checked in the SQLite pass")
class EveryReaderPage(TestCase):
    @classmethod
    def setUpTestData(cls):
        seed()
        cache.clear()
        reader = Client()
        cls.pages = {}
        for template, where in reader_pages.READER_PAGES.items():
            response = reader.get(reader_pages.path_of(where))
            assert response.status_code == (404 if template in NOT_FOUND else 200), template
            cls.pages[template] = response.content.decode()
        cache.clear()

    def parsed(self, template):
        return Tags(self.pages[template])

    def test_the_nu_html_checker_finds_no_error_on_one_page_of_every_reader_template(self):
        nu.java_and_jar()  # skips (or fails when REQUIRE_BROWSER=1) without Java or the jar
        folder = Path(self.enterContext(tempfile.TemporaryDirectory()))
        files = []
        for template, html in self.pages.items():
            file = folder / (template.replace("/", "__"))
            file.write_text(html)
            files.append(file)
        assert nu.errors_in(files) == []

    def test_every_reader_page_has_a_meta_description_of_its_own_words(self):
        for template in self.pages:
            descriptions = self.parsed(template).all("meta", name="description")
            assert len(descriptions) == 1, template
            assert len(descriptions[0]["content"].strip()) >= 40, template

    def test_an_article_page_is_described_by_its_short_ruling_in_plain_words(self):
        (description,) = self.parsed("articles/article_detail.html").all("meta", name="description")
        words = description["content"]
        # Article 6's short ruling, its Markdown and tags gone, cut near 160 characters.
        assert words.startswith("“A player may change the number and type of tiles displayed")
        assert len(words) <= 160 and words.endswith("…")
        assert "<" not in words and "&" not in words

    def test_a_tournament_page_is_described_by_its_name_place_and_base_rules(self):
        (description,) = self.parsed("tournaments/tournament_detail.html").all(
            "meta", name="description"
        )
        words = description["content"]
        assert words.startswith("Harbour Lights Mah Jongg Open 2027: the house rules, version")
        assert "Harbour Lights Hotel" in words and len(words) <= 160

    def test_only_the_search_results_ask_search_engines_not_to_index_them(self):
        noindexed = {
            template
            for template in self.pages
            if self.parsed(template).all("meta", name="robots", content="noindex")
        }
        # The search results, and the pages the service worker answers offline for one not
        # kept: a copy's, and its precached one when nothing is kept (#28).
        offline = {"toolkit/offline_not_saved.html", "toolkit/offline_nothing_kept.html"}
        assert noindexed == {SEARCH, *offline}

    def test_every_time_on_a_reader_page_is_to_the_second_with_its_offset(self):
        seen = 0
        for template in self.pages:
            for time in self.parsed(template).all("time"):
                seen += 1
                assert MACHINE_TIME.fullmatch(time["datetime"]), (template, time["datetime"])
        assert seen > 20  # the home page alone lists twelve recent changes

    def test_every_tile_picture_on_a_reader_page_has_its_width_and_height(self):
        pictures = 0
        for template in self.pages:
            for image in self.parsed(template).all("img"):
                if "tile" not in image.get("class", "").split():
                    continue
                pictures += 1
                assert (image.get("width"), image.get("height")) == ("60", "80"), template
        assert pictures > 20  # step drawings, tile search, the hand check, Markdown
