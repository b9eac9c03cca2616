"""Checks in Dutch: part one of the language in Dutch, bound to the English phrases' steps,
its messages in Dutch, its document in step with the code, and the Dutch twins of the
Matjok fixtures ruling as the English ones do, step by step."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from mahjong_rules.scenarios import steps
from mahjong_rules.scenarios.languages import text_language
from mahjong_rules.scenarios.messages import MESSAGES, TOKEN_NAMES
from mahjong_rules.scenarios.phrasebook import REGISTRY, phrases
from mahjong_rules.scenarios.registry import Registry, Translation
from mahjong_rules.scenarios.results import Status
from mahjong_rules.scenarios.runner import run_text, run_under
from mahjong_rules.scenarios.steps_nl import DUTCH_PHRASES
from test_contract_hands import PART_ONE, _as_contract_writes_it, contract_phrases

DATA = Path(__file__).resolve().parents[1] / "data"
DUTCH_DOC = DATA / "contract" / "scenario-language-nl.md"
SCENARIOS = DATA / "scenarios"
TWINS = sorted((SCENARIOS / "nl").glob("*.feature"))
TABLE_OF_HEADING = {"(`Gegeven`)": "given", "(`Als`": "when", "(`Dan`": "then"}


def dutch(lines: str) -> str:
    return "# language: nl\nFunctionaliteit: F\n  Scenario: S\n" + "".join(
        f"    {line}\n" for line in lines.strip().splitlines()
    )


def only_step(text: str, index: int = 0):
    [scenario] = run_text(text).scenarios
    return scenario.steps[index]


# --- the phrases -----------------------------------------------------------------------------


def test_every_phrase_of_part_one_of_the_contract_has_a_dutch_form():
    english = {(p.keyword, _as_contract_writes_it(p.english or "")) for p in phrases("nl")}
    missing = sorted(contract_phrases(PART_ONE) - english)
    assert len(contract_phrases(PART_ONE)) > 50
    assert not missing, f"part-one phrases with no Dutch form: {missing}"


def test_every_phrase_of_steps_has_exactly_one_dutch_form_running_its_step_function():
    dutch_forms = {(p.keyword, p.english): p for p in phrases("nl")}
    assert len(dutch_forms) == len(phrases("nl"))
    for phrase in steps.PHRASES.phrases():
        assert dutch_forms[(phrase.keyword, phrase.text)].func is phrase.func


def test_each_dutch_example_matches_its_own_phrase_and_no_other():
    for phrase in phrases("nl"):
        found = REGISTRY.match(phrase.keyword, phrase.example, language="nl")
        assert [p.text for p, _values in found] == [phrase.text], phrase.example


def test_the_english_phrases_are_still_the_step_references_by_default():
    assert REGISTRY.phrases() == phrases("en")
    assert all(p.language == "en" and p.english is None for p in phrases("en"))


def test_a_language_with_no_phrases_is_refused_by_name():
    with pytest.raises(ValueError, match="'fr'"):
        phrases("fr")


def test_a_translation_must_take_the_english_phrases_parameters_in_order():
    registry: Registry[object] = Registry()
    wrong = Translation("given", "{seat} has discarded {tile}", "{tile} door {n}", "7D door 1", "")
    with pytest.raises(ValueError, match="parameters"):
        registry.translate("nl", steps.PHRASES, [wrong])


def test_a_translation_must_name_an_english_phrase():
    registry: Registry[object] = Registry()
    unknown = Translation("given", "East is happy", "Oost is blij", "Oost is blij", "")
    with pytest.raises(ValueError, match="no English given phrase"):
        registry.translate("nl", steps.PHRASES, [unknown])


def test_the_dutch_seats_are_read_as_the_english_seats_the_steps_take():
    [(phrase, values)] = REGISTRY.match("when", "Oost de hand van Noord dood verklaart", None, "nl")
    assert phrase.english == "{seat} declares {seat}'s hand dead"
    assert values == ["East", "North"]


# --- not mixed -------------------------------------------------------------------------------


def test_a_text_is_dutch_only_with_a_dutch_language_line():
    assert text_language("# language: nl\nFunctionaliteit: F\n") == "nl"
    assert text_language("Feature: F\n# language: nl\n") == "en"
    assert text_language("# language: de\nFunktionalität: F\n") == "en"


def test_an_english_phrase_in_a_dutch_text_matches_nothing_and_its_dutch_form_is_offered():
    step = only_step(dutch("Gegeven East has discarded 7D\nDan is dat toegestaan"))
    assert step.status == Status.UNDEFINED
    assert step.message.startswith("Geen enkele Gegeven-zin past bij “East has discarded 7D”.")
    assert "in het Engels" in step.message
    assert step.suggestions == ["Oost heeft 7D afgegooid"]


def test_a_dutch_phrase_in_an_english_text_matches_nothing_and_its_english_form_is_offered():
    text = "Feature: F\n  Scenario: S\n    Given Noord heeft 7D 7D in de hand\n"
    step = only_step(text)
    assert step.status == Status.UNDEFINED
    assert "It is written in Dutch" in step.message
    assert step.suggestions == ["North holds 7D 7D"]


def test_an_english_seat_in_a_dutch_phrase_is_no_seat():
    step = only_step(dutch("Gegeven East heeft 7D afgegooid"))
    assert step.status == Status.UNDEFINED
    assert step.suggestions[0] == "West heeft 7D afgegooid"


# --- messages in Dutch ----------------------------------------------------------------------


def test_an_unknown_dutch_step_is_told_in_dutch_with_dutch_phrases_that_look_like_it():
    step = only_step(
        dutch("Gegeven Oost heeft 7D afgegooid\nAls West roept de afgegooide steen"), 1
    )
    assert step.status == Status.UNDEFINED
    assert step.message.startswith("Geen enkele Als-zin past bij “West roept de afgegooide steen”.")
    assert "Bekende zinnen die erop lijken: “West de afgegooide steen roept”" in step.message
    assert step.suggestions[0] == "West de afgegooide steen roept"


def test_a_dutch_phrase_under_the_wrong_keyword_is_told_which_keyword_in_dutch():
    step = only_step(dutch("Gegeven is dat toegestaan"))
    assert step.message.endswith("Het is een Dan-zin: schrijf hem als Dan-stap.")


def test_a_misspelt_dutch_keyword_is_a_parse_error_in_dutch():
    text = "# language: nl\nFunctionaliteit: F\n  Scenario: S\n    Gegevn Oost heeft 7D afgegooid\n"
    result = run_text(text)
    assert result.status == Status.PARSE_ERROR
    assert any("Bedoelde je “Gegeven”?" in p.message for p in result.problems)
    assert any("heeft geen stappen" in p.message for p in result.problems)


def test_a_dutch_outline_without_examples_is_a_parse_error_in_dutch():
    text = (
        "# language: nl\nFunctionaliteit: F\n  Abstract Scenario: S\n    Gegeven de NMJL-regels\n"
    )
    [problem] = run_text(text).problems
    assert (
        problem.message
        == "Het abstracte scenario “S” heeft geen Voorbeelden-tabel, dus het voert niets uit."
    )


def test_a_dutch_text_that_gherkin_cannot_read_is_told_in_dutch():
    text = dutch("Gegeven Zuid heeft 13 stenen\nDan-achtig misschien")
    [problem] = run_text(text).problems
    assert (problem.line, problem.column) == (5, 5)
    assert "“Dan-achtig misschien” wordt hier niet begrepen: verwacht werd" in problem.message
    assert "een stap (Gegeven, Als, Dan, En of Maar)" in problem.message


def test_a_dutch_table_with_an_english_seat_is_told_in_dutch():
    text = dutch(
        """
        Gegeven de Matjok-regels
        En Oost heeft 5D afgegooid
        Als deze claims worden gedaan:
          | plaats | claim |
          | South  | poeng |
        """
    )
    step = only_step(text, 2)
    assert step.status == Status.FAILED
    assert step.message == '"South" is geen plaats: schrijf Oost, Zuid, West of Noord.'


def test_a_dutch_table_with_english_columns_is_told_the_dutch_columns():
    text = dutch(
        """
        Gegeven Oost heeft 5D afgegooid
        Als deze claims worden gedaan:
          | seat | call     |
          | Zuid | exposure |
        """
    )
    step = only_step(text, 1)
    assert step.message == (
        "De eerste rij van de tabel moet de kolommen | plaats | claim | noemen; er staat "
        "| seat | call |."
    )


@pytest.mark.parametrize("table", [MESSAGES, TOKEN_NAMES], ids=["messages", "token names"])
def test_every_message_has_each_language_with_the_same_placeholders(table):
    def placeholders(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    english = table["en"]
    for language, messages in table.items():
        assert messages.keys() == english.keys(), language
        for key, text in messages.items():
            assert placeholders(text) == placeholders(english[key]), (language, key)


# --- the document -----------------------------------------------------------------------------


def documented_phrases() -> list[tuple[str, str, str]]:
    """(keyword, Dutch phrase, English phrase) for each row of the document's phrase tables."""
    found = []
    keyword = None
    for line in DUTCH_DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            keyword = next((kw for words, kw in TABLE_OF_HEADING.items() if words in line), None)
            continue
        if keyword and line.startswith("| `"):
            cells = line.split(" | ")
            dutch_text = re.findall(r"`([^`]+)`", cells[0])[0]
            english = re.findall(r"`([^`]+)`", cells[1])[0]
            found.append((keyword, dutch_text, english))
    return found


def test_the_dutch_document_lists_exactly_the_registered_dutch_phrases_in_order():
    registered = [(p.keyword, p.text, p.english) for p in phrases("nl")]
    assert documented_phrases() == registered


def test_the_dutch_document_lists_each_phrases_table_columns():
    text = DUTCH_DOC.read_text(encoding="utf-8")
    for phrase in DUTCH_PHRASES:
        for column in phrase.table:
            assert f"`{column}`" in text


# --- the Dutch twins of the fixtures ---------------------------------------------------------


def test_the_matjok_fixtures_have_dutch_twins():
    assert [twin.name for twin in TWINS] == ["matjok-claiming.feature", "matjok-priority.feature"]


def ruling(path: Path) -> list[tuple[str, list[tuple[str, str | None, str | None, str | None]]]]:
    """Each scenario's status and each of its steps' status, verdict, rule and article."""
    result = run_text(path.read_text(encoding="utf-8"), path.name)
    assert not result.problems, result.problems
    return [
        (
            scenario.status.value,
            [(s.status.value, s.verdict, s.rule, s.article) for s in scenario.steps],
        )
        for scenario in result.scenarios
    ]


@pytest.mark.parametrize("twin", TWINS, ids=lambda path: f"nl/{path.name}")
def test_a_dutch_twin_rules_as_its_english_scenario_step_by_step(twin):
    english = ruling(SCENARIOS / twin.name)
    assert [status for status, _steps in english] == ["passed"] * len(english)
    assert ruling(twin) == english


@pytest.mark.parametrize("twin", TWINS, ids=lambda path: f"nl/{path.name}")
def test_a_dutch_twin_has_the_english_scenarios_steps_and_tags(twin):
    english = run_text((SCENARIOS / twin.name).read_text(encoding="utf-8"))
    dutch_result = run_text(twin.read_text(encoding="utf-8"))
    assert dutch_result.tags == english.tags
    assert [len(s.steps) for s in dutch_result.scenarios] == [
        len(s.steps) for s in english.scenarios
    ]
    assert [s.tags for s in dutch_result.scenarios] == [s.tags for s in english.scenarios]


# --- what has no Dutch form, and house rules ------------------------------------------------


def test_a_part_two_phrase_in_a_dutch_text_is_told_it_has_no_dutch_form_yet():
    step = only_step(dutch('Gegeven the card "Practice Card 2027"'))
    assert step.status == Status.UNDEFINED
    assert "die nog geen vorm heeft in het Nederlands: schrijf deze controle in het Engels" in (
        step.message
    )
    assert step.suggestions == []


def test_a_dutch_check_that_rules_differently_under_house_rules_is_told_so_in_dutch():
    text = dutch(
        """
        Gegeven Oost heeft 7D afgegooid
        En Noord heeft 7D J in de hand
        En Zuid heeft 7D J in de hand
        Als Noord de afgegooide steen roept
        En Noord de geroepen steen aanraakt
        En Zuid 7D roept
        Dan is dat toegestaan
        """
    )
    [scenario] = run_under(text, options={"touched-tile-is-taken": True}).scenarios
    assert scenario.status == Status.DIFFERS
    assert scenario.because == ["touched-tile-is-taken"]
    assert scenario.message == (
        "Onder deze huisregels is regel 9 “En Zuid 7D roept” niet toegestaan; onder de regels "
        "van de League is het toegestaan."
    )
