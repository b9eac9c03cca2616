"""A director's save that meets another save: merged when they touched different things,
a conflict (both shown, nothing lost) when they touched the same; removing and publishing
act only on what the director saw."""

import pytest
from django.urls import reverse

from tournaments.models import HouseRule, Tournament

from .tournament_factories import desk_form, house_rule, opened, publish_form, td, tournament

pytestmark = pytest.mark.django_db

BASE = "NMJL rules as published by the League.\n\nPlus the house rules below."


@pytest.fixture
def director():
    return td("dora")


@pytest.fixture
def event(director):
    return tournament("harbour-open", directors=[director], base_rules=BASE, place="Paramaribo")


details = desk_form  # the details form as it was opened, with some fields changed


def someone_else_saves(obj, **values):
    for name, value in values.items():
        setattr(obj, name, value)
    obj.save()


def edit_url(event):
    return reverse("tournaments:tournament-edit", args=[event.slug])


def test_details_saved_over_another_save_to_a_different_field_are_merged(client, event, director):
    client.force_login(director)
    mine = details(event, place="Nickerie")
    someone_else_saves(Tournament.objects.get(pk=event.pk), name="Harbour Open 2027")
    response = client.post(edit_url(event), mine, follow=True)
    assert "were merged" in response.content.decode()
    event.refresh_from_db()
    assert (event.name, event.place) == ("Harbour Open 2027", "Nickerie")


def test_details_saved_over_another_save_to_the_same_field_are_a_conflict(client, event, director):
    client.force_login(director)
    mine = details(event, place="Nickerie")
    someone_else_saves(Tournament.objects.get(pk=event.pk), place="Albina")
    response = client.post(edit_url(event), mine)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Someone else saved this while you were editing" in html
    assert "Albina" in html and "Nickerie" in html
    event.refresh_from_db()
    assert event.place == "Albina"


def test_base_rules_changed_in_different_paragraphs_are_merged(client, event, director):
    client.force_login(director)
    mine = details(event, base_rules=BASE.replace("Plus the", "Plus all the"))
    someone_else_saves(
        Tournament.objects.get(pk=event.pk), base_rules=BASE.replace("League.", "League (2025).")
    )
    assert client.post(edit_url(event), mine).status_code == 302
    event.refresh_from_db()
    assert (
        event.base_rules
        == "NMJL rules as published by the League (2025).\n\nPlus all the house rules below."
    )


def test_two_valid_date_changes_that_merge_into_an_invalid_pair_are_a_conflict(
    client, event, director
):
    event.starts_on, event.ends_on = "2027-03-10", "2027-03-12"
    event.save()
    client.force_login(director)
    mine = details(event, ends_on="2027-03-11")  # one day shorter
    someone_else_saves(Tournament.objects.get(pk=event.pk), starts_on="2027-03-12")
    response = client.post(edit_url(event), mine)
    assert response.status_code == 409
    event.refresh_from_db()
    assert (str(event.starts_on), str(event.ends_on)) == ("2027-03-12", "2027-03-12")


@pytest.fixture
def rule(event):
    return house_rule(event, "Rounds last 60 minutes.\n\nA late player forfeits.")


def rule_form(rule, **changes):
    data = {"option": "", "value": "", "text": rule.text, "departs_from": "", "position": 1}
    return {**data, **opened(rule), **changes}


def test_a_house_rule_changed_in_the_same_paragraph_meanwhile_is_a_conflict(
    client, event, rule, director
):
    client.force_login(director)
    mine = rule_form(rule, text=rule.text.replace("60", "75"))
    someone_else_saves(HouseRule.objects.get(pk=rule.pk), text=rule.text.replace("60", "90"))
    url = reverse("tournaments:house-rule-edit", args=[event.slug, rule.pk])
    response = client.post(url, mine)
    assert response.status_code == 409
    assert "Rounds last 75 minutes." in response.content.decode()
    rule.refresh_from_db()
    assert "90 minutes" in rule.text


def test_a_house_rule_changed_in_another_paragraph_meanwhile_is_merged(
    client, event, rule, director
):
    client.force_login(director)
    mine = rule_form(rule, text=rule.text.replace("60", "75"))
    someone_else_saves(
        HouseRule.objects.get(pk=rule.pk), text=rule.text.replace("forfeits", "loses the hand")
    )
    url = reverse("tournaments:house-rule-edit", args=[event.slug, rule.pk])
    assert client.post(url, mine).status_code == 302
    rule.refresh_from_db()
    assert rule.text == "Rounds last 75 minutes.\n\nA late player loses the hand."


def test_a_rule_changed_after_the_remove_page_was_opened_is_not_removed(
    client, event, rule, director
):
    client.force_login(director)
    seen = opened(rule)
    someone_else_saves(HouseRule.objects.get(pk=rule.pk), text="Rounds last 90 minutes.")
    url = reverse("tournaments:house-rule-delete", args=[event.slug, rule.pk])
    response = client.post(url, seen)
    assert response.status_code == 409
    assert "Rounds last 90 minutes." in response.content.decode()
    assert HouseRule.objects.filter(pk=rule.pk).exists()
    # The page now shows the rule as it is; removing it from there goes through.
    assert client.post(url, opened(rule)).status_code == 302
    assert not HouseRule.objects.filter(pk=rule.pk).exists()


def test_publishing_a_working_copy_that_changed_since_it_was_shown_publishes_nothing(
    client, event, rule, director
):
    client.force_login(director)
    seen = publish_form(event)
    house_rule(event, "Dead walls are not counted.")
    url = reverse("tournaments:tournament-publish", args=[event.slug])
    response = client.post(url, seen)
    assert response.status_code == 409
    assert "The house rules were changed after you opened this page" in response.content.decode()
    assert event.versions.count() == 0
    # The desk now shows the new working copy; publishing from it goes through.
    assert client.post(url, publish_form(event)).status_code == 302
    (version,) = event.versions.all()
    assert len(version.snapshot["house_rules"]) == 2
