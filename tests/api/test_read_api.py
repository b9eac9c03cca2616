"""The read API at /api/v1/: each resource, what it never shows, and how it answers."""

import json

import pytest
from django.contrib.auth.models import User
from django.test import override_settings
from django.urls import reverse

from api.models import RequestWindow
from articles.models import Article, Commentary, RuleSet
from rulings.models import Scenario
from tests.tournaments.card_factories import card
from tests.tournaments.test_card_checks import USES_CARD
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("content", "real_results")]


def nmjl():
    return RuleSet.objects.get(key="nmjl")


def get(client, url, **headers):
    response = client.get(url, **headers)
    assert response.status_code == 200, response.content[:500]
    return response.json()


def test_an_article_gives_its_ruling_text_commentary_answers_citations_and_checks(client):
    data = get(client, "/api/v1/articles/nmjl-6/")
    article = Article.objects.get(key="nmjl-6")
    assert data["key"] == "nmjl-6" and data["title"] == article.title
    assert data["ruling"]["text"] == article.ruling
    assert data["text"] == article.body
    assert [c["body"] for c in data["commentary"]] == list(
        article.commentaries.order_by("position", "pk").values_list("body", flat=True)
    )
    assert len(data["answers"]) == article.questions.count()
    cited = [c for part in data["commentary"] for c in part["citations"]] + data["citations"]
    assert cited and all(c["source"]["name"] for c in cited)
    linked = set(article.scenarios.for_readers().values_list("slug", flat=True))
    assert {s["slug"] for s in data["scenario_checks"]} == linked
    verdicts = [v for s in data["scenario_checks"] for c in s["checks"] for v in c["verdicts"]]
    assert verdicts and {"verdict", "rule", "article"} <= set(verdicts[0])


def test_an_article_lists_each_published_tournament_with_its_differences(client):
    data = get(client, "/api/v1/articles/nmjl-6/")
    published = set(Tournament.objects.published().values_list("slug", flat=True))
    shown = {t["slug"] for t in data["tournaments"]}
    assert shown and shown <= published
    for tournament in data["tournaments"]:
        for check in tournament["checks"]:
            assert check["league"] and check["tournament"]


def test_an_unknown_or_unpublished_article_is_not_found(client):
    Article.objects.filter(key="nmjl-205").update(is_published=False)
    assert client.get("/api/v1/articles/nmjl-205/").status_code == 404
    assert client.get("/api/v1/articles/no-such-key/").status_code == 404
    keys = [a["key"] for a in get(client, "/api/v1/articles/?page_size=500")["results"]]
    assert "nmjl-205" not in keys


def test_lists_are_paginated_with_a_count_and_a_next_link(client):
    data = get(client, "/api/v1/articles/")
    assert data["count"] == Article.objects.published().count()
    assert {"next", "previous", "results"} <= set(data)
    assert client.get("/api/v1/articles/?page=999").status_code == 404


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/questions/",
        "/api/v1/sources/",
        "/api/v1/glossary/",
        "/api/v1/scenarios/",
        "/api/v1/tournaments/",
    ],
)
def test_each_list_answers_with_its_first_page(client, url):
    data = get(client, url)
    assert data["count"] > 0 and data["results"]


def test_a_question_a_source_and_a_term_each_have_their_own_address(client):
    question = get(client, "/api/v1/questions/")["results"][0]
    assert get(client, f"/api/v1/questions/{question['id']}/")["answer"] == question["answer"]
    source = get(client, "/api/v1/sources/")["results"][0]
    assert get(client, source["api_url"])["key"] == source["key"]
    term = get(client, "/api/v1/glossary/")["results"][0]
    assert get(client, f"/api/v1/glossary/{term['slug']}/")["term"] == term["term"]


def test_a_scenario_gives_its_text_and_results(client):
    scenario = Scenario.objects.for_readers().first()
    data = get(client, f"/api/v1/scenarios/{scenario.slug}/")
    assert data["text"] == scenario.text and data["status"]
    assert data["checks"] and data["summary"]


def test_a_tournament_has_the_shape_of_its_older_json(client):
    slug = Tournament.objects.published().first().slug
    api = get(client, f"/api/v1/tournaments/{slug}/")
    older = get(client, reverse("tournaments:tournament-json", args=[slug]))
    assert api == older


def test_a_draft_tournament_is_not_in_the_api(client):
    Tournament.objects.create(slug="secret-cup", name="Secret Cup", ruleset=nmjl())
    assert client.get("/api/v1/tournaments/secret-cup/").status_code == 404
    slugs = [t["slug"] for t in get(client, "/api/v1/tournaments/")["results"]]
    assert "secret-cup" not in slugs


def test_search_answers_like_the_search_box(client):
    data = get(client, "/api/v1/search/?q=joker")
    older = client.get("/search/?q=joker&format=json").json()["results"]
    assert data["query"] == "joker"
    assert [hit["title"] for hit in data["results"][: len(older)]] == [h["title"] for h in older]


def test_a_draft_scenario_never_shows_only_its_last_clean_version(client):
    scenario = Scenario.objects.filter(articles__key="nmjl-6").first()
    clean = scenario.published_text
    Scenario.objects.filter(pk=scenario.pk).update(
        text="Feature: broken\n  Nonsense", is_draft=True
    )
    Scenario.objects.create(slug="never-clean", title="Never clean", text="nonsense")
    data = get(client, f"/api/v1/scenarios/{scenario.slug}/")
    assert data["text"] == clean
    assert client.get("/api/v1/scenarios/never-clean/").status_code == 404
    article = json.dumps(get(client, "/api/v1/articles/nmjl-6/"))
    assert "Nonsense" not in article and "never-clean" not in article


def test_a_private_card_decides_no_verdict_the_api_shows(client):
    owner = Tournament.objects.create(slug="home-open", name="Home Open", ruleset=nmjl())
    card("Home Card", owner=owner, private=True)
    text = USES_CARD.format(name="Home Card")
    Scenario.objects.create(slug="club", title="club", text=text, published_text=text)
    data = get(client, "/api/v1/scenarios/club/")
    assert data["status"] == "failed"
    assert not [v for c in data["checks"] for v in c["verdicts"]]
    assert "Home Card" not in json.dumps(get(client, "/api/v1/tournaments/"))


def test_a_repeat_get_with_the_etag_is_answered_304(client):
    first = client.get("/api/v1/articles/nmjl-6/")
    assert first["ETag"]
    again = client.get("/api/v1/articles/nmjl-6/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and not again.content


def test_an_edit_anywhere_makes_the_etag_stale(client):
    first = client.get("/api/v1/articles/nmjl-6/")
    commentary = Commentary.objects.filter(article__key="nmjl-6").first()
    commentary.body += "\n\nA new paragraph."
    commentary.save()
    again = client.get("/api/v1/articles/nmjl-6/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    assert "A new paragraph." in again.json()["commentary"][0]["body"]


def test_the_api_is_open_to_other_sites_for_reading(client):
    response = client.get("/api/v1/articles/", HTTP_ORIGIN="https://league.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]
    page = client.get("/articles/nmjl-6/", HTTP_ORIGIN="https://league.example")
    assert "Access-Control-Allow-Origin" not in page


def test_the_api_refuses_to_write(client):
    assert client.post("/api/v1/articles/nmjl-6/", {}).status_code == 405


def test_a_signed_in_editor_gets_what_everyone_gets(client):
    client.force_login(User.objects.create_user("ed", is_staff=True))
    Tournament.objects.create(slug="secret-cup", name="Secret Cup", ruleset=nmjl())
    assert client.get("/api/v1/tournaments/secret-cup/").status_code == 404


@override_settings(API_REQUESTS_PER_MINUTE=3, TRUSTED_PROXY_COUNT=1)
def test_too_many_requests_from_one_address_are_refused_with_a_wait(client, one_window):
    def from_client(address):
        return client.get("/api/v1/sources/", HTTP_X_FORWARDED_FOR=address, REMOTE_ADDR="10.0.0.1")

    assert [from_client("203.0.113.5").status_code for _ in range(3)] == [200] * 3
    refused = from_client("203.0.113.5")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert from_client("198.51.100.7").status_code == 200  # another client behind the proxy
    assert RequestWindow.objects.filter(address="203.0.113.5").get().requests == 4


def test_the_documentation_page_shows_examples_and_the_older_addresses(client):
    page = client.get("/api/").content.decode()
    assert "/api/v1/articles/nmjl-6/" in page and "/api/v1/schema/" in page
    assert "/hand/check.json" in page and ".json" in page and "format=json" in page
    assert 'href="/api/"' in client.get("/").content.decode()


def test_an_article_names_its_page_version_and_answers_if_modified_since(client):
    first = client.get("/api/v1/articles/nmjl-6/")
    version = first.json()["version"]
    assert version["number"] > 0 and version["permalink"].endswith(
        f"/articles/nmjl-6/version/{version['number']}/"
    )
    assert first["Last-Modified"]
    again = client.get("/api/v1/articles/nmjl-6/", HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert again.status_code == 304


def test_a_missing_resource_carries_no_etag(client):
    missing = client.get("/api/v1/articles/no-such-key/")
    assert missing.status_code == 404 and not missing.has_header("ETag")


def test_when_the_count_cannot_be_written_the_api_still_answers(client, monkeypatch):
    from django.db import DatabaseError

    from api import throttling

    def broken(address, now=None):
        raise DatabaseError("attempt to write a readonly database")

    monkeypatch.setattr(throttling, "count_request", broken)
    assert client.get("/api/v1/sources/").status_code == 200
