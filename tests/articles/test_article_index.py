"""/articles/ lists every article by rule set and number; an unknown article's address
answers 404 with the nearest articles, and for editors a way to write it."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from articles.models import Article, RuleSet
from articles.nearest import nearest_articles

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_cached_pages():
    cache.clear()


@pytest.fixture
def articles(db):
    nmjl = RuleSet.objects.create(key="nmjl", name="NMJL", position=0)
    matjok = RuleSet.objects.create(key="matjok", name="Matjok", position=1)
    made = {}
    for ruleset, key, number, title in [
        (nmjl, "nmjl-205", "205", "Wrong number of tiles"),
        (nmjl, "nmjl-calling", "", "When can you call a tile?"),
        (nmjl, "nmjl-6", "6", "Changing an exposure"),
        (nmjl, "nmjl-24", "24", "Disqualifying a hand"),
        (matjok, "matjok-claiming", "", "Claiming Tiles"),
    ]:
        made[key] = Article.objects.create(ruleset=ruleset, key=key, number=number, title=title)
    made["hidden"] = Article.objects.create(
        ruleset=nmjl, key="nmjl-99", number="99", title="Draft", is_published=False
    )
    return made


def test_the_index_lists_each_rule_set_by_article_number_then_titles(client, articles):
    html = client.get(reverse("articles:index")).content.decode()
    order = ["Article 6", "Article 24", "Article 205", "When can you call a tile?", "Matjok"]
    positions = [html.index(text) for text in order]
    assert positions == sorted(positions)  # 6 before 24 before 205: numbers, not strings
    assert html.index("Matjok") < html.index("Claiming Tiles")


def test_the_index_leaves_out_unpublished_articles(client, articles):
    assert "Draft" not in client.get(reverse("articles:index")).content.decode()


def test_the_index_is_in_the_main_navigation(client, articles):
    assert 'href="/articles/"' in client.get(reverse("articles:home")).content.decode()


def test_an_unknown_article_is_a_404_offering_the_nearest_articles(client, articles):
    response = client.get("/articles/changing-exposure/")
    assert response.status_code == 404
    html = response.content.decode()
    assert 'href="/articles/nmjl-6/"' in html
    assert "The nearest articles" in html


def test_a_mistyped_number_finds_the_article_it_nearly_names(client, articles):
    html = client.get("/articles/nmjl-60/").content.decode()
    nearest = html[html.index("The nearest articles") :]
    assert nearest.index("/articles/nmjl-6/") < nearest.index("/articles/nmjl-205/")


def test_an_address_like_no_article_offers_none(client, articles):
    response = client.get("/articles/zzzzqqqq/")
    assert response.status_code == 404
    assert "The nearest articles" not in response.content.decode()


def test_an_unpublished_article_is_not_offered_as_nearest(client, articles):
    assert "/articles/nmjl-99/" not in client.get("/articles/nmjl-98/").content.decode()


def test_editors_get_a_link_to_write_the_missing_article(admin_client, articles):
    html = admin_client.get("/articles/nmjl-25/").content.decode()
    assert reverse("articles:article-create") + "?key=nmjl-25" in html
    assert reverse("articles:wanted-article", args=["nmjl-25"]) in html


def test_readers_get_no_link_to_write_it(client, articles):
    html = client.get("/articles/nmjl-25/").content.decode()
    assert reverse("articles:article-create") not in html


def test_nearest_articles_ranks_by_key_or_title_whichever_is_nearer(articles):
    published = Article.objects.published()
    assert nearest_articles("claiming-tiles", published)[0].key == "matjok-claiming"
    assert nearest_articles("nmjl-6", published)[0].key == "nmjl-6"
    assert nearest_articles("x", published) == []


def test_the_article_page_and_the_tournament_sheet_have_a_print_button(client, articles):
    html = client.get("/articles/nmjl-6/").content.decode()
    assert '<button type="button" class="print-button" data-print hidden>Print</button>' in html
    assert 'src="/static/js/print.js"' in html


def test_the_print_script_calls_window_print_and_print_styles_hide_the_button():
    from pathlib import Path

    from django.contrib.staticfiles import finders

    script = Path(finders.find("js/print.js")).read_text()
    assert "window.print()" in script and "data-print" in script
    css = Path(finders.find("css/site.css")).read_text()
    printed = css[css.index("@media print") :]
    assert ".print-button" in printed.split("display: none")[0]
