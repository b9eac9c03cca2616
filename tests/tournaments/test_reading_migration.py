"""House rules' on/off values become reading names (tournaments 0005) and come back on the
way down: every option with readings maps both ways, one without keeps on/off, a plain-text
rule keeps no value. History rows are migrated alike."""

import importlib

import pytest

from .test_migration import migrate, migrated_back_to

BEFORE = [("tournaments", "0004_penalty_points")]
AFTER = [("tournaments", "0005_rules_as_of_and_readings")]
MIGRATION = importlib.import_module("tournaments.migrations.0005_rules_as_of_and_readings")

RULES = [
    ("touched-tile-is-taken", True, "touched-is-taken"),
    ("joker-exchange-locks-exposure", False, "open-until-discard"),
    ("one-joker-exchange-at-a-time", True, "one-at-a-time"),
    ("courtesy-pass", False, "off"),
    ("", None, ""),
]


@pytest.fixture
def before(transactional_db):
    with migrated_back_to(BEFORE) as old:
        yield old


def make_rules(apps):
    RuleSet = apps.get_model("articles", "RuleSet")
    Tournament = apps.get_model("tournaments", "Tournament")
    HouseRule = apps.get_model("tournaments", "HouseRule")
    History = apps.get_model("tournaments", "HistoricalHouseRule")
    nmjl, _ = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})
    event = Tournament.objects.create(slug="old-open", name="Old Open", ruleset=nmjl)
    for position, (option, value, _) in enumerate(RULES, start=1):
        rule = HouseRule.objects.create(
            tournament=event,
            option=option,
            value=value,
            text=f"Rule {position}.",
            position=position,
        )
        History.objects.create(
            id=rule.id,
            tournament_id=event.id,
            option=option,
            value=value,
            text=rule.text,
            position=position,
            history_date="2026-11-20T09:30Z",
            history_type="+",
        )


def values(apps, model):
    return [
        (row.option, row.value)
        for row in apps.get_model("tournaments", model).objects.order_by("position")
    ]


def test_on_off_become_the_readings_they_stand_for_and_come_back(before):
    make_rules(before)
    named = migrate(AFTER)
    expected = [(option, name) for option, _, name in RULES]
    assert values(named, "HouseRule") == expected
    assert values(named, "HistoricalHouseRule") == expected
    back = migrate(BEFORE)
    original = [(option, value) for option, value, _ in RULES]
    assert values(back, "HouseRule") == original
    assert values(back, "HistoricalHouseRule") == original


def test_the_migrations_readings_are_the_engines_readings_for_off_and_on():
    from mahjong_rules.engine.options import OPTIONS

    for name, (off, on) in MIGRATION.READINGS.items():
        assert OPTIONS[name].reading(off).value is False, name
        assert OPTIONS[name].reading(on).value is True, name
