"""The article page's hooks: each is given the request's page object, so any of them may run
alone or in any order and draw the same sections; none leaves anything on a model instance;
the page's queries do not grow with its scenarios or the tournaments; each scenario row is
read once per view."""

import random
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

import hooks
from articles.models import Article, Citation, Ruling, Source
from articles.page import ArticlePage
from rulings.models import Scenario
from tournaments.chosen import COOKIE_NAME
from tournaments.models import Tournament
from tournaments.versions import publish

from .tournament_factories import house_rule, tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results", "no_cached_pages")]

HARBOUR = "harbour-lights-open-2027"
ARTICLE = "nmjl-6"
PAGE_HOOKS = ("under_ruling", "article_sections")


def _page(key=ARTICLE, chosen=HARBOUR):
    article = Article.objects.published().with_page_content().get(key=key)
    request = RequestFactory().get(f"/articles/{key}/")
    request.user = AnonymousUser()
    if chosen:
        request.COOKIES[COOKIE_NAME] = chosen
    return ArticlePage(article, request)


def _page_hooks():
    return [(name, make) for name in PAGE_HOOKS for make in hooks.get_hooks(name)]


def _drawn(sections):
    return [render_to_string(section.template, {"section": section}) for section in sections]


def _label(name, make):
    return f"{name}:{make.__module__}.{make.__qualname__}"


def _alone():
    """What each hook draws when it is the only one asked, on a page of its own."""
    return {_label(name, make): _drawn(make(_page())) for name, make in _page_hooks()}


@pytest.mark.parametrize("chosen", [HARBOUR, ""])
def test_every_page_hook_draws_the_same_alone_and_in_any_order(content, chosen):
    made = _page_hooks()
    assert len(made) >= 4, "rulings, tournaments (twice) and community add to the page"
    alone = {_label(n, m): _drawn(m(_page(chosen=chosen))) for n, m in made}
    assert any(alone.values()), "the page has sections to compare"
    orders = [list(made), list(reversed(made))]
    shuffler = random.Random(23)
    for _ in range(4):
        orders.append(shuffler.sample(made, len(made)))
    for order in orders:
        page = _page(chosen=chosen)
        together = {_label(n, m): _drawn(m(page)) for n, m in order}
        assert together == alone, [_label(n, m) for n, m in order]


def test_no_hook_leaves_anything_on_the_article_or_its_parts(content):
    page = _page()
    article = page.article
    before = dict(vars(article))
    parts = [*article.commentaries.all(), *article.questions.all()]
    parts_before = [dict(vars(part)) for part in parts]
    for name, make in _page_hooks():
        make(page)
        assert vars(article).keys() == before.keys(), name
        assert all(vars(article)[key] is value for key, value in before.items()), name
    assert [dict(vars(part)) for part in parts] == parts_before


def test_no_hook_module_reaches_into_an_instance_dict():
    """Facts are kept on the page object (`ArticlePage.known`), never stashed on a model."""
    for _, make in _page_hooks():
        source = Path(__import__(make.__module__, fromlist=["_"]).__file__).read_text()
        assert "__dict__" not in source and "setattr(" not in source, make.__module__


def _view(client):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/articles/{ARTICLE}/")
    assert response.status_code == 200 and response["X-Page-Cache"] == "miss"
    return [query["sql"] for query in queries.captured_queries]


def _scenario_rows_read(sql):
    """The SELECTs that read rulings_scenario rows themselves (not a count's subquery)."""
    return [q for q in sql if q.startswith('SELECT "rulings_scenario".')]


# Pinned: the article view for a reader at a tournament (its rulings and their citations, and
# the rulings' checks for the chosen tournament's answers: test_ruling_answers.py).
ARTICLE_6_PAGE_QUERIES = 18


def _more_scenarios(count, first=0):
    text = Path("fixtures/scenarios/call-commitment.feature").read_text(encoding="utf-8")
    for n in range(first, first + count):
        numbered = re.sub(r"^Feature:", f"Feature: ({n + 1})", text, count=1, flags=re.M)
        Scenario.objects.create(slug=f"more-{n:02}", title=f"More {n}", text=numbered)


def _more_tournaments(count):
    for n in range(count):
        made = tournament(f"more-open-{n}", starts_on=None)
        house_rule(
            made, f"Rule {n}: a touched tile is taken.", "touched-tile-is-taken", "touched-is-taken"
        )
        house_rule(made, f"Rule {n}: see Article 6.", departs_from=Article.objects.get(key=ARTICLE))
        publish(made)
    return Tournament.objects.published().count()


def test_the_article_views_queries_do_not_grow_with_scenarios_or_tournaments(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    _view(client)  # every drawing made and cached, as the site has them after a save
    _more_scenarios(1)  # an edit: the next view is drawn afresh
    few = _view(client)
    assert len(few) == ARTICLE_6_PAGE_QUERIES, "\n".join(few)
    _more_scenarios(3, first=1)
    assert _more_tournaments(3) >= 5
    many = _view(client)
    assert len(many) == ARTICLE_6_PAGE_QUERIES, "\n".join(many)


def _more_rulings(count, first=0):
    article = Article.objects.get(key=ARTICLE)
    source = Source.objects.get(key="nmjl-bulletin-1970")
    for n in range(first, first + count):
        ruling = Ruling.objects.create(
            article=article,
            slug=f"more-ruling-{n}",
            position=100 + n,
            question=f"May a player do thing {n}?",
            answer="No.",
            verdict=Ruling.Verdict.NOT_ALLOWED,
            reason="Because.",
        )
        Citation.objects.create(ruling=ruling, source=source, locator="page 5")


def test_the_article_views_queries_do_not_grow_with_its_rulings(client, content):
    client.cookies[COOKIE_NAME] = HARBOUR
    _view(client)
    _more_rulings(1)  # an edit: the next view is drawn afresh
    few = _view(client)
    _more_rulings(5, first=1)
    many = _view(client)
    assert len(many) == len(few) == ARTICLE_6_PAGE_QUERIES, "\n".join(many)


@pytest.mark.parametrize("chosen", [HARBOUR, ""])
def test_each_scenario_row_is_read_once_per_view(client, content, chosen):
    if chosen:
        client.cookies[COOKIE_NAME] = chosen
    assert len(_scenario_rows_read(_view(client))) == 1
