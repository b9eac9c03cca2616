"""Every ruling's checks give its verdict under League rules: 0 disagreements between the
rulings and the scenario checks that show them. Runs the engine; no database."""

import pytest

from .check_verdicts import check_verdict, disagreements, results_of
from .files import SCENARIOS, every_ruling

pytest.importorskip("mahjong_rules.scenarios.steps")


def test_every_ruling_with_a_verdict_is_shown_by_a_check_that_gives_it():
    found = disagreements(every_ruling(), SCENARIOS)
    assert not found, f"{len(found)} disagreements:\n" + "\n".join(found)


def test_most_rulings_are_shown_by_a_check():
    shown = [ruling for _key, ruling in every_ruling() if ruling["shown_by"]]
    assert len(shown) >= 0.9 * len(every_ruling())


def a_ruling(verdict, check, row=None, scenario="call-commitment"):
    return (
        "nmjl-6",
        {
            "slug": "a-ruling",
            "verdict": verdict,
            "shown_by": [{"scenario": scenario, "check": check, "row": row}],
        },
    )


def test_a_ruling_whose_check_gives_another_verdict_is_a_disagreement():
    ruling = a_ruling("allowed", "A call cannot be withdrawn once the called tile is racked")
    assert disagreements([ruling], SCENARIOS) == [
        "nmjl-6: a-ruling: says allowed, its check call-commitment: A call cannot be withdrawn "
        "once the called tile is racked gives not_allowed"
    ]


def test_a_check_or_row_that_does_not_exist_is_a_disagreement():
    missing = a_ruling("not_allowed", "A call can be withdrawn at any time")
    outline_without_row = a_ruling(
        "allowed",
        "A discard may be called for an exposure only if it completes a group of three at once",
        scenario="calling",
    )
    no_file = a_ruling("allowed", "Anything", scenario="no-such-file")
    assert [
        len(disagreements([r], SCENARIOS)) for r in (missing, outline_without_row, no_file)
    ] == [1, 1, 1]


def test_a_ruling_with_a_verdict_and_no_check_is_a_disagreement():
    assert disagreements([("nmjl-6", {"slug": "x", "verdict": "dead", "shown_by": []})], SCENARIOS)
    assert not disagreements(
        [("nmjl-6", {"slug": "x", "verdict": "none", "shown_by": []})], SCENARIOS
    )


def test_the_verdict_is_read_from_the_last_step_written_with_then():
    results = results_of(SCENARIOS / "calling-mistakes.feature")
    # "Then that is allowed / And West's hand is dead": the Then step decides.
    declared = results[
        ("A hand killed by exposing two groups is dead once another player declares it", None)
    ]
    assert check_verdict(declared) == "allowed"
    results = results_of(SCENARIOS / "ruling-dead-hands.feature")
    assert (
        check_verdict(
            results[("A caller who exposes two groups for one call has a dead hand", None)]
        )
        == "dead"
    )
    results = results_of(SCENARIOS / "exposure-changes.feature")
    assert (
        check_verdict(results[("The exposure is locked once the caller discards", None)]) == "none"
    )


def test_a_check_that_does_not_pass_gives_no_verdict():
    from mahjong_rules.scenarios.runner import run_text

    text = (
        "@article:nmjl-6\nFeature: F\n  Scenario: S\n    Given East has discarded 8B\n"
        "    And West holds 8B 8B\n    When West calls the discard\n    Then that is refused\n"
    )
    (scenario,) = run_text(text, "f.feature").scenarios
    assert scenario.status == "failed" and check_verdict(scenario) is None
