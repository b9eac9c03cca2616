"""A tournament's penalty schedule on its sheet: the event's infractions, published with the
house rules, in points with what a repeat costs, on its page, its printed sheet and its JSON,
beside the article they apply to. League rules carry no points, and a house rule has none."""

import pytest
from django.test import Client
from django.urls import reverse

from event.models import Infraction
from tournaments.versions import (
    NothingToPublish,
    changes_between,
    publish,
    published_sheet,
    snapshot_of,
    unpublished_changes,
)

from .tournament_factories import article, confirm_publish, house_rule, td, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    director = td("penalty-td")
    made = tournament("penalty-open", directors=[director])
    mah_jongg = article("nmjl-mah-jongg", title="Declaring Mah Jongg")
    house_rule(made, "A touched tile is a taken tile.", option="touched-tile-is-taken", value=True)
    penalty = Infraction.objects.create(
        tournament=made,
        name="Mah Jongg in error",
        description="A Mah Jongg declared in error.",
        article=mah_jongg,
        points=10,
        second_points=20,
    )
    return {"tournament": made, "director": director, "article": mah_jongg, "penalty": penalty}


def sheet_page(slug="penalty-open") -> str:
    return Client().get(reverse("tournaments:tournament", args=[slug])).content.decode()


def test_a_published_penalty_shows_in_points_with_its_upgrade_on_the_page_and_in_the_json(event):
    publish(event["tournament"])
    page = sheet_page()
    assert "Penalties" in page
    assert '<span class="penalty-points">10 points</span>' in page
    assert "Second and later offences: 20 points" in page
    assert "A Mah Jongg declared in error." in page
    data = Client().get(reverse("tournaments:tournament-json", args=["penalty-open"])).json()
    assert [rule["text"] for rule in data["house_rules"]] == ["A touched tile is a taken tile."]
    assert "penalty_points" not in data["house_rules"][0]
    (penalty,) = data["penalties"]
    assert (penalty["name"], penalty["points"], penalty["second_offence"]) == (
        "Mah Jongg in error",
        10,
        20,
    )
    assert penalty["upgrade_path"] == ["second and later offences: 20 points"]
    assert penalty["applies_to"]["key"] == "nmjl-mah-jongg" and penalty["house_rule"] is None


def test_a_head_td_decision_is_said_in_words_on_the_sheet(event):
    Infraction.objects.filter(pk=event["penalty"].pk).update(
        second_points=None, second_head_td_decides=True
    )
    publish(event["tournament"])
    assert "Second and later offences: the head TD decides" in sheet_page()


def test_a_tournament_without_penalties_shows_no_schedule_and_keeps_none(event):
    Infraction.objects.all().delete()
    assert "penalties" not in snapshot_of(event["tournament"])
    publish(event["tournament"])
    assert "penalty-schedule" not in sheet_page()


def test_the_sheet_tells_which_penalties_apply_to_an_article(event):
    publish(event["tournament"])
    sheet = published_sheet(event["tournament"])
    assert [p.text for p in sheet.penalties_for("nmjl-mah-jongg")] == [
        "A Mah Jongg declared in error."
    ]
    assert sheet.penalties_for("nmjl-6") == []
    assert [rule.number for rule in sheet.rules_but_penalties] == [1]


def test_a_penalty_on_a_ruling_alone_applies_to_that_rulings_article(event):
    from articles.models import Ruling

    ruling = Ruling.objects.create(
        article=article("nmjl-205", title="Wrong number of tiles"),
        slug="wrong-count-is-dead",
        question="Is a hand with the wrong count dead?",
        answer="Yes.",
    )
    Infraction.objects.create(
        tournament=event["tournament"], name="Wrong count", ruling=ruling, points=5
    )
    (entry,) = [p for p in snapshot_of(event["tournament"])["penalties"] if p["ruling"]]
    assert (entry["article"], entry["ruling"]) == ("nmjl-205", "wrong-count-is-dead")


def test_changing_an_infractions_points_is_a_change_players_see_and_can_be_published(event):
    made = event["tournament"]
    publish(made)
    with pytest.raises(NothingToPublish):
        publish(made)
    Infraction.objects.filter(pk=event["penalty"].pk).update(points=15)
    (change,) = unpublished_changes(made)
    assert change.summary == "Penalty “Mah Jongg in error” changed."
    assert change.after["text"].startswith("Mah Jongg in error: 15 points;")
    client = Client()
    client.force_login(event["director"])
    assert confirm_publish(client, "penalty-open").status_code == 302
    assert made.versions.count() == 2
    assert published_sheet(made).penalties[0].points == 15
    assert '<span class="penalty-points">15 points</span>' in sheet_page()


def test_an_old_versions_penalty_house_rules_are_the_schedule_they_became(event):
    """A version published before the schedule, and the working copy migrated from it: the
    same rules, so nothing to publish and no change to tell players."""
    made = event["tournament"]
    Infraction.objects.filter(pk=event["penalty"].pk).update(
        name="A Mah Jongg declared in error", second_points=None
    )
    new = snapshot_of(made)
    old = {key: value for key, value in new.items() if key != "penalties"}
    old["house_rules"] = [
        *new["house_rules"],
        {"number": 2, "option": "", "value": None, "text": "A Mah Jongg declared in error.",
         "departs_from": "nmjl-mah-jongg", "penalty_points": 10},
    ]  # fmt: skip
    assert changes_between(old, new) == []
    made.versions.create(number=1, published_on="2027-01-01", snapshot=old)
    made.status = made.Status.PUBLISHED
    made.save()
    with pytest.raises(NothingToPublish):
        publish(made)
    Infraction.objects.filter(pk=event["penalty"].pk).update(points=12)
    assert [c.kind for c in unpublished_changes(made)] == ["penalty changed"]


def test_two_old_versions_still_compare_their_penalty_house_rules_as_house_rules():
    before = {"house_rules": [{"number": 1, "text": "Peek.", "penalty_points": 10}]}
    after = {"house_rules": [{"number": 1, "text": "Peek.", "penalty_points": 20}]}
    assert [c.summary for c in changes_between(before, after)] == ["House rule 1 changed."]


def test_the_house_rule_form_has_no_penalty_points(event):
    client = Client()
    client.force_login(event["director"])
    url = reverse("tournaments:house-rule-add", args=["penalty-open"])
    assert "penalty_points" not in client.get(url, {"plain": 1}).content.decode()
    response = client.post(
        url,
        {"text": "Phones off at the table.", "position": 2, "penalty_points": 5, "plain": 1},
    )
    assert response.status_code == 302
    assert not hasattr(event["tournament"].house_rules.get(position=2), "penalty_points")


def test_a_negative_penalty_is_refused_in_the_schedule_and_the_text_kept(event):
    client = Client()
    client.force_login(event["director"])
    response = client.post(
        reverse("event:infraction-add", args=["penalty-open"]),
        {"name": "Typed name kept", "points": -5, "position": 0},
    )
    assert response.status_code in (200, 400)
    assert "Typed name kept" in response.content.decode()
    assert not Infraction.objects.filter(name="Typed name kept").exists()
