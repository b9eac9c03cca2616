"""Watching a page: the star, who may use it, and the article page still cached for readers."""

from django.urls import reverse

from community.models import Watch
from tests.community.conftest import signed_in
from tournaments.models import Tournament


def watch_url(kind, key):
    return reverse("community:watch", args=[kind, key])


def test_a_signed_in_user_watches_article_6_and_stops_watching_it(article, watcher):
    client = signed_in(watcher)
    response = client.post(watch_url("article", "nmjl-6"), {"watch": "1"})
    assert response.status_code == 302
    assert Watch.objects.filter(user=watcher, article=article).count() == 1
    client.post(watch_url("article", "nmjl-6"), {"watch": "0"})
    assert not Watch.objects.filter(user=watcher).exists()


def test_pressing_watch_twice_keeps_one_watch_and_never_unwatches(article, watcher):
    client = signed_in(watcher)
    client.post(watch_url("article", "nmjl-6"), {"watch": "1"})
    client.post(watch_url("article", "nmjl-6"), {"watch": "1"})
    assert Watch.objects.filter(user=watcher, article=article).count() == 1


def test_an_anonymous_reader_cannot_watch(client, article):
    response = client.post(watch_url("article", "nmjl-6"), {"watch": "1"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Watch.objects.exists()


def test_watching_needs_a_post_with_the_csrf_token(article, watcher):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(watcher)
    assert client.get(watch_url("article", "nmjl-6")).status_code == 405
    assert client.post(watch_url("article", "nmjl-6"), {"watch": "1"}).status_code == 403
    assert not Watch.objects.exists()


def test_a_draft_tournament_cannot_be_watched_by_someone_who_may_not_see_it(article, watcher):
    from articles.models import RuleSet

    Tournament.objects.create(
        name="Spring Open", slug="spring-open", ruleset=RuleSet.objects.get(key="nmjl")
    )
    response = signed_in(watcher).post(watch_url("tournament", "spring-open"), {"watch": "1"})
    assert response.status_code == 404
    assert not Watch.objects.exists()


def test_an_unknown_kind_of_page_is_not_found(article, watcher):
    response = signed_in(watcher).post(watch_url("wombat", "nmjl-6"), {"watch": "1"})
    assert response.status_code == 404


def test_the_star_shows_to_signed_in_users_with_their_state(article, watcher):
    client = signed_in(watcher)
    page = client.get(article.get_absolute_url()).content.decode()
    assert "☆ Watch this page" in page
    client.post(watch_url("article", "nmjl-6"), {"watch": "1"})
    page = client.get(article.get_absolute_url()).content.decode()
    assert "★ Watching" in page


def test_the_article_page_stays_cached_for_anonymous_readers_without_a_star(client, article):
    first = client.get(article.get_absolute_url())
    second = client.get(article.get_absolute_url())
    assert first["X-Page-Cache"] == "miss" and second["X-Page-Cache"] == "hit"
    assert "Watch this page" not in second.content.decode()
    assert "Discussion" in second.content.decode()


def test_the_watchlist_lists_what_changed_since_the_last_visit(article, watcher, editor):
    from community.models import Notification

    client = signed_in(watcher)
    client.post(watch_url("article", "nmjl-6"), {"watch": "1"})
    assert "no change" in client.get(reverse("community:watchlist")).content.decode()
    Notification.objects.create(
        user=watcher, article=article, reason="edited", message="Edited", url="/x/"
    )
    page = client.get(reverse("community:watchlist")).content.decode()
    assert "1 change" in page
    assert "no change" in client.get(reverse("community:watchlist")).content.decode()


def test_the_scenario_and_tournament_pages_carry_the_star_and_the_tournament_its_talk(
    client, scenario, watcher, article
):
    from tournaments import versions

    tournament = Tournament.objects.create(
        name="Spring Open", slug="spring-open", ruleset=article.ruleset
    )
    versions.publish(tournament)
    member = signed_in(watcher)
    member.post(watch_url("scenario", scenario.slug), {"watch": "1"})
    assert "★ Watching" in member.get(scenario.get_absolute_url()).content.decode()
    page = member.get(tournament.get_absolute_url()).content.decode()
    assert "☆ Watch this page" in page
    assert reverse("community:talk", args=["tournament", "spring-open"]) in page
    anonymous = client.get(tournament.get_absolute_url()).content.decode()
    assert "Watch this page" not in anonymous and "Discussion" in anonymous
    assert "Watch this page" not in client.get(scenario.get_absolute_url()).content.decode()
