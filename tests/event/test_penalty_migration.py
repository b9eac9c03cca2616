"""Retiring the house rules' penalty points (event 0003, tournaments 0007): each penalty house
rule is in the schedule, leaves the working copy with a history row saying where it went,
and the published versions keep it; the way back makes penalty house rules again."""

import pytest

from event.content import FIELDS
from tests.tournaments.test_migration import migrate, migrated_back_to

BEFORE = [("event", "0002_penalties_from_house_rules")]
AFTER = [("event", "0003_penalty_house_rules_retired")]
MIGRATION = __import__(
    "event.migrations.0003_penalty_house_rules_retired", fromlist=["IMPORTED_FIELDS"]
)


@pytest.fixture
def before(transactional_db):
    with migrated_back_to(BEFORE) as old:
        yield old


def make_tournament(apps):
    """A tournament as the content import left it before the schedule: an option's rule, a
    penalty rule with its infraction (0002), one saved since (none), an odd one with both an
    option and points, and a version published then."""
    RuleSet = apps.get_model("articles", "RuleSet")
    Tournament = apps.get_model("tournaments", "Tournament")
    HouseRule = apps.get_model("tournaments", "HouseRule")
    Infraction = apps.get_model("event", "Infraction")
    ImportedRow = apps.get_model("articles", "ImportedRow")
    nmjl, _ = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})
    event = Tournament.objects.create(slug="old-open", name="Old Open", ruleset=nmjl)
    rules = [
        ("touched-tile-is-taken", "touched-is-taken", "A touched tile is taken.", None),
        ("", "", "Misnamed discard: 25 points. Each time.", 25),
        ("", "", "Peeking at a blind pass.", 10),
        ("courtesy-pass", "on", "A courtesy pass, and 5 points for skipping it.", 5),
    ]
    made = {}
    for position, (option, value, text, points) in enumerate(rules, start=1):
        made[position] = HouseRule.objects.create(
            tournament=event,
            option=option,
            value=value,
            text=text,
            penalty_points=points,
            position=position,
        )
        ImportedRow.objects.create(
            model="tournaments.houserule", key=f"old-open/{position}", digest="x"
        )
    Infraction.objects.create(
        tournament=event,
        name="Misnamed discard",
        description=made[2].text,
        points=25,
        house_rule=made[2],
        position=2,
    )
    snapshot = {"house_rules": [{"number": 2, "text": made[2].text, "penalty_points": 25}]}
    event.versions.create(number=1, published_on="2027-01-01", snapshot=snapshot)
    return event


def test_penalty_house_rules_move_into_the_schedule_and_leave_the_working_copy(before):
    make_tournament(before)
    after = migrate(AFTER)
    HouseRule = after.get_model("tournaments", "HouseRule")
    Infraction = after.get_model("event", "Infraction")
    rules = HouseRule.objects.order_by("position")
    assert [(r.position, r.option, r.penalty_points) for r in rules] == [
        (1, "touched-tile-is-taken", None),
        (4, "courtesy-pass", None),  # it sets an option: kept as a house rule, without points
    ]
    schedule = Infraction.objects.order_by("position")
    assert [(i.name, i.points, i.position) for i in schedule] == [
        ("Misnamed discard", 25, 2),
        ("Peeking at a blind pass", 10, 3),  # saved after 0002: made here
        ("A courtesy pass, and 5 points for skipping it", 5, 4),
    ]
    assert Infraction.objects.filter(house_rule__isnull=False).count() == 1  # the kept one
    moved = after.get_model("tournaments", "HistoricalHouseRule").objects.filter(history_type="-")
    assert sorted(moved.values_list("penalty_points", "history_change_reason")) == [
        (10, "Moved into the penalty schedule"),
        (25, "Moved into the penalty schedule"),
    ]
    published = after.get_model("tournaments", "PublishedVersion").objects.get()
    assert published.snapshot["house_rules"][0]["penalty_points"] == 25  # as players read it


def test_the_content_imports_bookkeeping_follows_the_moved_rules(before):
    make_tournament(before)
    after = migrate(AFTER)
    rows = after.get_model("articles", "ImportedRow").objects
    assert sorted(rows.filter(model="tournaments.houserule").values_list("key", flat=True)) == [
        "old-open/1",
        "old-open/4",
    ]
    # Unchanged since they were made from imported rules: the files' schedule may replace them
    # (keyed by their place in the schedule, as event.content keys them).
    remembered = rows.filter(model="event.infraction").values_list("key", flat=True)
    assert sorted(remembered) == ["old-open/1", "old-open/2", "old-open/3"]


def test_an_infraction_a_director_changed_is_not_remembered_as_imported(before):
    make_tournament(before)
    before.get_model("event", "Infraction").objects.update(points=30)
    after = migrate(AFTER)
    rows = after.get_model("articles", "ImportedRow").objects.filter(model="event.infraction")
    assert sorted(rows.values_list("key", flat=True)) == ["old-open/2", "old-open/3"]


def test_the_way_back_makes_each_infraction_a_penalty_house_rule_again(before):
    make_tournament(before)
    migrate(AFTER)
    back = migrate(BEFORE)
    HouseRule = back.get_model("tournaments", "HouseRule")
    penalties = HouseRule.objects.filter(penalty_points__isnull=False).order_by("position")
    assert [(r.text, r.penalty_points) for r in penalties] == [
        ("Misnamed discard: 25 points. Each time.", 25),
        ("Peeking at a blind pass.", 10),
    ]
    assert not back.get_model("event", "Infraction").objects.filter(house_rule__isnull=True)


def test_the_migration_remembers_the_fields_the_content_import_writes():
    assert MIGRATION.IMPORTED_FIELDS == FIELDS
