"""The wiki in Dutch (issue 31): the article page, its rulings and answers, the lists readers
browse, search, and the editor's forms and messages, at /nl/ addresses. English stays the
default at the unprefixed addresses (the articles and search tests read those)."""

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from articles.labels import source_name
from articles.models import Article, Ruling, Source
from tests.tournaments.tournament_factories import editor

pytestmark = pytest.mark.django_db

ARTICLE = "/nl/articles/nmjl-6/"


@pytest.fixture(autouse=True)
def no_stored_pages():
    cache.clear()
    yield
    cache.clear()


def page(address, client=None) -> str:
    response = (client or Client()).get(address)
    assert response.status_code == 200, address
    return response.content.decode()


def visible(html: str) -> str:
    """The page's words: no tags, scripts or attributes."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def editor_client():
    client = Client()
    client.force_login(editor("ada"))
    return client


def test_the_article_page_in_dutch_names_its_parts_in_dutch(content):
    text = visible(page(ARTICLE))
    for dutch in (
        "Artikel 6",
        "Uitspraken",
        "Vragen en antwoorden",
        "Bronnen per jaar",
        "Geschiedenis",
        "Wat linkt hierheen",
        "Laatst gewijzigd op",
    ):
        assert dutch in text, dutch
    for english in ("Questions and answers", "Sources by year", "What links here", "Last changed"):
        assert english not in text, english


def test_a_rulings_verdict_is_in_dutch_and_its_answer_stays_as_written(content):
    ruling = Ruling.objects.filter(article__key="nmjl-6").exclude(verdict="none").first()
    assert ruling is not None
    text = visible(page(f"/nl/rulings/{ruling.slug}/"))
    words = {"allowed": "Toegestaan", "not_allowed": "Niet toegestaan"}
    if ruling.verdict in words and ruling.verdict_tag:
        assert f"{words[ruling.verdict]}:" in text
    assert ruling.answer in text  # content is never translated
    assert "Deze uitspraak bewerken" not in text  # an editor's link, not a reader's


def test_the_lists_readers_browse_are_in_dutch(content):
    assert "Alle artikelen" in visible(page("/nl/articles/"))
    assert "Vragen die spelers stelden" in visible(page("/nl/questions/"))
    assert "Elke publicatie die de uitspraken aanhalen" in visible(page("/nl/sources/"))
    assert "De woorden van de speltafel" in visible(page("/nl/glossary/"))
    changes = visible(page("/nl/changes/"))
    assert "Recente wijzigingen" in changes and "Opgeslagen" in changes


def test_search_results_and_suggestions_say_what_each_result_is_in_dutch(content):
    text = visible(page("/nl/search/?q=joker"))
    assert "Zoeken: “joker”" in text and "Alle spelregels" in text
    suggestions = Client().get("/nl/search/", {"q": "joker", "format": "json"}).json()
    labels = {result["label"] for result in suggestions["results"]}
    assert labels and labels <= {
        "Uitspraak",
        "Artikel",
        "Commentaar",
        "Vraag en antwoord",
        "Bron",
        "Scenariocontrole",
        "Term uit de woordenlijst",
        "Huisregel",
        "Overleg",
        "Beslechte zaak",
        "Steen",
    }
    assert "Niets gevonden voor “zqxv”." in visible(page("/nl/search/?q=zqxv"))


def test_an_unknown_article_number_is_answered_in_dutch(content):
    response = Client().get("/nl/go/", {"n": "999"})
    assert response.status_code == 404
    assert "Nog geen artikel “999”" in visible(response.content.decode())


def test_the_editor_form_is_in_dutch_and_a_form_error_too(content):
    client = editor_client()
    form = visible(page("/nl/articles/new/", client))
    assert "Nieuw artikel" in form and "Korte uitspraak" in form and "Opslaan" in form
    response = client.post(
        "/nl/articles/new/", {"key": "nmjl-999", "number": "12a", "title": "Test", "save": "1"}
    )
    assert response.status_code == 200
    assert "Een artikelnummer bestaat alleen uit cijfers" in response.content.decode()


def test_marking_an_article_reviewed_says_so_in_dutch(content):
    client = editor_client()
    response = client.post("/nl/articles/nmjl-6/review/", {"next": ARTICLE}, follow=True)
    assert "Artikel 6 is vandaag als beoordeeld gemarkeerd." in response.content.decode()
    assert Article.objects.get(key="nmjl-6").last_reviewed_on is not None


def test_the_english_pages_stay_english(content):
    text = visible(page("/articles/nmjl-6/"))
    assert "Article 6" in text and "Questions and answers" in text
    assert "Vragen en antwoorden" not in text


def test_a_sources_name_is_the_models_own_in_english_and_names_its_month_in_dutch(content):
    for source in Source.objects.all():
        with translation.override("en"):
            assert source_name(source) == str(source)
    letter = Source(publication="league-clarification", year=2026, month=8, locator="item 3")
    with translation.override("nl"):
        assert source_name(letter) == "Verduidelijking van de League augustus 2026, item 3"
