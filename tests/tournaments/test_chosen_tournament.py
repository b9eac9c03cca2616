"""I'm at this tournament: a reader chooses a published tournament once (a cookie, no
account); the header says so with a way to leave; every article page shows, under the
ruling, that tournament's house rules that touch the article."""

import html
import re

import pytest

from articles.models import Article
from tournaments.chosen import COOKIE_NAME
from tournaments.chosen_views import from_this_site
from tournaments.models import HouseRule, Tournament
from tournaments.touching import house_rules_touching
from tournaments.versions import publish

from .tournament_factories import tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results", "no_cached_pages")]

HARBOUR = "harbour-lights-open-2027"
PRAIRIE = "prairie-winds-classic-2027"
SITE = "http://testserver"
TOUCHED_TILE = "A touched tile is a taken tile."
JOKER_EXCHANGE = "A joker exchange does not lock your exposure."


def choose(client, slug, origin=SITE):
    headers = {"HTTP_ORIGIN": origin} if origin else {}
    return client.post(f"/tournaments/{slug}/choose/", **headers)


def visible_text(response):
    page = response.content.decode()
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def under_ruling(response):
    """The page between the ruling and the rest of the article."""
    page = response.content.decode()
    start = page.index('<section class="ruling"')
    start = page.index("</section>", start)
    end = page.index('<div class="article__about">', start)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page[start:end])))


# -- choosing and leaving ----------------------------------------------------------------------


def test_choosing_a_published_tournament_sets_a_year_long_cookie_and_goes_back(client, content):
    response = client.post(
        f"/tournaments/{HARBOUR}/choose/", {"next": "/articles/nmjl-6/"}, HTTP_ORIGIN=SITE
    )
    assert response.status_code == 302 and response["Location"] == "/articles/nmjl-6/"
    cookie = response.cookies[COOKIE_NAME]
    assert cookie.value == HARBOUR
    assert cookie["max-age"] == 365 * 24 * 60 * 60
    assert cookie["httponly"] and cookie["samesite"] == "Lax"


def test_without_a_page_to_go_back_to_the_reader_lands_on_the_tournament(client, content):
    response = choose(client, HARBOUR)
    assert response["Location"] == f"/tournaments/{HARBOUR}/"


def test_a_next_address_on_another_site_is_not_followed(client, content):
    response = client.post(
        f"/tournaments/{HARBOUR}/choose/", {"next": "https://evil.example/"}, HTTP_ORIGIN=SITE
    )
    assert response["Location"] == f"/tournaments/{HARBOUR}/"


def test_a_form_posted_from_another_site_changes_nothing(client, content):
    response = choose(client, HARBOUR, origin="https://evil.example")
    assert response.status_code == 403
    assert COOKIE_NAME not in response.cookies
    assert "was not changed" in visible_text(response)


def test_a_post_that_says_nothing_of_where_it_came_from_is_refused(client, content):
    assert choose(client, HARBOUR, origin=None).status_code == 403


def test_a_post_from_this_site_is_known_by_its_referer_or_fetch_metadata(rf):
    assert from_this_site(rf.post("/", HTTP_REFERER=f"{SITE}/tournaments/"))
    assert not from_this_site(rf.post("/", HTTP_REFERER="https://evil.example/tournaments/"))
    assert from_this_site(rf.post("/", HTTP_SEC_FETCH_SITE="same-origin"))
    assert not from_this_site(rf.post("/", HTTP_SEC_FETCH_SITE="cross-site"))


def test_a_draft_tournament_cannot_be_chosen(client):
    tournament("quiet-draft")
    assert choose(client, "quiet-draft").status_code == 404


def test_choosing_is_a_post_never_a_link(client, content):
    assert client.get(f"/tournaments/{HARBOUR}/choose/").status_code == 405


def test_leaving_clears_the_cookie_and_goes_back(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    response = client.post(
        "/tournaments/choice/leave/", {"next": "/articles/nmjl-6/"}, HTTP_ORIGIN=SITE
    )
    assert response["Location"] == "/articles/nmjl-6/"
    assert response.cookies[COOKIE_NAME].value == ""
    assert response.cookies[COOKIE_NAME]["max-age"] == 0


def test_leaving_from_another_site_is_refused(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    response = client.post("/tournaments/choice/leave/", HTTP_ORIGIN="https://evil.example")
    assert response.status_code == 403 and COOKIE_NAME not in response.cookies


# -- the header and the tournament page ----------------------------------------------------------


def test_every_page_names_the_chosen_tournament_in_the_header_with_a_way_to_leave(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    for url in ("/", "/articles/nmjl-6/", "/glossary/", f"/tournaments/{PRAIRIE}/"):
        page = client.get(url).content.decode()
        header = page[page.index('<header class="site-header">') : page.index("</header>")]
        assert "At Harbour Lights Mah Jongg Open 2027" in visible_text_of(header), url
        assert 'action="/tournaments/choice/leave/"' in header
        assert "csrfmiddlewaretoken" not in header, "the header is cached for every reader"


def visible_text_of(fragment):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def test_without_a_choice_or_with_an_unknown_one_the_header_names_no_tournament(client, content):
    assert "chosen-tournament" not in client.get("/").content.decode()
    client.cookies[COOKIE_NAME] = "no-such-open"
    assert "chosen-tournament" not in client.get("/").content.decode()


def test_the_tournament_page_offers_the_choice_and_then_the_way_to_leave(client, content):
    page = client.get(f"/tournaments/{HARBOUR}/").content.decode()
    assert f'action="/tournaments/{HARBOUR}/choose/"' in page
    assert "I&#x27;m at this tournament" in page or "I'm at this tournament" in page
    client.cookies[COOKIE_NAME] = HARBOUR
    page = client.get(f"/tournaments/{HARBOUR}/").content.decode()
    assert "You are at this tournament" in page
    assert f'action="/tournaments/{HARBOUR}/choose/"' not in page


def test_the_tournament_list_offers_the_choice_for_each_published_tournament(client, content):
    page = client.get("/tournaments/").content.decode()
    assert f'action="/tournaments/{HARBOUR}/choose/"' in page
    assert f'action="/tournaments/{PRAIRIE}/choose/"' in page


# -- under the ruling ---------------------------------------------------------------------------


def test_at_harbour_lights_article_6_shows_the_house_rule_that_changes_one_of_its_checks(
    client, content
):
    client.cookies[COOKIE_NAME] = HARBOUR
    shown = under_ruling(client.get("/articles/nmjl-6/"))
    assert "At Harbour Lights Mah Jongg Open 2027" in shown
    assert "House rule 1: " + TOUCHED_TILE in shown
    assert "Changes how this check is ruled here:" in shown


def test_at_prairie_winds_article_6_shows_the_house_rule_that_departs_from_it(client, content):
    client.cookies[COOKIE_NAME] = PRAIRIE
    shown = under_ruling(client.get("/articles/nmjl-6/"))
    assert "House rule 1: " + JOKER_EXCHANGE in shown
    assert "Departs from: Article 6" in shown or "Departs from: Changing an exposure" in shown
    assert TOUCHED_TILE not in shown


def test_at_harbour_lights_the_mah_jongg_article_shows_its_penalty_in_points(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    shown = under_ruling(client.get("/articles/nmjl-mah-jongg/"))
    assert "Penalty (house rule 3): 10 points — A Mah Jongg declared in error" in shown


def test_under_league_rules_an_article_shows_no_points(client, content):
    shown = under_ruling(client.get("/articles/nmjl-mah-jongg/"))
    assert "points" not in shown


def test_without_a_choice_nothing_is_shown_under_the_ruling(client, content):
    shown = under_ruling(client.get("/articles/nmjl-6/"))
    assert "House rule" not in shown


def test_an_article_no_house_rule_touches_says_league_rules_apply(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    shown = under_ruling(client.get("/articles/matjok-claiming/"))
    assert "No house rule of this tournament touches this article: League rules apply." in shown


def test_the_page_cache_keeps_the_copies_apart(client, content):
    plain = client.get("/articles/nmjl-6/").content.decode()
    client.cookies[COOKIE_NAME] = HARBOUR
    harbour = client.get("/articles/nmjl-6/")
    client.cookies[COOKIE_NAME] = PRAIRIE
    prairie = client.get("/articles/nmjl-6/")
    client.cookies[COOKIE_NAME] = HARBOUR
    again = client.get("/articles/nmjl-6/")
    assert TOUCHED_TILE not in plain
    assert TOUCHED_TILE in harbour.content.decode() and JOKER_EXCHANGE in prairie.content.decode()
    assert again["X-Page-Cache"] == "hit" and again.content == harbour.content


def test_after_a_version_without_the_house_rule_is_published_it_is_gone(client, content):
    harbour = Tournament.objects.get(slug=HARBOUR)
    client.cookies[COOKIE_NAME] = HARBOUR
    assert TOUCHED_TILE in under_ruling(client.get("/articles/nmjl-6/"))
    HouseRule.objects.filter(tournament=harbour, text__startswith=TOUCHED_TILE).delete()
    publish(harbour)
    shown = under_ruling(client.get("/articles/nmjl-6/"))
    assert TOUCHED_TILE not in shown


def test_the_touching_rules_name_each_check_the_house_rule_changes(content):
    at = house_rules_touching(
        Article.objects.get(key="nmjl-6"), Tournament.objects.get(slug=HARBOUR)
    )
    assert [(rule.number, rule.departs) for rule in at.rules] == [(1, False)]
    assert at.rules[0].changes, "named as the cause of a difference in one of its checks"
    assert at.rules[0].departs_from.key == "nmjl-exposure-answer"
