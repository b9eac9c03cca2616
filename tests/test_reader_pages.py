"""The page list the browser checks walk (tests/reader_pages.py) is whole and true: every
template is placed, and each listed page really renders its template."""

from pathlib import Path

import pytest
from django.test import Client

from tests import reader_pages
from tests.seeding import seed

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def seeded(db):
    seed()


def test_every_template_is_a_reader_page_an_editor_page_or_no_page_of_its_own():
    placed = [*reader_pages.READER_PAGES, *reader_pages.EDITOR_PAGES, *reader_pages.NOT_PAGES]
    assert sorted(placed) == reader_pages.page_templates()
    assert len(placed) == len(set(placed))  # none in two lists


def _templates_of(response):
    return {template.name for template in response.templates if template.name}


def test_each_listed_page_renders_its_template_for_a_reader_and_for_the_editor(seeded):
    reader = Client()
    for template, where in reader_pages.READER_PAGES.items():
        response = reader.get(reader_pages.path_of(where))
        assert template in _templates_of(response), (template, response.status_code)
        assert response.status_code in (200, 404), template
    editor = Client()
    editor.force_login(reader_pages.make_editor())
    for template, where in reader_pages.EDITOR_PAGES.items():
        response = editor.get(reader_pages.path_of(where))
        assert template in _templates_of(response), (template, response.status_code)
        assert response.status_code in (200, 403), template
