"""A result in a reader's words (mahjong_rules.plain): verdicts, states, an outline row's
situation."""

from pathlib import Path

from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text

from mahjong_rules import plain

HOUSE_RULES = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "house-rules.feature"


def test_a_verdict_reads_allowed_or_not_allowed():
    assert plain.verdict_word("allowed") == "Allowed"
    assert plain.verdict_word("refused") == "Not allowed"
    assert plain.verdict_word(None) == ""


def test_a_summary_counts_checks_in_words_never_in_the_engines_status_words():
    assert plain.states_summary([Status.PASSED, Status.DIFFERS]) == "2 checks, all confirmed"
    said = plain.states_summary([Status.PASSED, Status.UNDEFINED, Status.FAILED])
    assert said == "3 checks: 1 confirmed, 1 the rules say otherwise, 1 not yet checkable"
    assert not {"passed", "undefined", "failed"} & set(said.replace(",", "").split())


def test_an_outline_row_reads_as_its_situation_not_as_its_values():
    result = run_text(HOUSE_RULES.read_text(), uri="house-rules.feature")
    rows = [run for run in result.scenarios if run.example_values]
    assert rows
    for run in rows:
        said = plain.situation(run)
        assert "setting:" not in said and "verdict:" not in said
        assert "touched-tile-is-taken" not in said
    touched = [plain.situation(r) for r in rows if "touched" in r.name]
    off = "the house rule “A touched tile is a taken tile” is off"
    assert any(s.endswith(off) for s in touched)


def test_the_ruling_of_a_check_is_its_last_actions_verdict():
    result = run_text(HOUSE_RULES.read_text(), uri="house-rules.feature")
    for run in result.scenarios:
        step = plain.ruling_step(run)
        if step is not None:
            assert step is [s for s in run.steps if s.verdict][-1]


def test_a_checks_verdict_is_read_from_its_last_then_step_as_the_doctest_shows():
    import doctest

    import mahjong_rules.scenarios.verdicts

    assert doctest.testmod(mahjong_rules.scenarios.verdicts).failed == 0
