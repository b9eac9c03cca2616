"""The site by language: English unprefixed, Dutch under /nl/; a first visit in the
browser's language; a switcher that links to the other address and is remembered; hreflang
links; each language its own copies in the page cache."""

import re

import pytest
from django.core.cache import cache
from django.test import Client

from languages.middleware import preferred_language

pytestmark = pytest.mark.django_db

GLOSSARY = "/glossary/"


@pytest.fixture(autouse=True)
def no_stored_pages():
    cache.clear()
    yield
    cache.clear()


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_an_unprefixed_page_is_english_and_its_nl_address_is_dutch(content):
    english, dutch = Client().get(GLOSSARY), Client().get("/nl" + GLOSSARY)
    assert english.status_code == dutch.status_code == 200
    assert html_lang(english) == "en" and html_lang(dutch) == "nl"
    assert ">Glossary</a>" in english.content.decode()
    assert ">Woordenlijst</a>" in dutch.content.decode()
    assert ">Zoek een uitspraak</label>" in dutch.content.decode()  # the search box, too
    assert dutch["Content-Language"] == "nl"
    # Links on a Dutch page stay in Dutch.
    assert 'href="/nl/tournaments/"' in dutch.content.decode()


def test_each_page_names_itself_in_both_languages_for_search_engines(content):
    text = Client().get("/nl" + GLOSSARY).content.decode()
    site = "http://testserver"  # full addresses: search engines ignore a relative hreflang
    assert f'<link rel="alternate" hreflang="en" href="{site}{GLOSSARY}">' in text
    assert f'<link rel="alternate" hreflang="nl" href="{site}/nl{GLOSSARY}">' in text
    assert f'<link rel="alternate" hreflang="x-default" href="{site}{GLOSSARY}">' in text


def test_the_switcher_links_to_the_same_page_in_the_other_language(content):
    english = Client().get(GLOSSARY + "?ref=zq9visitor").content.decode()
    switch = '/language/nl/?next=/glossary/" hreflang="nl" lang="nl">Nederlands'
    assert f'href="{switch}' in english
    assert "zq9visitor" not in english  # what a visitor put in the query is never repeated
    dutch = Client().get("/nl" + GLOSSARY).content.decode()
    assert 'href="/language/en/?next=/nl/glossary/" hreflang="en" lang="en">English' in dutch


def test_choosing_english_on_a_dutch_page_is_remembered_so_a_dutch_browser_stays_in_english(
    content,
):
    reader = Client(HTTP_ACCEPT_LANGUAGE="nl-NL,nl;q=0.9")
    chose = reader.get("/language/en/", {"next": "/nl" + GLOSSARY})
    assert chose.status_code == 302 and chose["Location"] == GLOSSARY
    assert reader.cookies["django_language"].value == "en"
    stays = reader.get(GLOSSARY)
    assert stays.status_code == 200 and html_lang(stays) == "en"


@pytest.mark.parametrize("elsewhere", ["https://evil.example/", "//evil.example/x"])
def test_the_switcher_never_sends_a_reader_off_the_site(elsewhere):
    answer = Client().get("/language/nl/", {"next": elsewhere})
    assert answer["Location"] == "/nl/"


def test_an_unknown_language_is_a_404_not_an_error():
    assert Client().get("/language/fr/").status_code == 404


def test_a_first_visit_from_a_dutch_browser_opens_the_dutch_page_and_remembers_it(content):
    reader = Client(HTTP_ACCEPT_LANGUAGE="nl-BE,nl;q=0.9,en;q=0.5")
    first = reader.get(GLOSSARY, {"q": "joker"})
    assert first.status_code == 302
    assert first["Location"] == "/nl/glossary/?q=joker"
    assert reader.cookies["django_language"].value == "nl"


@pytest.mark.parametrize(
    "accept, cookie", [("en-GB,en;q=0.9", None), ("fr-FR,de;q=0.8", None), ("nl", "en")]
)
def test_no_redirect_for_an_english_or_unknown_browser_or_a_remembered_choice(
    content, accept, cookie
):
    reader = Client(HTTP_ACCEPT_LANGUAGE=accept)
    if cookie:
        reader.cookies["django_language"] = cookie
    answer = reader.get(GLOSSARY)
    assert answer.status_code == 200 and html_lang(answer) == "en"


def test_the_api_is_never_sent_to_a_language_address():
    reader = Client(HTTP_ACCEPT_LANGUAGE="nl")
    assert reader.get("/api/v1/rulings/").status_code == 200


def test_each_language_has_its_own_copy_in_the_page_cache(content):
    article = "/articles/nmjl-6/"  # a page the cache keeps for readers
    for address, word in [(article, "Glossary"), ("/nl" + article, "Woordenlijst")]:
        Client().get(address)  # stored
        again = Client().get(address)
        assert again["X-Page-Cache"] == "hit"
        assert f">{word}</a>" in again.content.decode()


def test_the_browsers_preferred_language_is_the_first_the_site_has():
    assert preferred_language("de-DE,nl;q=0.8,en;q=0.5") == "nl"
    assert preferred_language("en-US,nl;q=0.8") == "en"
    assert preferred_language("") is None
    assert preferred_language("*") is None
