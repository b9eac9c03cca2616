"""Every reader's and editor's page under the pseudo-locale (tests/languages/pseudo.py): each
catalogue string shows as ⟦…⟧, and no visible interface text is left outside the brackets —
content, names, numbers and tile codes excepted. A string nobody marked for translation
would stay English on the Dutch page; this walk names it and the page it is on."""

import doctest

import pytest
from django.core.cache import cache
from django.test import Client

from rulings import checks
from tests import reader_pages
from tests.languages import pseudo

pytestmark = [pytest.mark.django_db, pytest.mark.walk]


@pytest.fixture(scope="module")
def seed_text(content, django_db_blocker):
    """The seed content's text, read once for the module."""
    with django_db_blocker.unblock():
        return pseudo.Content.of_the_database()


@pytest.fixture
def pseudo_pages(seed_text):
    # No page or drawing stored by another test (in English, or in real Dutch) answers first,
    # and none drawn in the pseudo-locale is left for the next test.
    cache.clear()
    checks.remembered.clear()
    with pseudo.pseudo_dutch():
        yield seed_text
    cache.clear()
    checks.remembered.clear()


def _dutch(path: str) -> str:
    return "/nl" + path


def _left_on(client, template, where, known):
    response = client.get(_dutch(reader_pages.path_of(where)))
    assert response.status_code in (200, 403, 404), (template, response.status_code)
    html = response.content.decode()
    assert pseudo.OPEN in html, f"{template}: no catalogue string on the page at all"
    left = pseudo.interface_text_left(html, known)
    if left:  # the page may show what its test just made (a thread, a player): read again
        left = pseudo.interface_text_left(html, pseudo.Content.of_the_database())
    return left


def test_the_pseudo_locale_brackets_every_catalogue_string_and_excuses_only_content():
    assert doctest.testmod(pseudo).failed == 0
    known = pseudo.Content(["Harbour Lights Open", "A called tile may not be returned."])
    page = (
        "<h1>⟦Tournament⟧ Harbour Lights Open</h1><p>A called tile may not be returned.</p>"
        "<button>Edit</button><input type=submit value='Save'><a title='Open this'>7D</a>"
    )
    assert pseudo.interface_text_left(page, known) == ["Edit", "Save", "Open this"]


@pytest.mark.parametrize("template", sorted(reader_pages.READER_PAGES))
def test_a_reader_page_in_the_pseudo_locale_shows_no_unmarked_interface_text(
    pseudo_pages, template
):
    left = _left_on(Client(), template, reader_pages.READER_PAGES[template], pseudo_pages)
    assert left == [], f"{template}: interface text not in the catalogue: {left}"


@pytest.mark.parametrize("template", sorted(reader_pages.EDITOR_PAGES))
def test_an_editor_page_in_the_pseudo_locale_shows_no_unmarked_interface_text(
    pseudo_pages, template
):
    editor = Client()
    editor.force_login(reader_pages.make_editor())
    left = _left_on(editor, template, reader_pages.EDITOR_PAGES[template], pseudo_pages)
    assert left == [], f"{template}: interface text not in the catalogue: {left}"
