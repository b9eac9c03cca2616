"""House rules, publishing and versions: what a player reads, and what changed."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import HouseRule, PublishedVersion, Tournament
from tournaments.versions import (
    NothingToPublish,
    as_snapshot,
    changes_between,
    changes_in,
    options_for,
    options_in,
    publish,
    published_sheet,
    unpublished_changes,
)

from .tournament_factories import article, house_rule, td, tournament

pytestmark = pytest.mark.django_db

TOUCHED = "A touched tile is a taken tile: touching the called tile commits you to it."


def test_first_publish_makes_version_one_and_makes_the_tournament_public():
    event = tournament()
    house_rule(event, TOUCHED, "touched-tile-is-taken", True, article("nmjl-6", "6"))
    director = td("ann")

    version = publish(event, director, on=datetime.date(2026, 11, 2))

    event.refresh_from_db()
    assert event.status == Tournament.Status.PUBLISHED
    assert (version.number, version.published_on) == (1, datetime.date(2026, 11, 2))
    assert version.published_by == director
    assert version.snapshot["house_rules"] == [
        {
            "number": 1,
            "option": "touched-tile-is-taken",
            "value": "touched-is-taken",  # the reading a house rule made with True stands for
            "text": TOUCHED,
            "departs_from": "nmjl-6",
        }
    ]


def test_changing_a_published_rule_makes_version_two_listing_what_changed():
    event = tournament()
    rule = house_rule(event, TOUCHED, "touched-tile-is-taken", True)
    publish(event)
    rule.text = "Touching the called tile commits the caller, as racking it does."
    rule.save()
    house_rule(event, "Rounds last 60 minutes.")

    second = publish(event)

    assert second.number == 2
    changes = changes_in(second)
    assert [c.kind for c in changes] == ["changed", "added"]
    assert changes[0].before["text"] == TOUCHED
    assert changes[0].after["text"].startswith("Touching the called tile")
    assert changes[1].summary == "House rule 2 added."


def test_the_published_sheet_keeps_the_version_players_read_until_the_next_publish():
    event = tournament()
    house_rule(event, TOUCHED, "touched-tile-is-taken", True)
    publish(event)
    house_rule(event, "Rounds last 60 minutes.")

    assert [r.text for r in published_sheet(event).rules] == [TOUCHED]
    assert [c.kind for c in unpublished_changes(event)] == ["added"]
    assert options_for(event) == {"touched-tile-is-taken": True}


def test_publishing_again_with_nothing_changed_is_refused_and_makes_no_version():
    event = tournament()
    house_rule(event, TOUCHED, "touched-tile-is-taken", True)
    publish(event)

    with pytest.raises(NothingToPublish, match="Nothing has changed since version 1"):
        publish(event)
    assert PublishedVersion.objects.filter(tournament=event).count() == 1


def test_removing_the_first_rule_reports_one_removal_not_every_later_rule_changed():
    before = {
        "base_rules": "NMJL",
        "house_rules": [
            {"number": 1, "option": "", "value": None, "text": "A", "departs_from": None},
            {"number": 2, "option": "", "value": None, "text": "B", "departs_from": None},
            {"number": 3, "option": "", "value": None, "text": "C", "departs_from": None},
        ],
    }
    after = {
        "base_rules": "NMJL, as published in 2024",
        "house_rules": [
            {"number": 1, "option": "", "value": None, "text": "B", "departs_from": None},
            {"number": 2, "option": "", "value": None, "text": "C", "departs_from": None},
        ],
    }

    changes = changes_between(before, after)

    assert [c.kind for c in changes] == ["base rules", "removed"]
    assert changes[1].before["text"] == "A"


def test_options_for_a_draft_are_its_working_copy_and_plain_text_rules_set_none():
    event = tournament()
    house_rule(event, "One exchange at a time.", "one-joker-exchange-at-a-time", True)
    house_rule(event, "Locks off.", "joker-exchange-locks-exposure", False)
    house_rule(event, "Rounds last 60 minutes.")

    assert options_for(event) == {
        "one-joker-exchange-at-a-time": True,
        "joker-exchange-locks-exposure": False,
    }


def test_a_house_rule_naming_an_unknown_option_is_refused_with_the_known_names():
    rule = HouseRule(tournament=tournament(), option="touched-is-taken", value=True, text="x")
    with pytest.raises(ValidationError) as refusal:
        rule.full_clean()
    assert "touched-tile-is-taken" in str(refusal.value.message_dict["option"])


def test_a_house_rule_with_an_option_but_no_value_is_refused():
    rule = HouseRule(tournament=tournament(), option="touched-tile-is-taken", text="x")
    with pytest.raises(ValidationError) as refusal:
        rule.full_clean()
    assert "value" in refusal.value.message_dict


def test_a_house_rule_without_its_text_is_refused_even_with_an_option():
    rule = HouseRule(tournament=tournament(), option="touched-tile-is-taken", value=True, text=" ")
    with pytest.raises(ValidationError) as refusal:
        rule.full_clean()
    assert "text" in refusal.value.message_dict


def test_a_plain_text_house_rule_with_its_text_is_valid():
    rule = HouseRule(tournament=tournament(), text="Rounds last 60 minutes.")
    rule.full_clean()  # raises if invalid


def test_a_tournament_cannot_end_before_it_starts():
    event = tournament(starts_on=datetime.date(2027, 3, 14), ends_on=datetime.date(2027, 3, 12))
    with pytest.raises(ValidationError) as refusal:
        event.full_clean()
    assert "ends_on" in refusal.value.message_dict


def test_house_rule_changes_are_kept_in_history():
    event = tournament()
    rule = house_rule(event, TOUCHED, "touched-tile-is-taken", True)
    rule.value = False
    rule.save()
    assert rule.history.count() == 2


def test_published_tournaments_with_their_latest_rules_come_in_one_query(django_assert_num_queries):
    for n in range(3):
        event = tournament(f"event-{n}")
        house_rule(event, TOUCHED, "touched-tile-is-taken", True)
        publish(event)
        house_rule(event, "Later rule.", "one-joker-exchange-at-a-time", True)
        publish(event)

    with django_assert_num_queries(1):
        found = list(Tournament.objects.published().with_published_rules())

    assert {e.published_number for e in found} == {2}
    assert all(
        options_in(as_snapshot(e.published_snapshot))
        == {"touched-tile-is-taken": True, "one-joker-exchange-at-a-time": True}
        for e in found
    )


def test_a_second_house_rule_for_the_same_option_is_refused():
    event = tournament()
    first = house_rule(event, TOUCHED, "touched-tile-is-taken", True)
    second = HouseRule(tournament=event, option="touched-tile-is-taken", value=False, text="No.")
    with pytest.raises(ValidationError) as refusal:
        second.full_clean()
    assert "already has a house rule" in str(refusal.value.message_dict["option"])
    first.full_clean()  # the rule itself is not its own twin
