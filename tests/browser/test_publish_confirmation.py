"""A tournament director publishes on a phone: the Publish link shows what will change and
nothing is published until Confirm; Cancel leaves the published version as it was."""

import re

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from playwright.sync_api import expect

from tournaments.models import HouseRule, Tournament

pytestmark = pytest.mark.browser

SLUG = "harbour-lights-open-2027"
NEW_RULE = "Players may not eat at the table."


def logged_in_director(phone_page, server):
    director = User.objects.create_user("harbour-td", password="pw-for-tests")
    director.groups.add(Group.objects.get_or_create(name="Tournament directors")[0])
    tournament = Tournament.objects.get(slug=SLUG)
    tournament.directors.add(director)
    client = Client()
    client.force_login(director)
    phone_page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
    )
    return tournament


def test_publishing_shows_the_changes_and_waits_for_confirm(phone_page, seeded_server):
    tournament = logged_in_director(phone_page, seeded_server)
    HouseRule.objects.create(tournament=tournament, text=NEW_RULE, position=9)
    numbers = sorted(tournament.versions.values_list("number", flat=True))

    phone_page.goto(f"{seeded_server}/tournaments/{SLUG}/edit/")
    phone_page.get_by_role("link", name="Publish…").click()
    # Each click below loads a page: the waiting assertions wait for it.
    expect(phone_page.get_by_role("heading", level=1)).to_have_text(
        re.compile(rf"^Publish version {numbers[-1] + 1}")
    )
    expect(phone_page.get_by_text(NEW_RULE)).to_be_visible()
    assert sorted(tournament.versions.values_list("number", flat=True)) == numbers

    phone_page.get_by_role("link", name="Cancel").click()
    expect(phone_page).to_have_url(re.compile(rf"/tournaments/{SLUG}/edit/$"))
    assert sorted(tournament.versions.values_list("number", flat=True)) == numbers

    phone_page.get_by_role("link", name="Publish…").click()
    phone_page.get_by_role("button", name=f"Confirm: publish version {numbers[-1] + 1}").click()
    expect(phone_page).to_have_url(re.compile(rf"/tournaments/{SLUG}/$"))
    expect(phone_page.get_by_text(f"House rules, version {numbers[-1] + 1}")).to_be_visible()
    assert tournament.versions.count() == len(numbers) + 1
