"""What check_scenarios prints: the text report and the JSON document, from results."""

import json
from pathlib import Path

import pytest
from fake_engine import run, run_under
from mahjong_rules.scenarios import report
from mahjong_rules.scenarios.results import Status

PASSING = "Feature: Fine\n  Scenario: counted\n    Then South has 13 tiles\n"
FAILING = "Feature: Wrong\n  Scenario: miscounted\n    Then South has 12 tiles\n"
UNDEFINED = "Feature: Typo\n  Scenario: misspelt seat\n    Then Sooth has 13 tiles\n"
BROKEN = "Feature: Broken\n  Scenario: a\n    Then South has 13 tiles\n    Thn oops\n"
WITHDRAW = """\
Feature: Withdrawing
  Scenario: A touched tile may be given back
    When South touches the called tile
    And South withdraws the call
    Then that is allowed
"""


def league(*texts):
    return report.Run(report.LEAGUE, [run(text, f"f{i}.feature") for i, text in enumerate(texts)])


def test_the_text_report_ends_with_exactly_the_passed_and_failed_counts():
    text = report.to_text([league(PASSING, FAILING, UNDEFINED, BROKEN)])
    assert text.splitlines()[-1] == "1 passed, 3 failed"


def test_the_text_report_shows_the_failing_step_its_line_and_why():
    lines = report.to_text([league(FAILING)]).splitlines()
    assert lines[0] == "League rules"
    assert "f0.feature: Wrong" in lines[1]
    assert lines[2].split() == ["failed", "Scenario:", "miscounted", "(line", "2)"]
    assert lines[3].strip() == "line 3: Then South has 12 tiles"
    assert lines[4].strip() == "South has 13 tiles, not 12."


def test_the_text_report_gives_an_undefined_steps_nearest_phrases():
    text = report.to_text([league(UNDEFINED)])
    assert "line 3: Then Sooth has 13 tiles" in text
    assert "Nearest known phrases: “South has 13 tiles”" in text


def test_the_text_report_also_shows_a_later_step_that_matches_no_phrase():
    text = FAILING + "    And Sooth has 13 tiles\n    And South has 13 tiles\n"
    lines = [line.strip() for line in report.to_text([league(text)]).splitlines()]
    assert lines[3:7] == [
        "line 3: Then South has 12 tiles",
        "South has 13 tiles, not 12.",
        "line 4: And Sooth has 13 tiles",
        lines[6],
    ]
    assert lines[6].startswith("Not run, and it also matches no phrase: No Then phrase matches")
    assert "line 5:" not in "\n".join(lines)  # a later step that reads fine is not listed
    assert lines[-1] == "0 passed, 1 failed"


def test_the_text_report_gives_a_parse_errors_line_and_column():
    text = report.to_text([league(BROKEN)])
    assert "the text cannot be run" in text
    assert "line 4, column 5: “Thn” is not a Gherkin keyword" in text


def test_the_text_report_names_the_house_rule_that_makes_a_scenario_differ():
    run_ = report.Run("Tournament “Spring”", [run_under(WITHDRAW, {"touched-tile-is-taken": True})])
    text = report.to_text([run_])
    assert "differs" in text
    assert "because of the house rule(s) “touched-tile-is-taken”" in text
    assert text.splitlines()[-1] == "1 passed, 0 failed"


def test_the_json_document_has_the_contracts_shape():
    document = json.loads(report.dumps([league(PASSING, FAILING)]))
    assert (document["passed"], document["failed"]) == (1, 1)
    passed, failed = document["scenarios"]
    assert {"name", "file", "line", "status", "steps"} <= set(passed)
    assert (passed["name"], passed["file"], passed["line"], passed["status"]) == (
        "counted",
        "f0.feature",
        2,
        "passed",
    )
    [step] = failed["steps"]
    assert {"line", "text", "status", "verdict", "rule", "article", "message"} <= set(step)
    assert (step["line"], step["text"], step["status"], step["verdict"]) == (
        3,
        "South has 12 tiles",
        "failed",
        None,
    )
    assert step["message"] == "South has 13 tiles, not 12."
    assert "because" not in failed


def test_an_actions_verdict_rule_and_article_are_in_the_json():
    document = report.to_json([league(WITHDRAW)])
    withdraw = document["scenarios"][0]["steps"][1]
    assert (withdraw["verdict"], withdraw["rule"], withdraw["article"]) == (
        "allowed",
        "call_may_be_withdrawn",
        "nmjl-205",
    )


def test_a_differs_entry_names_its_house_rules_in_because():
    runs = [report.Run("Spring", [run_under(WITHDRAW, {"touched-tile-is-taken": True})], "spring")]
    [entry] = report.to_json(runs)["scenarios"]
    assert (entry["status"], entry["because"], entry["tournament"]) == (
        "differs",
        ["touched-tile-is-taken"],
        "spring",
    )


def test_a_text_that_does_not_parse_is_one_undefined_entry_with_its_problems():
    document = report.to_json([league(BROKEN)])
    [entry] = document["scenarios"]
    assert (entry["status"], entry["line"], entry["file"]) == ("undefined", 4, "f0.feature")
    assert entry["problems"][0]["column"] == 5
    assert document["failed"] == 1


def test_exit_status_is_one_when_anything_failed_or_was_undefined_else_zero():
    assert report.exit_status([league(PASSING)]) == 0
    assert report.exit_status([league(PASSING, UNDEFINED)]) == 1
    assert report.exit_status([league(BROKEN)]) == 1


def test_feature_files_in_folders_are_found_recursively_in_sorted_order(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.feature").write_text(PASSING)
    (tmp_path / "a.feature").write_text(FAILING)
    (tmp_path / "notes.txt").write_text("not a feature")
    found = report.read_feature_files([tmp_path])
    assert [file.uri for file in found] == [
        str(tmp_path / "a.feature"),
        str(tmp_path / "b" / "z.feature"),
    ]
    assert found[0][1] == FAILING


def test_a_missing_path_cannot_be_read(tmp_path):
    with pytest.raises(report.UnreadablePath, match="no such"):
        report.read_feature_files([tmp_path / "missing.feature"])


def test_a_file_that_cannot_be_opened_cannot_be_read(tmp_path, monkeypatch):
    (tmp_path / "locked.feature").write_text(PASSING)

    def refuse(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", refuse)
    with pytest.raises(report.UnreadablePath, match="locked.feature: cannot be read"):
        report.read_feature_files([tmp_path])


def test_a_file_that_is_not_utf8_is_kept_with_its_problem_and_the_others_are_read(tmp_path):
    (tmp_path / "a_binary.feature").write_bytes(b"Feature: \xff\xfe\x00bad")
    (tmp_path / "b_fine.feature").write_text(PASSING)
    binary, fine = report.read_feature_files([tmp_path])
    assert "not UTF-8 (byte 10 " in binary.problem
    assert (fine.uri, fine.text, fine.problem) == (str(tmp_path / "b_fine.feature"), PASSING, None)
    result = report.unreadable(binary)
    assert result.status == Status.PARSE_ERROR
    assert report.exit_status([report.Run(report.LEAGUE, [result])]) == 1


def test_a_folder_without_feature_files_is_noted(tmp_path):
    notes = []
    assert report.read_feature_files([tmp_path], notes) == []
    assert notes == [f"no .feature files in {tmp_path}"]


def test_a_failing_steps_table_is_in_the_text_report_and_the_json():
    from mahjong_rules.scenarios.runner import run_text

    pytest.importorskip("mahjong_rules.scenarios.steps")
    wrong = (
        "Feature: W\n  Scenario: s\n    Given West has discarded 3B\n    Then South has 12 tiles\n"
    )
    runs = [report.Run(report.LEAGUE, [run_text(wrong, "w.feature")])]
    [failed] = [
        step
        for step in json.loads(report.dumps(runs))["scenarios"][0]["steps"]
        if step["status"] == "failed"
    ]
    assert failed["table"] and "W:3B" in failed["table"]
    assert f"table: {failed['table']}" in report.to_text(runs)
