"""`manage.py check_scenarios` as the contract gives it: paths or the database, League rules or
a tournament's house rules, text or JSON, exit status 0 / 1 / 2."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from articles.models import RuleSet
from rulings.models import Scenario
from tournaments.models import HouseRule, Tournament

ROOT = Path(__file__).resolve().parents[2]

PASSING = "Feature: Fine\n  Scenario: counted\n    Then South has 13 tiles\n"
FAILING = "Feature: Wrong\n  Scenario: miscounted\n    Then South has 12 tiles\n"
BROKEN = "Feature: Broken\n  Givn South has 13 tiles\n  Scenario: a\n    Then South has 13 tiles\n"
WITHDRAW = """\
Feature: Withdrawing
  Scenario: A touched tile may be given back
    When South touches the called tile
    And South withdraws the call
    Then that is allowed
"""


def check(*args):
    """Run the command; return (exit status, stdout)."""
    out = StringIO()
    try:
        call_command("check_scenarios", *args, stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


@pytest.fixture
def features(tmp_path):
    folder = tmp_path / "scenarios"
    (folder / "more").mkdir(parents=True)
    (folder / "a_fine.feature").write_text(PASSING)
    (folder / "more" / "withdraw.feature").write_text(WITHDRAW)
    return folder


def test_all_scenarios_passing_exits_zero_with_the_closing_line(fake_engine, features):
    status, out = check(str(features))
    assert status == 0
    assert out.rstrip("\n").splitlines()[-1] == "2 passed, 0 failed"
    assert "League rules" in out


def test_a_failing_scenario_exits_one_and_shows_the_failing_step(fake_engine, features):
    (features / "b_wrong.feature").write_text(FAILING)
    status, out = check(str(features))
    assert status == 1
    assert "line 3: Then South has 12 tiles" in out
    assert "South has 13 tiles, not 12." in out
    assert out.rstrip("\n").splitlines()[-1] == "2 passed, 1 failed"


def test_a_parse_error_is_reported_with_its_line_counted_as_failed_and_never_crashes(
    fake_engine, tmp_path
):
    path = tmp_path / "broken.feature"
    path.write_text(BROKEN)
    status, out = check(str(path))
    assert status == 1
    assert "line 2, column 3: “Givn” is not a Gherkin keyword" in out
    assert out.rstrip("\n").splitlines()[-1] == "0 passed, 1 failed"


def test_json_output_is_one_document_in_the_contracts_shape(fake_engine, features):
    (features / "b_wrong.feature").write_text(FAILING)
    status, out = check(str(features), "--format", "json")
    assert status == 1
    document = json.loads(out)
    assert (document["passed"], document["failed"]) == (2, 1)
    names = [(s["name"], s["status"]) for s in document["scenarios"]]
    assert names == [
        ("counted", "passed"),
        ("miscounted", "failed"),
        ("A touched tile may be given back", "passed"),
    ]
    withdraw = document["scenarios"][2]
    assert withdraw["file"].endswith("more/withdraw.feature")
    assert withdraw["line"] == 2
    assert [step["verdict"] for step in withdraw["steps"]] == ["allowed", "allowed", None]
    assert withdraw["steps"][1]["rule"] == "call_may_be_withdrawn"


def test_a_path_that_does_not_exist_exits_two():
    with pytest.raises(CommandError) as raised:
        check("/no/such/folder")
    assert raised.value.returncode == 2
    assert "no such" in str(raised.value)


def test_a_file_that_is_not_utf8_fails_on_its_own_and_the_others_still_run(tmp_path):
    (tmp_path / "a_fine.feature").write_text(PASSING)
    (tmp_path / "bad.feature").write_bytes(b"\xff\xfe\x00\x00")
    done = subprocess.run(
        [sys.executable, "manage.py", "check_scenarios", str(tmp_path), "--format", "json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"DJANGO_SETTINGS_MODULE": "config.test_settings", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 1, done.stderr
    document = json.loads(done.stdout)
    assert (document["passed"], document["failed"]) == (1, 1)
    fine, bad = document["scenarios"]
    assert (fine["file"], fine["status"]) == (str(tmp_path / "a_fine.feature"), "passed")
    assert (bad["file"], bad["parse_error"]) == (str(tmp_path / "bad.feature"), True)
    assert bad["message"].startswith("This file cannot be read as text: it is not UTF-8")


def test_an_empty_folder_passes_with_nothing_checked_and_a_note_on_stderr(fake_engine, tmp_path):
    err = StringIO()
    out = StringIO()
    call_command("check_scenarios", str(tmp_path), stdout=out, stderr=err)
    assert out.getvalue().rstrip("\n").splitlines()[-1] == "0 passed, 0 failed"
    assert err.getvalue().strip() == f"no .feature files in {tmp_path}"


def make_tournament(slug, options, status=Tournament.Status.PUBLISHED):
    ruleset, _ = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})
    tournament = Tournament.objects.create(
        name=f"The {slug.title()} Open", slug=slug, ruleset=ruleset, status=status
    )
    for position, (option, value) in enumerate(options.items()):
        HouseRule.objects.create(
            tournament=tournament, option=option, value=value, text=option, position=position
        )
    HouseRule.objects.create(tournament=tournament, text="Phones off at the table.", position=9)
    return tournament


@pytest.mark.django_db
def test_under_a_tournament_a_scenario_ruled_differently_differs_and_names_its_house_rule(
    fake_engine, features
):
    make_tournament("spring", {"touched-tile-is-taken": True, "loud-calls": True})
    status, out = check(str(features), "--tournament", "spring", "--format", "json")
    assert status == 0
    document = json.loads(out)
    assert (document["passed"], document["failed"]) == (2, 0)
    fine, withdraw = document["scenarios"]
    assert fine["status"] == "passed"
    assert (withdraw["status"], withdraw["because"]) == ("differs", ["touched-tile-is-taken"])
    assert withdraw["tournament"] == "spring"


@pytest.mark.django_db
def test_under_a_tournament_the_text_output_names_the_tournament_and_the_house_rule(
    fake_engine, features
):
    make_tournament("spring", {"touched-tile-is-taken": True})
    status, out = check(str(features), "--tournament", "spring")
    assert status == 0
    assert "Tournament “The Spring Open” (spring)" in out
    assert "because of the house rule(s) “touched-tile-is-taken”" in out
    assert out.rstrip("\n").splitlines()[-1] == "2 passed, 0 failed"


@pytest.mark.django_db
def test_an_unknown_tournament_slug_exits_two_naming_the_known_ones(fake_engine, features):
    make_tournament("spring", {})
    with pytest.raises(CommandError) as raised:
        check(str(features), "--tournament", "winter")
    assert raised.value.returncode == 2
    assert "“winter”" in str(raised.value) and "spring" in str(raised.value)


@pytest.mark.django_db
def test_with_no_path_every_stored_scenario_runs_under_league_rules_and_each_tournament(
    fake_engine,
):
    Scenario.objects.create(slug="withdraw", title="Withdraw", text=WITHDRAW)
    Scenario.objects.create(
        slug="fine", title="Fine", text=PASSING, source_file="fixtures/scenarios/fine.feature"
    )
    make_tournament("spring", {"touched-tile-is-taken": True})
    make_tournament("autumn", {}, status=Tournament.Status.DRAFT)
    status, out = check("--format", "json")
    assert status == 0
    document = json.loads(out)
    runs = [(s["rules"], s["file"], s["status"]) for s in document["scenarios"]]
    assert runs == [
        ("League rules", "fixtures/scenarios/fine.feature", "passed"),
        ("League rules", "scenario:withdraw", "passed"),
        ("Tournament “The Autumn Open” (autumn), a draft: League rules with its house rules",
         "fixtures/scenarios/fine.feature", "passed"),
        ("Tournament “The Autumn Open” (autumn), a draft: League rules with its house rules",
         "scenario:withdraw", "passed"),
        ("Tournament “The Spring Open” (spring): League rules with its house rules",
         "fixtures/scenarios/fine.feature", "passed"),
        ("Tournament “The Spring Open” (spring): League rules with its house rules",
         "scenario:withdraw", "differs"),
    ]  # fmt: skip
    assert (document["passed"], document["failed"]) == (6, 0)


@pytest.mark.django_db
def test_with_no_path_a_published_scenario_that_fails_today_exits_one(fake_engine):
    # Saved today it would be a draft; it ran clean when saved and the engine changed since.
    made = Scenario.objects.create(slug="wrong", title="Wrong", text=FAILING)
    Scenario.objects.filter(pk=made.pk).update(published_text=FAILING, is_draft=False)
    status, out = check()
    assert status == 1
    assert out.rstrip("\n").splitlines()[-1] == "0 passed, 1 failed"


@pytest.mark.django_db
def test_with_no_path_drafts_are_listed_on_their_own_line_and_the_exit_status_is_the_checks(
    fake_engine,
):
    Scenario.objects.create(slug="withdraw", title="Withdraw", text=WITHDRAW)
    never_clean = Scenario.objects.create(slug="wrong", title="Wrong", text=FAILING)
    edited = Scenario.objects.get(slug="withdraw")
    edited.text = FAILING.replace("Wrong", "Withdraw")
    edited.save()
    assert never_clean.is_draft and edited.is_draft
    status, out = check()
    assert status == 0
    lines = out.rstrip("\n").splitlines()
    assert "Drafts, not run clean yet (checked as last published): withdraw, wrong" in lines
    assert lines[-1] == "1 passed, 0 failed"  # the last clean withdraw; wrong was never clean
