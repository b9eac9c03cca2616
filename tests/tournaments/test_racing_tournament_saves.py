"""Tournament details, house rules and publishing raced on two server processes.

Directors save the same tournament at the same moment: every save the desk called saved is
in the final text, directors of one paragraph meet in a conflict, directors of different
paragraphs are merged, and every version published is exactly the working copy its
publisher was looking at.
"""

import re

import pytest
from django.urls import reverse

from tests.racing import add_to_paragraph, race
from tournaments.models import HouseRule, Tournament
from tournaments.versions import fingerprint

from .tournament_factories import house_rule, td, tournament

pytestmark = pytest.mark.django_db(transaction=True)

PARAGRAPHS = "NMJL rules as published.\n\nThe card of 2026.\n\nPlus the house rules below."


@pytest.fixture
def directors(db):
    return [td(f"director{n}") for n in range(6)]


@pytest.fixture
def event(directors):
    return tournament("harbour-open", directors=directors, base_rules=PARAGRAPHS)


def words_of(text):
    return set(text.replace("\n", " ").split())


def test_six_directors_saving_the_details_at_once_lose_no_acknowledged_edit(
    race_servers, directors, event
):
    browsers = race_servers.browsers(directors)
    url = reverse("tournaments:tournament-edit", args=[event.slug])

    with race_servers.sharing():
        tally = race(browsers, url, [add_to_paragraph("base_rules", n % 3) for n in range(6)])

    assert tally.errors == [] and tally.refused == []
    assert len(tally.acknowledged) == 12
    event.refresh_from_db()
    assert [m for m in tally.acknowledged if m not in words_of(event.base_rules)] == []
    assert tally.conflicts >= 1
    assert tally.merged >= 1
    assert event.history.count() == 1 + len(tally.acknowledged)


def test_six_directors_saving_one_house_rule_at_once_lose_no_acknowledged_edit(
    race_servers, directors, event
):
    rule = house_rule(event, PARAGRAPHS)
    browsers = race_servers.browsers(directors)
    url = reverse("tournaments:house-rule-edit", args=[event.slug, rule.pk])

    with race_servers.sharing():
        tally = race(browsers, url, [add_to_paragraph("text", n % 3) for n in range(6)])

    assert tally.errors == [] and tally.refused == []
    assert len(tally.acknowledged) == 12
    rule.refresh_from_db()
    assert [m for m in tally.acknowledged if m not in words_of(rule.text)] == []
    assert tally.conflicts >= 1
    assert tally.merged >= 1
    assert rule.history.count() == 1 + len(tally.acknowledged)


def confirming(fields, marker):
    """Press Confirm on the publish page: the button's own name and value are posted too."""
    return {**fields, "confirm": "yes"}


def test_publishing_while_house_rules_are_saved_publishes_only_what_was_seen(
    race_servers, directors, event
):
    rules = [house_rule(event, f"Rule {n}.") for n in range(2)]
    # Publishers open the confirmation page, which carries the working copy it shows.
    desk = reverse("tournaments:tournament-publish", args=[event.slug])
    editing = [reverse("tournaments:house-rule-edit", args=[event.slug, r.pk]) for r in rules]
    browsers = race_servers.browsers(directors[:4])

    with race_servers.sharing():
        tally = race(
            browsers,
            [desk, desk, *editing],
            [confirming, confirming, add_to_paragraph("text", 0), add_to_paragraph("text", 0)],
            having=["working_copy", "working_copy", "base_version", "base_version"],
            rounds=3,
            saved=("saved", "published version"),
        )

    assert tally.errors == []
    published = [m for m in tally.acknowledged if m.startswith(("edit-0-", "edit-1-"))]
    saved = [m for m in tally.acknowledged if m.startswith(("edit-2-", "edit-3-"))]
    assert len(saved) == 6  # both rules' editors got every edit in
    for rule in rules:
        rule.refresh_from_db()
    assert [m for m in saved if m not in words_of(rules[0].text + " " + rules[1].text)] == []
    # Two publishers per round see one working copy: one of them at most may publish it.
    assert published and len(tally.refused) + tally.conflicts >= 3
    event.refresh_from_db()
    numbers = []
    for marker in published:
        number = int(re.search(r"Published version (\d+)", tally.told[marker]).group(1))
        version = event.versions.get(number=number)
        assert fingerprint(version.snapshot) == tally.posted[marker]["working_copy"]
        numbers.append(number)
    assert sorted(numbers) == list(range(1, event.versions.count() + 1))
    assert event.status == Tournament.Status.PUBLISHED
    assert HouseRule.objects.filter(tournament=event).count() == 2
