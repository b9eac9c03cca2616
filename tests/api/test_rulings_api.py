"""/api/v1/rulings/: each ruling with its answer and sources; with `?tournament=<slug>`, the
same tournament answers the ruling box gives a reader who chose that tournament."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory, override_settings

from articles.models import Article, RuleSet, Ruling
from articles.page import ArticlePage
from articles.sections import ruling_answers_for
from tournaments.chosen import COOKIE_NAME
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("content", "real_results")]

HARBOUR = "harbour-lights-open-2027"
PRAIRIE = "prairie-winds-classic-2027"


def get(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    return response.json()


def every_ruling(client, query=""):
    found, address = [], f"/api/v1/rulings/?page_size=500{query}"
    while address:
        data = get(client, address)
        found += data["results"]
        address = data["next"]
    return found


def hook_answers(slug):
    """What the ruling box shows a reader at the tournament, over every published article."""
    found = {}
    for article in Article.objects.published().with_page_content():
        request = RequestFactory().get(article.get_absolute_url())
        request.user = AnonymousUser()
        request.COOKIES[COOKIE_NAME] = slug
        answers = ruling_answers_for(ArticlePage(article, request))
        found.update({ruling: answer.as_json() for ruling, answer in answers.items()})
    return found


def test_every_ruling_of_a_published_article_is_listed_with_its_answer_and_sources(client):
    rulings = every_ruling(client)
    assert len(rulings) == Ruling.objects.filter(article__is_published=True).count() > 60
    racked = next(r for r in rulings if r["slug"] == "give-back-a-racked-call")
    assert racked["article"] == "nmjl-6" and racked["answer"] == "No. She must use it."
    assert racked["verdict"] == "not_allowed" and racked["citations"]
    assert racked["page"].endswith("/rulings/give-back-a-racked-call/")
    assert get(client, racked["api_url"]) == racked
    assert all(r["tournament_answer"] is None for r in rulings)


@override_settings(API_REQUESTS_PER_MINUTE=1_000_000)
@pytest.mark.parametrize("slug", [HARBOUR, PRAIRIE])
def test_the_api_at_a_tournament_gives_the_answers_the_ruling_box_gives(client, slug):
    listed = {
        r["slug"]: r["tournament_answer"]
        for r in every_ruling(client, f"&tournament={slug}")
        if r["tournament_answer"]
    }
    assert listed == hook_answers(slug) and listed
    for ruling, answer in listed.items():
        one = get(client, f"/api/v1/rulings/{ruling}/?tournament={slug}")
        assert one["tournament_answer"] == answer


def test_at_harbour_lights_the_api_answers_the_touched_tile_ruling_by_house_rule_1(client):
    data = get(
        client, f"/api/v1/rulings/touching-the-called-tile-does-not-commit/?tournament={HARBOUR}"
    )
    assert data["tournament_answer"] == {
        "tournament": HARBOUR,
        "tournament_name": "Harbour Lights Mah Jongg Open 2027",
        "house_rule": 1,
        "verdict": "not_allowed",
        "line": "At Harbour Lights Mah Jongg Open 2027: No. A touched tile is a taken tile "
        "(house rule 1)",
        "reason": "A touched tile is a taken tile",
        "penalty_points": None,
        "penalty_path": [],
        "league_answer": "Yes, under League rules. Touching does not commit the caller.",
    }
    plain = get(client, "/api/v1/rulings/touching-the-called-tile-does-not-commit/")
    assert plain["tournament_answer"] is None


def test_a_draft_or_unknown_tournament_is_the_same_404_and_an_odd_one_a_400(client):
    Tournament.objects.create(
        slug="secret-cup", name="Secret Cup", ruleset=RuleSet.objects.get(key="nmjl")
    )
    for address in ("/api/v1/rulings/", "/api/v1/rulings/give-back-a-racked-call/"):
        draft = client.get(f"{address}?tournament=secret-cup")
        unknown = client.get(f"{address}?tournament=no-such-cup")
        assert draft.status_code == unknown.status_code == 404
        assert (
            draft.json() == unknown.json() == {"detail": "No published tournament has this slug."}
        )
        odd = client.get(address, {"tournament": "<script>"})
        assert odd.status_code == 400 and "<script>" not in odd.content.decode()
    assert client.get("/api/v1/rulings/no-such-ruling/").status_code == 404
