"""Rulings as a search kind of their own: indexed while their article is published, kept
current on every edit, and answering in the result list (at a chosen tournament, with the
answer its house rules give)."""

import json
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from articles.models import Citation, Ruling, Source
from search.models import KIND_LABELS, SearchDocument
from search.ranking import search
from tests.seeding import seed
from tournaments.chosen import COOKIE_NAME
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

HARBOUR = "harbour-lights-open-2027"


@pytest.fixture
def racked(rulings):
    return Ruling.objects.create(
        article=rulings["touched"],
        slug="give-back-a-racked-call",
        position=1,
        question="May a player give back a called tile once it is racked?",
        answer="No. She must use it.",
        verdict=Ruling.Verdict.NOT_ALLOWED,
        reason="A call for a tile is just like a pick from the wall.",
    )


def ruling_hits(query, **options):
    return [hit for hit in search(query, **options).hits if hit.kind == "ruling"]


def test_a_published_ruling_is_found_with_its_verdict_and_one_line_answer(racked):
    first = search("give back a called tile once racked").hits[0]
    assert (first.kind, first.url, first.kind_label) == (
        "ruling",
        "/rulings/give-back-a-racked-call/",
        "Ruling",
    )
    assert (first.verdict, first.answer, first.league_answer) == (
        "Not allowed",
        "No. She must use it.",
        "",
    )


def test_a_ruling_of_an_unpublished_article_is_never_in_search_until_it_is_published(racked):
    article = racked.article
    article.is_published = False
    article.save()
    assert not SearchDocument.objects.filter(kind="ruling").exists()
    assert not ruling_hits("give back called tile racked")
    article.is_published = True
    article.save()
    assert ruling_hits("give back called tile racked")[0].key == "give-back-a-racked-call"


def test_a_ruling_written_on_an_unpublished_article_is_not_indexed(rulings):
    draft = rulings["exchange"]
    draft.is_published = False
    draft.save()
    Ruling.objects.create(
        article=draft, slug="draft-ruling", question="May a sparrow exchange?", answer="No."
    )
    assert not SearchDocument.objects.filter(kind="ruling", key="draft-ruling").exists()
    assert not search("sparrow").hits


def test_an_edited_ruling_is_found_by_its_new_words_and_its_new_address(racked):
    racked.question = "May a caller hand back a racked discard?"
    racked.slug = "hand-back-a-racked-discard"
    racked.save()
    assert list(SearchDocument.objects.filter(kind="ruling").values_list("key", "title")) == [
        ("hand-back-a-racked-discard", "May a caller hand back a racked discard?")
    ]
    assert ruling_hits("hand back racked discard")[0].url == "/rulings/hand-back-a-racked-discard/"
    assert not ruling_hits("give")  # only the old question said it


def test_a_quotation_cited_for_a_ruling_finds_it(racked):
    source = Source.objects.create(key="bulletin-1970", publication="nmjl-bulletin", year=1970)
    Citation.objects.create(source=source, ruling=racked, quote="The caller keeps the albatross.")
    assert ruling_hits("albatross")[0].key == "give-back-a-racked-call"


def test_a_deleted_ruling_leaves_the_index(racked):
    racked.delete()
    assert not SearchDocument.objects.filter(kind="ruling").exists()


def test_the_search_box_json_gives_every_kind_a_plain_label_and_a_ruling_its_answer(racked, client):
    results = client.get("/search/", {"q": "give back called tile", "format": "json"}).json()[
        "results"
    ]
    assert results[0]["label"] == "Ruling"
    assert results[0]["answer"] == "No. She must use it."
    assert results[0]["verdict"] == "Not allowed"
    assert all(result["label"] in KIND_LABELS.values() for result in results)
    assert all("key" not in result for result in results)


def test_the_results_page_shows_the_rulings_verdict_and_answer(racked, client):
    page = client.get("/search/", {"q": "give back called tile"}).content.decode()
    assert '<strong class="search-result__verdict">Not allowed</strong> No. She must use it.' in (
        page
    )


def test_every_kind_has_a_plain_label_in_the_suggestions_script():
    script = (Path(__file__).resolve().parents[2] / "static/js/search.js").read_text("utf-8")
    for kind, label in KIND_LABELS.items():
        shown = "Q&A" if kind == "question" else "Glossary" if kind == "term" else label
        assert f"{kind}: {json.dumps(shown)}" in script, kind


@pytest.fixture
def seeds():
    seed()


def test_at_a_chosen_tournament_a_ruling_its_house_rule_changes_shows_the_tournaments_answer(
    seeds,
):
    harbour = Tournament.objects.get(slug=HARBOUR)
    hits = {
        hit.key: hit
        for hit in ruling_hits("touched lifted held called tile", kind="ruling", tournament=harbour)
    }
    touched = hits["touching-the-called-tile-does-not-commit"]
    assert touched.verdict == "Not allowed"
    assert touched.answer.startswith(
        "At Harbour Lights Mah Jongg Open 2027: No. A touched tile is a taken tile"
    )
    assert (
        touched.league_answer
        == "League rules: Yes, under League rules. Touching does not commit the caller."
    )
    unchanged = ruling_hits("touched lifted held called tile", kind="ruling")
    assert unchanged[0].answer == "Yes, under League rules. Touching does not commit the caller."


def test_the_reader_chosen_tournament_answers_in_the_search_box(seeds, client):
    client.cookies[COOKIE_NAME] = HARBOUR
    results = client.get(
        "/search/", {"q": "touched lifted held called tile", "kind": "ruling", "format": "json"}
    ).json()["results"]
    touched = next(
        r for r in results if r["url"] == "/rulings/touching-the-called-tile-does-not-commit/"
    )
    assert touched["answer"].startswith("At Harbour Lights Mah Jongg Open 2027: No.")


def test_answering_thirty_rulings_at_a_tournament_costs_no_more_queries_than_three(seeds):
    harbour = Tournament.objects.get(slug=HARBOUR)

    def queries(limit):
        with CaptureQueriesContext(connection) as captured:
            hits = search("tile", kind="ruling", limit=limit, tournament=harbour).hits
        assert len(hits) == limit
        return len(captured)

    queries(3)  # the tournament's results cached
    assert queries(30) == queries(3)


@pytest.mark.parametrize(
    ("question", "ruling"),
    [
        # "pung" is NMJL's word: the NMJL ruling, though Matjok's says "skipped … claim".
        (
            "passed over by a pung call, does she still draw",
            "skipped-player-does-not-draw",
        ),
        # "poeng" is Matjok's: the Matjok ruling, though NMJL's says "exposure call".
        (
            "passed over by a poeng claim, does she still draw",
            "matjok-skipped-player-does-not-draw",
        ),
    ],
)
def test_a_question_in_one_rule_sets_words_is_answered_by_that_rule_sets_ruling(
    seeds, question, ruling
):
    first = search(question).hits[0]
    assert (first.kind, first.url) == ("ruling", f"/rulings/{ruling}/")
