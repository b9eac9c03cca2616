"""A tournament's penalty schedule: house rules that cost points, on its page, its printed
sheet and its JSON, beside the article they apply to. League rules carry no points."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import HouseRule, Tournament
from tournaments.versions import publish, published_sheet, snapshot_of

from .tournament_factories import article, confirm_publish, house_rule, td, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    director = td("penalty-td")
    made = tournament("penalty-open", directors=[director])
    mah_jongg = article("nmjl-mah-jongg", title="Declaring Mah Jongg")
    house_rule(made, "A touched tile is a taken tile.", option="touched-tile-is-taken", value=True)
    house_rule(made, "A Mah Jongg declared in error.", departs_from=mah_jongg)
    rule = made.house_rules.get(position=2)
    rule.penalty_points = 10
    rule.save()
    return {"tournament": made, "director": director, "article": mah_jongg}


def test_a_published_penalty_shows_in_points_on_the_page_and_in_the_json(event):
    publish(event["tournament"])
    page = Client().get(reverse("tournaments:tournament", args=["penalty-open"])).content.decode()
    assert "Penalties" in page
    assert "10 points" in page
    assert "A Mah Jongg declared in error." in page
    data = Client().get(reverse("tournaments:tournament-json", args=["penalty-open"])).json()
    points = {rule["text"]: rule["penalty_points"] for rule in data["house_rules"]}
    assert points == {"A touched tile is a taken tile.": None, "A Mah Jongg declared in error.": 10}


def test_a_tournament_without_penalties_shows_no_schedule(event):
    HouseRule.objects.filter(penalty_points__isnull=False).update(penalty_points=None)
    publish(event["tournament"])
    page = Client().get(reverse("tournaments:tournament", args=["penalty-open"])).content.decode()
    assert "penalty-schedule" not in page


def test_the_sheet_tells_which_penalties_apply_to_an_article(event):
    publish(event["tournament"])
    sheet = published_sheet(event["tournament"])
    assert [rule.text for rule in sheet.penalties_for("nmjl-mah-jongg")] == [
        "A Mah Jongg declared in error."
    ]
    assert sheet.penalties_for("nmjl-6") == []
    assert [rule.number for rule in sheet.rules_but_penalties] == [1]


def test_a_snapshot_without_penalties_is_what_it_was_before_penalties_existed(event):
    HouseRule.objects.update(penalty_points=None)
    for entry in snapshot_of(event["tournament"])["house_rules"]:
        assert "penalty_points" not in entry


def test_changing_a_penalty_is_a_change_players_see_and_can_be_published(event):
    made = event["tournament"]
    publish(made)
    rule = made.house_rules.get(position=2)
    rule.penalty_points = 20
    rule.save()
    client = Client()
    client.force_login(event["director"])
    assert confirm_publish(client, "penalty-open").status_code == 302
    assert made.versions.count() == 2
    assert published_sheet(made).penalties[0].penalty_points == 20


def test_a_director_sets_a_penalty_in_the_house_rule_form(event):
    made = event["tournament"]
    client = Client()
    client.force_login(event["director"])
    response = client.post(
        reverse("tournaments:house-rule-add", args=["penalty-open"]),
        {
            "option": "",
            "value": "",
            "text": "A wrong count found during play.",
            "departs_from": event["article"].pk,
            "position": 3,
            "penalty_points": 5,
        },
    )
    assert response.status_code == 302
    assert made.house_rules.get(position=3).penalty_points == 5


def test_a_negative_penalty_is_refused_and_the_text_kept(event):
    client = Client()
    client.force_login(event["director"])
    response = client.post(
        reverse("tournaments:house-rule-add", args=["penalty-open"]),
        {
            "option": "",
            "value": "",
            "text": "Typed text kept.",
            "position": 3,
            "penalty_points": -5,
        },
    )
    assert response.status_code == 200
    assert "Typed text kept." in response.content.decode()
    assert not Tournament.objects.get(slug="penalty-open").house_rules.filter(position=3).exists()
