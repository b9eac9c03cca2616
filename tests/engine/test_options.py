import pytest

from rulings.engine.options import (
    OPTIONS,
    UnknownOption,
    check_name,
    default_options,
    effective_options,
)

ARTICLES = {"nmjl-6", "nmjl-205", "nmjl-calling", "nmjl-exposure-answer", "matjok-claiming"}
ARTICLES |= {"nmjl-card", "nmjl-mah-jongg", "nmjl-charleston", "nmjl-wall"}  # part two


def test_the_four_house_rule_options_have_league_defaults_with_sources():
    assert default_options() == {
        "touched-tile-is-taken": False,
        "joker-exchange-locks-exposure": True,
        "one-joker-exchange-at-a-time": False,
        "courtesy-pass": True,
    }
    assert "Bulletin 2025" in OPTIONS["joker-exchange-locks-exposure"].source
    assert "August 2026" in OPTIONS["one-joker-exchange-at-a-time"].source
    for option in OPTIONS.values():
        assert option.article in ARTICLES and option.summary


def test_a_tournaments_values_apply_on_top_of_the_defaults_and_unknown_names_are_ignored():
    values = effective_options({"touched-tile-is-taken": True, "no-such-rule": True})
    assert values["touched-tile-is-taken"] is True
    assert values["joker-exchange-locks-exposure"] is True
    assert "no-such-rule" not in values


def test_an_unknown_option_name_lists_the_known_ones():
    with pytest.raises(UnknownOption) as raised:
        check_name("touched-is-taken")
    assert '"touched-tile-is-taken"' in str(raised.value)
