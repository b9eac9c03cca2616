"""A logged ruling's round becomes a number (toolkit 0005): "2", "Round 2" and "R2" are round
2; text with no number is kept at the head of what happened; past versions alike; and back."""

import pytest

from tests.tournaments.test_migration import migrate, migrated_back_to

BEFORE = [("toolkit", "0004_logged_ruling_names_the_ruling_applied")]
AFTER = [("toolkit", "0005_a_logged_rulings_round_is_a_number")]

WRITTEN = ["2", "Round 2", "R2", "the final", ""]


@pytest.fixture
def before(transactional_db):
    with migrated_back_to(BEFORE) as old:
        yield old


def test_a_rounds_text_becomes_its_number_and_text_without_one_is_kept_in_what_happened(before):
    RuleSet = before.get_model("articles", "RuleSet")
    Tournament = before.get_model("tournaments", "Tournament")
    Entry = before.get_model("toolkit", "LoggedRuling")
    History = before.get_model("toolkit", "HistoricalLoggedRuling")
    nmjl, _ = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})
    event = Tournament.objects.create(slug="old-open", name="Old Open", ruleset=nmjl)
    for written in WRITTEN:
        entry = Entry.objects.create(
            tournament=event, round=written, what_happened="A misnamed discard.", outcome="-"
        )
        History.objects.create(
            id=entry.id,
            tournament_id=event.id,
            ruled_at=entry.ruled_at,
            round=written,
            what_happened=entry.what_happened,
            outcome="-",
            history_date="2026-11-20T09:30Z",
            history_type="+",
        )

    after = migrate(AFTER)
    for model in ("LoggedRuling", "HistoricalLoggedRuling"):
        rows = after.get_model("toolkit", model).objects.order_by("id")
        assert [(row.round, row.what_happened) for row in rows] == [
            (2, "A misnamed discard."),
            (2, "A misnamed discard."),
            (2, "A misnamed discard."),
            (None, "(Round: the final) A misnamed discard."),
            (None, "A misnamed discard."),
        ]

    back = migrate(BEFORE)
    rounds = back.get_model("toolkit", "LoggedRuling").objects.order_by("id")
    assert [row.round for row in rounds] == ["2", "2", "2", "", ""]
