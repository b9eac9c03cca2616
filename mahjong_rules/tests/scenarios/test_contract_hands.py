"""Both parts of the contract, read from the documents themselves (the site's docs/contract/,
copied into tests/data/contract/): every
phrase of their step tables is registered, and part two's worked examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mahjong_rules.scenarios.phrasebook import REGISTRY
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text

CONTRACT = Path(__file__).resolve().parents[1] / "data" / "contract"
PART_ONE = CONTRACT / "scenario-language.md"
PART_TWO = CONTRACT / "scenario-language-hands.md"
KEYWORD_OF_HEADING = {"set the scene": "given", "that act": "when", "that check": "then"}


def contract_phrases(path: Path) -> set[tuple[str, str]]:
    """(keyword, phrase) for every phrase in the first column of the document's step tables."""
    found = set()
    keyword = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            keyword = next((kw for words, kw in KEYWORD_OF_HEADING.items() if words in line), None)
            continue
        if keyword and line.startswith("| `"):
            # "… + table with columns `a`, `b`": the columns are not phrases
            first_cell = re.split(r"(?<!\\)\|", line)[1].split(" + ")[0]
            for phrase in re.findall(r"`([^`]+)`", first_cell):
                found.add((keyword, phrase.replace("\\|", "|")))
    return found


def _as_contract_writes_it(text: str) -> str:
    """A registered phrase with its placeholders named as the contract names them."""
    for ours, theirs in (
        ("{word}", "{key}"),
        ('"{name}"', '"<name>"'),
        ('"{card}"', '"<name>"'),
        ('"{line}"', '"<id>"'),
    ):
        text = text.replace(ours, theirs)
    return text


def registered() -> set[tuple[str, str]]:
    return {(p.keyword, _as_contract_writes_it(p.text)) for p in REGISTRY.phrases()}


@pytest.mark.parametrize("path", [PART_ONE, PART_TWO], ids=lambda p: p.name)
def test_every_phrase_of_the_contract_is_registered(path):
    phrases = contract_phrases(path)
    assert len(phrases) > 20, f"read only {len(phrases)} phrases from {path.name}"
    missing = sorted(phrases - registered())
    assert not missing, f"phrases of {path.name} not registered: {missing}"


def test_part_two_is_read_in_full():
    phrases = contract_phrases(PART_TWO)
    assert ("when", "{seat} passes {n} tiles blind {direction}") in phrases
    assert ("then", "{n} tiles are left in the wall") in phrases
    assert ("given", 'the card "<name>"') in phrases


@pytest.mark.parametrize(
    "phrase",
    [
        "1 tile is left in the wall",
        "South passes 1 tile blind to the left",
        "East offers 1 tile across",
        'North needs 1 tile for line "L1"',
    ],
)
def test_one_tile_is_accepted_wherever_a_phrase_reads_n_tiles(phrase):
    assert any(REGISTRY.match(kw, phrase) for kw in ("given", "when", "then"))


# --- the worked examples, as the contract writes them ------------------------------------


def _tiles(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def _fill(abbreviated: str, matching: str) -> str:
    """A "…" in a hand stands for the matching hand's tiles in those places."""
    full, part = matching.split(), abbreviated.split()
    if part[0] == "…" and part[-1] == "…":
        middle = part[1:-1]
        for start in range(len(full) - len(middle) + 1):
            window = full[start : start + len(middle)]
            if len(set(window)) == 1 and window != middle:
                return " ".join(full[:start] + middle + full[start + len(middle) :])
    if part[0] == "…":
        tail = part[1:]
        return " ".join(full[: len(full) - len(tail)] + tail)
    return abbreviated


def _hand(cell: str, matching: str | None = None) -> tuple[str, str | None]:
    """(concealed, exposed) from a cell: a hand, "concealed `…`, exposed `…`", or prose."""
    quoted = _tiles(cell)
    if cell.startswith("concealed"):
        return quoted[0], quoted[1]
    if cell.startswith("the same tiles with"):  # row 15: one group exposed instead
        exposed = quoted[0].split()
        concealed = matching.split()
        for tile in exposed:
            concealed.remove(tile)
        return " ".join(concealed), quoted[0]
    if cell.startswith("the same with 6s"):  # row 12
        return matching.replace("7", "6"), None
    return _fill(quoted[0], matching) if matching else quoted[0], None


def worked_examples() -> list[tuple[str, str, str, str | None, bool]]:
    """(row, line, concealed, exposed, matches) for both sides of every worked example."""
    text = PART_TWO.read_text(encoding="utf-8")
    table = text[text.index("### Worked examples") : text.index("Tiles needed, Practice Card")]
    found = []
    for line in table.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 4 or not cells[0].isdigit():
            continue
        number, pattern, good, bad = cells
        line_id = pattern.split()[0].rstrip(",")
        concealed, exposed = _hand(good)
        found.append((number, line_id, concealed, exposed, True))
        if "or with" in good:  # row 11: the alternative North pung, with a joker
            other = _tiles(good)[1]
            found.append((number, line_id, concealed.replace("S S S", other), None, True))
        bad_concealed, bad_exposed = _hand(bad.split(":")[0], concealed)
        found.append((number, line_id, bad_concealed, bad_exposed, False))
    return found


def test_all_seventeen_worked_examples_are_read():
    rows = worked_examples()
    assert {row[0] for row in rows} == {str(n) for n in range(1, 18)}
    assert len(rows) == 35


def _run(lines: list[str]):
    text = "Feature: worked example\n  Scenario: as the contract writes it\n" + "".join(
        f"    {line}\n" for line in lines
    )
    result = run_text(text, "worked-example.feature")
    scenario = result.scenarios[0]
    failing = [s for s in scenario.steps if s.status != Status.PASSED]
    return scenario.status, failing


@pytest.mark.parametrize(
    "row, line_id, concealed, exposed, matches",
    worked_examples(),
    ids=lambda v: v if isinstance(v, str) and len(v) < 4 else None,
)
def test_the_worked_example_rules_as_the_contract_says(row, line_id, concealed, exposed, matches):
    lines = ['Given the card "Practice Card 2027"']
    if exposed:
        lines.append(f"And North has exposed {exposed}")
    lines.append(f"And North's hand is {concealed}")
    check = "matches" if matches else "does not match"
    lines.append(f'Then North\'s hand {check} line "{line_id}"')
    status, failing = _run(lines)
    assert status == Status.PASSED, f"row {row}: {[(s.text, s.message) for s in failing]}"


def test_the_tiles_needed_examples_rule_as_the_contract_says():
    text = PART_TWO.read_text(encoding="utf-8")
    paragraph = text[text.index("Tiles needed, Practice Card") : text.index("### The card file")]
    hands = _tiles(paragraph)
    needs = [(hands[0], 1, "L1"), (hands[1], 1, "Y1"), (hands[2], 2, "Y1")]
    for hand, n, line_id in needs:
        status, failing = _run(
            [
                'Given the card "Practice Card 2027"',
                f"And North's hand is {hand}",
                f'Then North needs {n} tiles for line "{line_id}"',
            ]
        )
        assert status == Status.PASSED, [(s.text, s.message) for s in failing]
    assert hands[3] == "9D 9D 9D" and "cannot make Y1, E1 or T1" in paragraph
    for line_id in ("Y1", "E1", "T1"):
        status, failing = _run(
            [
                'Given the card "Practice Card 2027"',
                f"And West has exposed {hands[3]}",
                f'Then West cannot make line "{line_id}"',
            ]
        )
        assert status == Status.PASSED, [(s.text, s.message) for s in failing]


# --- the steps' own refusals ---------------------------------------------------------------


def _failure(text: str) -> str:
    status, failing = _run(text.strip().splitlines())
    assert status == Status.FAILED, f"expected the scenario to fail: {text}"
    return failing[0].message


def test_without_a_card_a_step_that_asks_the_card_fails_and_says_so():
    assert "No card is in force" in _failure(
        "Given North holds 7D\nThen North's hand fits no line of the card"
    )
    assert "No card is in force" in _failure(
        "Given it is North's turn\nWhen North announces Mah Jongg"
    )


def test_an_unknown_card_fails_and_lists_the_cards_known():
    message = _failure('Given the card "NMJL 2027"')
    assert '"Practice Card 2027"' in message


def test_an_unknown_line_fails_and_lists_the_cards_lines():
    message = _failure('Given the card "Practice Card 2027"\nThen North\'s hand matches line "Z9"')
    assert "no line" in message and "L1" in message


def test_announcing_needs_a_whole_hand():
    message = _failure(
        'Given the card "Practice Card 2027"\nAnd it is North\'s turn\n'
        "When North announces Mah Jongg"
    )
    assert "whole hand is not given" in message


def test_every_part_two_step_is_a_scenario_error_under_the_matjok_rules():
    for step in (
        'And the card "Practice Card 2027"',
        "And 10 tiles are left in the wall",
        "When nobody calls the discard",
        "Then the next pass is the first right",
    ):
        assert "NMJL only" in _failure(f"Given the Matjok rules\n{step}")


@pytest.mark.parametrize(
    "step", ["And North holds 7D", "And North has 13 tiles", "And North needs only 7D to win"]
)
def test_a_whole_hand_takes_no_later_holds_count_or_needs_only(step):
    message = _failure(f"Given North's hand is 1D 2D 3D\n{step}")
    assert "whole hand is given" in message


def test_an_exposure_stated_after_a_whole_hand_adds_its_tiles():
    status, failing = _run(
        [
            "Given North's hand is 5D 5D 5D 5B 5B 5B RD RD RD RD",
            "And North has exposed 5C 5C 5C J",
            "Then North has 14 tiles",
        ]
    )
    assert status == Status.PASSED, [(s.text, s.message) for s in failing]


def test_with_a_card_the_misfit_assertion_must_agree_with_the_card():
    message = _failure(
        'Given the card "Practice Card 2027"\nAnd West has exposed 8B 8B 8B 8B\n'
        "And West's exposures fit no hand on the card"
    )
    assert "the card says" in message.lower() and "fit line" in message


def test_without_a_card_the_misfit_assertion_keeps_its_meaning():
    status, _ = _run(
        [
            "Given West has exposed 8B 8B 8B 8B",
            "And West's exposures fit no hand on the card",
            "And East has discarded 2C",
            "Then West's hand can be declared dead",
        ]
    )
    assert status == Status.PASSED


def test_an_uncounted_wall_fails_a_count_check():
    assert "not counted" in _failure("Then 10 tiles are left in the wall")


def test_the_passes_done_check_needs_a_spelled_out_charleston():
    assert "not spelled out" in _failure(
        "Given it is the Charleston\nThen the Charleston passes are done"
    )


def test_payments_are_not_judged_before_the_hand_ends():
    assert "has not ended" in _failure("Given it is North's turn\nThen East pays North")


def test_the_mah_jongg_checks_need_a_mah_jongg_judged_by_the_card():
    assert "No Mah Jongg has been judged" in _failure("Then the Mah Jongg is valid")
