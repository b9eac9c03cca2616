"""Search in Dutch: a Dutch document is stemmed as Dutch (PostgreSQL's `dutch`, Snowball's
Dutch stems on SQLite), a Dutch reader finds it first by another inflection of its words,
an English reader never sees it, and Dutch synonyms count for Dutch queries only."""

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import translation

from search.index import Document, remove_document, store
from search.models import DUTCH, SearchDocument, Synonym
from search.ranking import search

pytestmark = pytest.mark.django_db

MATJOK_NL = Document(
    kind="ruling",
    key="matjok-tjok-before-poeng",
    title="Matjok: tjok gaat voor poeng",
    body=(
        "Twee spelers willen dezelfde afgegooide steen claimen: de een voor tjok, de ander "
        "voor poeng. Tjok wint, want tjok gaat voor poeng."
    ),
    url="/nl/rulings/matjok-tjok-before-poeng/",
    ruleset="matjok",
    language=DUTCH,
)
MATJOK_EN = Document(
    kind="ruling",
    key="matjok-tjok-before-poeng",
    title="Matjok: tjok before poeng",
    body="Two players want the same discard: one for tjok, one for poeng. Tjok wins.",
    url="/rulings/matjok-tjok-before-poeng/",
    ruleset="matjok",
)
CLAIMS_EN = Document(
    kind="article",
    key="claims",
    title="Claiming a discard",
    body="A claim of a discard for a pung or a kong. Players claim stones and tiles.",
    url="/articles/claims/",
    ruleset="nmjl",
)


@pytest.fixture
def indexed(db):
    for document in (MATJOK_NL, MATJOK_EN, CLAIMS_EN):
        store(document)


def urls(text, **kwargs):
    return [hit.url for hit in search(text, **kwargs).hits]


def test_a_dutch_query_in_another_inflection_finds_the_dutch_matjok_ruling_first(indexed):
    # "spelers"/"speler", "claimen"/"claim", "steen"/"stenen": one stem on both databases.
    assert urls("speler claim stenen", language="nl")[0] == MATJOK_NL.url


@pytest.mark.skipif(
    connection.vendor == "postgresql", reason="PostgreSQL's older Dutch stemmer keeps ge-"
)
def test_a_past_participle_finds_the_verb_with_snowballs_dutch_stemmer_on_sqlite(indexed):
    assert urls("geclaimde stenen", language="nl")[0] == MATJOK_NL.url


def test_a_dutch_reader_still_finds_english_pages_after_the_dutch_ones(indexed):
    found = urls("tjok poeng", language="nl")
    assert found[0] == MATJOK_NL.url
    # The English page of the same ruling is the Dutch one's original: shown once, in Dutch.
    assert MATJOK_EN.url not in found
    assert CLAIMS_EN.url in urls("discard claim", language="nl")


def test_an_english_reader_never_sees_a_dutch_document(indexed):
    assert urls("tjok poeng") == [MATJOK_EN.url]
    assert urls("tjok poeng", language="en") == [MATJOK_EN.url]


def test_an_english_readers_results_are_the_same_with_or_without_dutch_documents(indexed):
    with_dutch = [(h.url, h.snippet) for h in search("claim discard").hits]
    remove_document("ruling", MATJOK_NL.key, language=DUTCH)
    assert SearchDocument.objects.filter(language=DUTCH).count() == 0
    assert [(h.url, h.snippet) for h in search("claim discard").hits] == with_dutch


def test_a_dutch_documents_snippet_is_its_own_text_with_the_words_marked(indexed):
    hit = search("stenen claimen", language="nl").hits[0]
    assert "<mark>steen</mark>" in hit.snippet
    assert "<mark>claimen" in hit.snippet


def test_a_dutch_translation_sits_beside_its_english_original_under_one_key(indexed):
    assert SearchDocument.objects.filter(key=MATJOK_NL.key).count() == 2
    store(MATJOK_NL)  # stored again: replaced, not doubled
    assert SearchDocument.objects.filter(key=MATJOK_NL.key, language=DUTCH).count() == 1


def test_a_dutch_synonym_finds_the_word_the_page_uses_for_dutch_readers_only(indexed):
    Synonym.objects.create(key="nl-afgooien", words="afgooien, weggooien", language=DUTCH)
    store(
        Document(
            kind="term",
            key="weggooien",
            title="Weggooien",
            body="Een steen weggooien naar het midden van de tafel.",
            url="/nl/glossary/#weggooien",
            language=DUTCH,
        )
    )
    assert urls("afgooien", language="nl")[0] == "/nl/glossary/#weggooien"
    assert "/nl/glossary/#weggooien" not in urls("afgooien")


def test_dutch_stop_words_alone_find_nothing_and_raise_nothing(indexed):
    assert search("de het een", language="nl").hits == []
    assert search('"*)( NEAR de', language="nl", suggest=True) is not None


def test_the_search_page_under_nl_reads_dutch_documents_first(indexed, client):
    with translation.override("nl"):
        address = reverse("search:search")
    response = client.get(address, {"q": "speler claim stenen", "format": "json"})
    assert response.status_code == 200
    assert response.json()["results"][0]["url"] == MATJOK_NL.url
    english = client.get("/search/", {"q": "speler claim stenen", "format": "json"})
    assert MATJOK_NL.url not in [r["url"] for r in english.json()["results"]]
