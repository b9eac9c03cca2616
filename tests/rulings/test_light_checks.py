"""An article page's checks come light: each its summary line, then its situations and
verdicts in words; its whole drawing (steps, tiles) is fetched from its own address when a
reader opens it, and only readers' checks of published articles are drawn there."""

import re

from django.contrib.auth.models import User

from rulings.models import Scenario
from tests.rulings.conftest import CALLING, SCENARIO_CHECKS, checks_section, shown_though_it_fails

pytestmark = SCENARIO_CHECKS

DRAWING = "/scenarios/calling/drawing/nmjl-calling/"


def scenario(slug, text):
    return Scenario.objects.create(slug=slug, title=slug.capitalize(), text=text)


def light_section(article):
    return "".join(checks_section(article).data["drawings"])


def test_a_check_on_the_article_page_says_each_situation_and_its_verdict_without_tiles(article):
    scenario("calling", CALLING)
    html = light_section(article)
    assert 'data-drawing="/scenarios/calling/drawing/nmjl-calling/"' in html
    words = " ".join(re.sub(r"<[^>]+>", "", html).split())
    assert "Calling 2 checks, all confirmed" in words
    assert "A pair lets you call → Allowed: A call needs a pair." in words
    assert "A single tile does not → Not allowed: A call needs a pair." in words
    assert "<img" not in html and 'class="steps"' not in html
    assert "For scenario authors" not in html


def test_opened_a_check_fetches_its_whole_drawing_as_the_print_view_draws_it(client, article):
    scenario("calling", CALLING)
    response = client.get(DRAWING)
    assert response.status_code == 200
    fragment = response.content.decode()
    assert 'class="steps"' in fragment and '<img class="tile"' in fragment
    assert "For scenario authors" in fragment
    [printed] = checks_section(article, printed=True).data["drawings"]
    assert fragment == printed
    assert response["X-Robots-Tag"] == "noindex"


def test_a_checks_drawing_is_kept_for_the_next_reader(client, article):
    scenario("calling", CALLING)
    assert client.get(DRAWING)["X-Page-Cache"] == "miss"
    assert client.get(DRAWING)["X-Page-Cache"] == "hit"


def test_without_javascript_a_check_links_to_its_place_on_the_scenarios_page(client, article):
    scenario("calling", CALLING)
    link = re.search(r'class="scenario-link"><a href="([^"]+)"', light_section(article))
    assert link.group(1) == "/scenarios/calling/#check-calling-3"
    page = client.get("/scenarios/calling/").content.decode()
    assert 'id="check-calling-3"' in page


def test_a_check_that_never_ran_clean_has_no_drawing_even_for_its_writers(client, article, editor):
    made = scenario("calling", CALLING.replace("Then that is refused", "Then that is allowed"))
    assert made.is_draft
    assert client.get(DRAWING).status_code == 404
    client.force_login(editor)
    assert client.get(DRAWING).status_code == 404


def test_a_draft_saved_over_a_clean_check_draws_the_clean_version(client, article):
    made = scenario("calling", CALLING)
    made.text = CALLING.replace("A pair lets you call", "Draft words nobody may read")
    made.text = made.text.replace("Then that is refused", "Then that is allowed")
    made.save()
    assert made.is_draft
    fragment = client.get(DRAWING).content.decode()
    assert "A pair lets you call" in fragment and "Draft words" not in fragment


def test_no_drawing_for_an_article_the_check_is_not_linked_to_or_not_published(
    client, article, other_article
):
    scenario("calling", CALLING)
    assert client.get("/scenarios/calling/drawing/nmjl-6/").status_code == 404
    assert client.get("/scenarios/calling/drawing/no-such-article/").status_code == 404
    assert client.get("/scenarios/no-such-check/drawing/nmjl-calling/").status_code == 404
    article.is_published = False
    article.save()
    assert client.get(DRAWING).status_code == 404


def test_a_check_shown_though_it_fails_comes_open_with_its_drawing_to_fetch(article):
    shown_though_it_fails("wrong", CALLING.replace("Then that is refused", "Then that is allowed"))
    html = light_section(article)
    tag = re.search(r"<details [^>]*>", html).group(0)
    assert tag.endswith(" open>") and 'data-drawing="/scenarios/wrong/drawing/nmjl-calling/"' in tag


def test_a_signed_in_reader_gets_the_same_drawing_uncached(client, article):
    scenario("calling", CALLING)
    client.force_login(User.objects.create_user("someone", password="pw-for-tests"))
    response = client.get(DRAWING)
    assert response.status_code == 200 and "X-Page-Cache" not in response
    assert 'class="steps"' in response.content.decode()
