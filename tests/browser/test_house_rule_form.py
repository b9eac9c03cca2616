"""A tournament director writes a house rule on a phone, from the ruling it changes to the
published sheet, and never reads an engine option's key or a reading's name on the way: the
sheet then shows the ruling with the tournament's answer and the League's."""

import re

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from playwright.sync_api import expect

from articles.models import Ruling
from tests.browser.test_no_engine_words import CLOSED_TEXT, engine_patterns, reading_names
from tournaments.models import Tournament

pytestmark = pytest.mark.browser

SLUG = "harbour-lights-open-2027"
RULING = "joker-exchange-ends-the-change-window"
READING = "The exposure may change until the caller discards, joker exchange or not."
RULE = "You may change your exposure until you discard, even after a joker exchange."


def engine_words_on(page, patterns):
    """The engine's words in the text the director sees (folds for authors left closed)."""
    text = page.evaluate(CLOSED_TEXT)
    return [match.group(0) for pattern in patterns for match in pattern.finditer(text)]


def test_a_director_on_a_phone_writes_a_house_rule_from_a_ruling_to_the_published_sheet(
    browser, seeded_server
):
    director = User.objects.create_user("harbour-td", password="pw-for-tests")
    director.groups.add(Group.objects.get_or_create(name="Tournament directors")[0])
    tournament = Tournament.objects.get(slug=SLUG)
    tournament.directors.add(director)
    next_number = tournament.versions.order_by("-number").first().number + 1
    client = Client()
    client.force_login(director)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": seeded_server}]
    )
    page = context.new_page()
    patterns = [*engine_patterns(), reading_names()]
    seen = {}

    page.goto(f"{seeded_server}/tournaments/{SLUG}/edit/")
    page.get_by_role("link", name="Add a house rule").click()
    expect(page.get_by_text("Which ruling does your house rule change?")).to_be_visible()
    page.get_by_label("Words of its question or answer").fill("joker exchange same turn")
    page.get_by_role("button", name="Find rulings").click()
    seen["step 1"] = engine_words_on(page, patterns)
    question = Ruling.objects.get(slug=RULING).question
    page.get_by_role("link", name=question).click()

    expect(page.get_by_text("How does your tournament rule it?")).to_be_visible()
    seen["step 2"] = engine_words_on(page, patterns)
    page.get_by_label(f"{READING} (Allowed)").check()
    page.get_by_label("The house rule, in full, as a player will read it").fill(RULE)
    page.get_by_role("button", name="Save the house rule").click()

    expect(page).to_have_url(re.compile(rf"/tournaments/{SLUG}/edit/$"))
    expect(page.locator(".rule-text", has_text=RULE)).to_be_visible()
    seen["desk"] = engine_words_on(page, patterns)
    page.get_by_role("link", name="Publish…").click()
    seen["publishing"] = engine_words_on(page, patterns)
    page.get_by_role("button", name=f"Confirm: publish version {next_number}").click()

    expect(page).to_have_url(re.compile(rf"/tournaments/{SLUG}/$"))
    page.emulate_media(media="print")  # the sheet as it prints
    seen["sheet"] = engine_words_on(page, patterns)
    number = page.locator(".house-rules > li", has_text=RULE).get_attribute("value")
    changes = " ".join(page.locator(".house-rules > li", has_text=RULE).inner_text().split())
    context.close()

    assert seen == {name: [] for name in seen}
    assert (
        f"The rulings it changes: {question} — At {tournament.name}: Yes. {RULE[:-1]} "
        f"(house rule {number}) · League rules: No, since the NMJL Bulletin 2025."
    ) in changes
