"""A house rule chooses a reading of its option (its value is a reading's name), migrated
from on/off; old snapshots and files with true/false still read as the reading they meant.
The form that names options and readings is an author's (an editor who directs)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from articles.permissions import EDITORS, TOURNAMENT_DIRECTORS
from tournaments.comparison import page_as_json, tournament_page
from tournaments.forms import HouseRuleForm
from tournaments.models import HouseRule
from tournaments.versions import options_in, publish, published_sheet, unpublished_changes

from .tournament_factories import tournament, user

pytestmark = pytest.mark.django_db


@pytest.fixture
def director():
    return user("director", TOURNAMENT_DIRECTORS, EDITORS)


@pytest.fixture
def event(director):
    return tournament("spring-open", directors=[director])


def add(client, event, **data):
    return client.post(
        reverse("tournaments:house-rule-add", args=[event.slug]),
        {"text": "As the tournament plays it.", "position": 1, **data},
    )


def test_the_form_offers_each_options_readings_by_name(event):
    html = HouseRuleForm(tournament=event).as_div()
    assert '<optgroup label="joker-exchange-locks-exposure">' in html
    assert '<option value="open-until-discard">' in html
    assert '<option value="closed-by-joker-exchange">' in html
    # an option without readings is still on or off
    assert '<optgroup label="courtesy-pass">' in html


def test_an_author_chooses_a_reading_by_name_and_the_checks_rule_by_it(client, event, director):
    client.force_login(director)
    response = add(
        client, event, option="joker-exchange-locks-exposure", value="open-until-discard"
    )
    assert response.status_code == 302
    rule = event.house_rules.get()
    assert rule.value == "open-until-discard"
    publish(event)
    assert published_sheet(event).options == {"joker-exchange-locks-exposure": False}


def test_on_or_off_posted_for_an_option_with_readings_is_kept_as_the_reading_it_means(
    client, event, director
):
    client.force_login(director)
    add(client, event, option="touched-tile-is-taken", value="on")
    assert event.house_rules.get().value == "touched-is-taken"


def test_a_reading_of_another_option_is_refused_and_the_form_keeps_what_was_typed(
    client, event, director
):
    client.force_login(director)
    response = add(client, event, option="touched-tile-is-taken", value="open-until-discard")
    assert response.status_code == 200
    html = response.content.decode()
    assert "has no reading" in html and "touched-is-taken" in html
    assert "As the tournament plays it." in html
    assert not event.house_rules.exists()


def test_an_option_without_a_reading_chosen_does_not_validate(event):
    rule = HouseRule(tournament=event, option="touched-tile-is-taken", value="", text="Taken.")
    with pytest.raises(ValidationError) as refused:
        rule.full_clean()
    assert "Choose which reading" in str(refused.value.message_dict["value"])


def test_a_snapshot_published_with_on_off_reads_as_the_readings(event):
    HouseRule.objects.create(
        tournament=event, option="touched-tile-is-taken", value="touched-is-taken", text="T."
    )
    version = publish(event)
    old = dict(version.snapshot)
    old["house_rules"] = [{**entry, "value": True} for entry in old["house_rules"]]
    version.snapshot = old
    version.save()
    assert options_in(version.snapshot) == {"touched-tile-is-taken": True}
    sheet = published_sheet(event)
    assert [rule.reading for rule in sheet.rules] == ["touched-is-taken"]
    # the working copy, now named, is the same rule: nothing unpublished
    assert unpublished_changes(event) == []
    data = page_as_json(tournament_page(event))
    assert data["house_rules"][0]["value"] == "touched-is-taken"
    assert data["house_rules"][0]["on"] is True
