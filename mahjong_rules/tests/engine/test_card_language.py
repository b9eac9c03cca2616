"""The card language and card file: what is read, and each malformed line refused at its line."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rules.engine.nmjl.cards import (
    PRACTICE_CARD,
    SHIPPED_CARDS,
    CardError,
    PatternError,
    load_card,
    parse_pattern,
    pattern_problems,
    shipped_card,
)
from mahjong_rules.engine.nmjl.cards.shipped import DATA

# The package's own copy (package data); the site checks it against the shared original.
SHIPPED_FILE = DATA / "practice-card-2027.json"


def card_text(*lines: dict, **fields) -> str:
    """A card file, one line entry per text line, so each line entry is at a known line."""
    head = {"format": "nmjl-card 1", "name": "Test", "year": 2027, "invented": True}
    head.update(fields)
    entries = ",\n".join(json.dumps(line) for line in lines)
    body = ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in head.items())
    # line 1 "{", then one line per field, then the section line, then the line entries.
    return "{\n" + body + ',\n"sections": [{"name": "S", "lines": [\n' + entries + "\n]}]\n}"


def entry(pattern, line_id="L1", kind="X", value=25, **more):
    return {"id": line_id, "pattern": pattern, "kind": kind, "value": value, **more}


FIRST_ENTRY_LINE = 7  # "{", four fields, the section line, then the first entry


def errors_of(text) -> list[tuple[int, str]]:
    with pytest.raises(CardError) as caught:
        load_card(text)
    return caught.value.errors


# ---- the shipped card ---------------------------------------------------------------------


def test_practice_card_is_shipped_as_package_data():
    assert json.loads(SHIPPED_FILE.read_text())["name"] == PRACTICE_CARD


def test_practice_card_is_found_by_its_name_and_says_it_is_invented():
    card = shipped_card("Practice Card 2027")
    assert card is SHIPPED_CARDS["Practice Card 2027"]
    assert card.invented and "invented" in card.note
    assert len(card.sections) == 10 and len(card.lines) == 36
    assert card.line("Y1").parsed.text == "2027a DDDDb 7777b 22c"
    assert card.line("O3").x == (1, 3, 5, 7, 9)


def test_a_table_holding_the_shipped_card_copies_and_pickles_it_as_the_same_card():
    import copy
    import pickle

    card = shipped_card(PRACTICE_CARD)
    card.tables  # noqa: B018 - the expanded tables are not copied or pickled
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert len(pickle.dumps(card)) < 200


def test_a_private_card_pickles_without_its_tables_and_judges_the_same():
    import pickle

    card = load_card(card_text(entry("NNNN EEEE WWW SSS"), entry("XXXXa XXXXb WWW SSS", "L2")))
    card.tables  # noqa: B018
    again = pickle.loads(pickle.dumps(card))
    assert [line.id for line in again.lines] == ["L1", "L2"]
    assert len(again.line("L2").instances) == len(card.line("L2").instances) == 54


def test_an_unknown_card_name_finds_nothing():
    assert shipped_card("practice card 2027") is None
    assert shipped_card("NMJL 2027") is None


def test_line_ids_are_case_sensitive():
    card = shipped_card(PRACTICE_CARD)
    assert card.line("Y1") is not None
    assert card.line("y1") is None


# ---- reading patterns ---------------------------------------------------------------------


def test_year_is_put_in_before_the_pattern_is_read():
    pattern = parse_pattern("{year}a {year}b NNN EEE", year=2027)
    first = pattern.tokens[0][0]
    assert (first.shape, first.symbols, first.suit) == ("block", "2027", "a")


def test_decorations_are_shown_but_not_groups():
    pattern = parse_pattern("FF 111a + 666a = 777a NNN")
    assert len(pattern.tokens) == 5
    assert pattern.text == "FF 111a + 666a = 777a NNN"


def test_x_group_with_plus_is_a_group_of_x_plus_k():
    group = parse_pattern("XXXa XXXX+2b").tokens[1][0]
    assert (group.shape, group.size, group.plus, group.suit) == ("x", 4, 2, "b")


def test_alternatives_are_one_token():
    pattern = parse_pattern("XXXXa XXXX+1a NNN|SSS XXX+2a")
    assert [len(token) for token in pattern.tokens] == [1, 1, 2, 1]


def test_joker_positions_are_derived_from_the_group_never_written():
    groups = parse_pattern("NEWS NNN 22a 13579b 2222a FFFFF").groups
    assert [g.takes_jokers for g in groups] == [False, True, False, False, True, True]


# ---- malformed patterns: each reason, said plainly ----------------------------------------

MALFORMED = [
    ("2222d 666d 8888d DDDd", '"d" is not a suit letter'),
    ("7D 7D", "needs a suit letter"),
    ("NNNa EEEE WWW SSS", "takes no suit letter"),
    ("2222b 666b 8888b DDDb", "first suit is always a"),
    ("1111a 2222c 3333a 44a", "first suit is always a"),
    ("XXX+9a XXXXb XXXc DDDDb", "k a single digit from 1 to 8"),
    ("XXX+0a XXXXb XXXc DDDDb", "k a single digit from 1 to 8"),
    ("XXXa XXXXb XXX DDDDb", "X needs a suit letter"),
    ("XX1a XXXXb XXXc DDDDb", "X may not be mixed"),
    ("XXXa+1 XXXXb XXXc DDDDb", "one suit letter, at its very end"),
    ("NNNNNNN EEEE WWW", "at most 6 copies"),
    ("NNN|  EEEE", "single spaces"),
    ("NNN| EEEE", "an alternative is empty"),
    ("NNN EEEE PPPP", '"P" is not a symbol'),
    ("+ =", "only decorations"),
    ("", "empty"),
    ("{year}a NNN", "no year is given"),
    ("NNN " * 100, "at most 300 characters"),
]


@pytest.mark.parametrize(("pattern", "reason"), MALFORMED)
def test_malformed_pattern_is_refused_with_its_reason(pattern, reason):
    with pytest.raises(PatternError) as caught:
        parse_pattern(pattern)
    assert any(reason in message for message in caught.value.messages), caught.value.messages


def test_a_pattern_gets_every_reason_at_once():
    with pytest.raises(PatternError) as caught:
        parse_pattern("22d NNNa")
    assert len(caught.value.messages) >= 2


PROBLEMS = [
    ("NNN EEEE WWW SSS", None, "13 tiles, not 14"),
    ("NNN|NNNNN EEEE WWW SSS", None, "13 or 15 tiles"),
    ("11a 11a 11a 2222a 2222a", None, "needs 6 natural 1 Dots"),
    ("NN NN NN EEEE SSSS", None, "needs 6 natural North wind"),
    ("XXXa XXX+1a XXXX+2a DDDa X+2a", (8, 9), "no x in the line's x list"),
]


@pytest.mark.parametrize(("pattern", "allowed_x", "reason"), PROBLEMS)
def test_pattern_that_makes_no_fair_hand_is_refused(pattern, allowed_x, reason):
    problems = pattern_problems(parse_pattern(pattern), allowed_x)
    assert any(reason in problem for problem in problems), problems


def test_a_line_with_too_many_instances_is_refused_before_it_is_expanded():
    alternatives = "NN|EE|WW|SS|FF|RR|GG|00"
    pattern = parse_pattern(" ".join([alternatives] * 7))
    assert any("at most 2000" in problem for problem in pattern_problems(pattern))


def test_a_card_with_too_many_instances_in_all_is_refused_line_by_line():
    heavy = "XXXa XXXb XXXc ZZZ NN|EE|WW|SS|FF"  # 6 suits x 9 x 4 z x 5 = 1080 instances
    lines = [entry(heavy, f"H{n}") for n in range(50)]
    found = errors_of(card_text(*lines))
    assert found[0][0] == FIRST_ENTRY_LINE + 46  # the 47th line is past 50,000
    assert "more than 50000 instances" in found[0][1]


def test_a_card_too_long_to_read_is_refused():
    assert "at most" in errors_of(" " * 1_000_001)[0][1]


def test_a_kong_of_naturals_with_two_pairs_of_the_same_tile_is_fair():
    # 4 joker-free 1s (the two pairs) and a kong that may be jokers: the set suffices.
    assert pattern_problems(parse_pattern("1111a 11a 11a 2222a 33a")) == []


# ---- the card file: every error at its line -----------------------------------------------


def test_a_good_card_file_loads():
    card = load_card(card_text(entry("NNNN EEEE WWW SSS"), entry("{year}a NNNN EEEE SS", "L2")))
    assert [line.id for line in card.lines] == ["L1", "L2"]
    assert card.line("L2").parsed.text == "2027a NNNN EEEE SS"


def test_malformed_pattern_is_reported_at_its_line_with_the_line_id():
    text = card_text(entry("NNNN EEEE WWW SSS"), entry("22d NNNN EEEE SSSS", "B7"))
    assert errors_of(text) == [
        (FIRST_ENTRY_LINE + 1, 'line B7: "22d": "d" is not a suit letter (use a, b or c).')
    ]


def test_every_error_is_reported_each_at_its_line():
    text = card_text(
        entry("NNN EEEE WWW SSS"),
        entry("NNNN EEEE WWW SSS", "Q", kind="Z"),
        entry("NNNN EEEE WWW SSS", "R", value=0),
        entry("NNNN EEEE WWW SSS", "L1"),
    )
    found = errors_of(text)
    assert [line for line, _ in found] == [7, 8, 9, 10]
    assert "13 tiles" in found[0][1]
    assert '"kind" must be "X"' in found[1][1]
    assert '"value" must be a whole number above 0' in found[2][1]
    assert 'Line id "L1" is used twice' in found[3][1]


def test_field_errors_point_at_the_field_line_when_an_entry_spans_several_lines():
    text = (
        '{"format": "nmjl-card 1", "name": "T", "year": 2027, "invented": true,\n'
        ' "sections": [{"name": "S", "lines": [\n'
        '  {"id": "A1",\n'
        '   "pattern": "NNNN EEEE WWW SSS",\n'
        '   "kind": "X",\n'
        '   "value": -5}\n'
        "]}]}"
    )
    assert errors_of(text) == [(6, 'line A1: "value" must be a whole number above 0.')]


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"format": "nmjl-card 2"}, '"format" must be exactly "nmjl-card 1"'),
        ({"name": ""}, '"name" must be'),
        ({"year": 27}, "four-digit number"),
        ({"year": "2027"}, "four-digit number"),
        ({"invented": "yes"}, '"invented" must be true or false'),
        ({"note": 5}, '"note" must be text'),
        ({"colour": "red"}, '"colour" is not a field here'),
    ],
)
def test_card_fields_are_checked(fields, reason):
    found = errors_of(card_text(entry("NNNN EEEE WWW SSS"), **fields))
    assert any(reason in message for _, message in found), found
    assert all(line is not None and line < FIRST_ENTRY_LINE for line, _ in found)


@pytest.mark.parametrize(
    ("more", "reason"),
    [
        ({"id": "Y-1"}, "letters and digits"),
        ({"value": True}, "whole number above 0"),
        ({"value": 2.5}, "whole number above 0"),
        ({"x": [1, 3]}, '"x" list is only given when the pattern uses X'),
        ({"note": ["a"]}, '"note" must be text'),
        ({"points": 5}, '"points" is not a field here'),
        ({"pattern": 7}, '"pattern" must be'),
    ],
)
def test_line_fields_are_checked(more, reason):
    found = errors_of(card_text({**entry("NNNN EEEE WWW SSS"), **more}))
    assert [line for line, _ in found] == [FIRST_ENTRY_LINE]
    assert reason in found[0][1], found


def test_x_list_outside_one_to_nine_is_refused():
    found = errors_of(card_text(entry("XXXXa XXXb XXXXc FFF", x=[0, 3])))
    assert found == [
        (FIRST_ENTRY_LINE, 'line L1: "x" must be a list of different numbers from 1 to 9.')
    ]


def test_text_that_is_not_json_is_refused_at_the_line_of_the_mistake():
    assert errors_of('{"format": "nmjl-card 1",\n "name": }')[0][0] == 2


@pytest.mark.parametrize("text", ["[]", "3", '"card"', "null"])
def test_json_that_is_not_an_object_is_refused(text):
    assert errors_of(text) == [(1, "A card file is one JSON object ({ … }).")]


def test_a_section_or_line_that_is_not_an_object_is_refused_near_its_place():
    found = errors_of(card_text("NNNN EEEE WWW SSS"))
    assert found[0][0] == FIRST_ENTRY_LINE - 1
    assert "must be an object" in found[0][1]


def test_no_sections_is_refused():
    text = '{"format": "nmjl-card 1", "name": "T", "year": 2027, "invented": true, "sections": []}'
    assert "sections" in errors_of(text)[0][1]


@pytest.mark.parametrize(
    "text",
    ['{"year": ' + "1" * 5000 + "}", b"\xff\xfe{}", None, '{"name": "\\ud800"}'],
)
def test_text_no_card_file_could_be_is_refused_not_crashed(text):
    assert errors_of(text)


def test_a_card_file_may_be_given_as_utf8_bytes():
    text = card_text(entry("NNNN EEEE WWW SSS", note="Über"))
    assert load_card(text.encode("utf-8")).line("L1").note == "Über"


def test_a_deeply_nested_file_is_refused_not_crashed():
    assert errors_of("[" * 100000 + "]" * 100000)


PRACTICE_TEXT = SHIPPED_FILE.read_text(encoding="utf-8")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_whatever_is_typed_is_a_card_or_a_list_of_errors_never_a_crash(data):
    # The Practice Card's text with a random stretch replaced by random text.
    start = data.draw(st.integers(0, len(PRACTICE_TEXT)))
    end = data.draw(st.integers(start, min(len(PRACTICE_TEXT), start + 40)))
    typed = data.draw(
        st.text(alphabet=st.sampled_from('{}[]",:0123456789XabcdDNEWSZF+=| \n'), max_size=20)
    )
    text = PRACTICE_TEXT[:start] + typed + PRACTICE_TEXT[end:]
    try:
        card = load_card(text)
    except CardError as error:
        assert error.errors and all(isinstance(message, str) for _, message in error.errors)
    else:
        assert card.lines


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60) | st.text(alphabet="123456789XD0RGNEWSZFabcd+=| {year}", max_size=40))
def test_whatever_is_typed_as_a_pattern_is_read_or_refused_with_reasons(text):
    try:
        pattern = parse_pattern(text, 2027)
    except PatternError as error:
        assert error.messages
    else:
        assert isinstance(pattern_problems(pattern), list)
