"""Small things a tournament director met on a phone (390 px wide): the rulings log's
"When" field is a tap target, the search refine form is short with each label over its
own control, folded headings have no line through them, and "Where sources disagree"
keeps readable columns."""

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from tournaments.models import Tournament

pytestmark = pytest.mark.browser

TOURNAMENT = "harbour-lights-open-2027"
PHONE_390 = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE_390, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def log_in_as_director(page, server):
    director = User.objects.create_user("harbour-td", password="pw-for-tests")
    director.groups.add(Group.objects.get_or_create(name="Tournament directors")[0])
    Tournament.objects.get(slug=TOURNAMENT).directors.add(director)
    client = Client()
    client.force_login(director)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
    )


def test_the_rulings_logs_when_field_is_at_least_44_px_tall(phone, seeded_server):
    log_in_as_director(phone, seeded_server)
    phone.goto(seeded_server + f"/tournaments/{TOURNAMENT}/log/new/")
    when = phone.get_by_label("When:")
    assert when.get_attribute("type") == "datetime-local"
    assert when.bounding_box()["height"] >= 44  # it was 24 px
    for name in ("Table:", "Round:"):
        assert phone.get_by_label(name, exact=True).get_attribute("inputmode") == "numeric"


def test_the_search_refine_form_is_short_and_each_label_sits_over_its_own_control(
    phone, seeded_server
):
    phone.goto(seeded_server + "/search/?q=joker")
    form = phone.locator("form.search-filters").bounding_box()
    assert form["height"] <= 150  # it was about 200 px of the first screen
    for label_text, control in (
        ("Words, an article number or a tile", "#search-q"),
        ("Rule set", "#search-ruleset"),
        ("Kind", "#search-kind"),
    ):
        label = phone.locator(f"form.search-filters label[for={control[1:]}]").bounding_box()
        box = phone.locator(control).bounding_box()
        assert phone.locator(f"label[for={control[1:]}]").inner_text() == label_text
        # Straight above its control: same left edge, just over its top.
        assert abs(label["x"] - box["x"]) <= 1, label_text
        assert 0 <= box["y"] - (label["y"] + label["height"]) <= 8, label_text
    overflow = phone.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0


def test_a_folded_section_heading_has_no_line_through_it(phone, seeded_server):
    phone.goto(seeded_server + "/articles/nmjl-6/")
    heading = phone.locator("details.fold > summary > h2").first
    assert heading.evaluate("h => getComputedStyle(h).borderTopStyle") == "none"
    # The section is still set apart: the rule is drawn above the whole summary line.
    summary = phone.locator("details.fold > summary").first
    assert summary.evaluate("s => getComputedStyle(s).borderTopStyle") == "solid"
    assert summary.bounding_box()["y"] < heading.bounding_box()["y"]


def test_where_sources_disagree_keeps_readable_columns_and_scrolls_in_its_own_box(
    phone, seeded_server
):
    phone.goto(seeded_server + "/articles/nmjl-6/")
    section = phone.locator("#source-disagreements")
    section.locator("summary").click()
    region = section.locator(".table-scroll").first
    cell = region.locator("th[scope=row]").first
    # One word per line was about 60 px wide; a readable column takes a phrase a line.
    assert cell.bounding_box()["width"] >= 150
    assert region.evaluate("r => r.scrollWidth > r.clientWidth")  # it scrolls, in its box
    overflow = phone.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
