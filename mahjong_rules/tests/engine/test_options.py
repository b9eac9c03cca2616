import pytest
from mahjong_rules.engine.options import (
    CARD_OPTIONS,
    OPTIONS,
    UnknownOption,
    UnknownReading,
    check_name,
    default_options,
    effective_options,
    value_of,
)

ARTICLES = {"nmjl-6", "nmjl-205", "nmjl-calling", "nmjl-exposure-answer", "matjok-claiming"}
ARTICLES |= {"nmjl-card", "nmjl-mah-jongg", "nmjl-charleston", "nmjl-wall"}  # part two


def test_the_house_rule_options_have_league_defaults_with_sources():
    assert default_options() == {
        "touched-tile-is-taken": False,
        "joker-exchange-locks-exposure": True,
        "one-joker-exchange-at-a-time": False,
        "two-wrong-counts-replay-the-hand": False,
        "only-north-takes-a-missing-tile": False,
        "misnamer-discards-the-named-tile": False,
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


# --- readings: where sources disagree, each reading is a named value of the option ----------

DISAGREEMENTS = {
    "joker-exchange-locks-exposure": "D1",
    "touched-tile-is-taken": "D2",
    "one-joker-exchange-at-a-time": "D3",
    "two-wrong-counts-replay-the-hand": "D4",
    "only-north-takes-a-missing-tile": "D5",
    "misnamer-discards-the-named-tile": "D8",
}


def test_each_disagreement_the_engine_judges_is_an_option_with_a_reading_for_on_and_for_off():
    for name, key in DISAGREEMENTS.items():
        option = OPTIONS[name]
        assert option.disagreement == key
        assert {reading.value for reading in option.readings} == {True, False}, name
        for reading in option.readings:
            assert reading.sources and reading.summary, reading.name
        assert option.reading_for(option.default) in option.readings


def test_the_2019_league_ruling_is_a_source_of_the_exchange_locks_reading_not_a_new_option():
    locks = OPTIONS["joker-exchange-locks-exposure"].reading("closed-by-joker-exchange")
    assert locks.value is True
    assert any("2019" in source for source in locks.sources)
    assert any("Bulletin 2025" in source for source in locks.sources)
    assert OPTIONS["joker-exchange-locks-exposure"].reading("open-until-discard").value is False


def test_what_counts_as_a_natural_tile_is_a_reading_for_the_card_matcher_not_an_engine_option():
    natural = CARD_OPTIONS["flowers-are-not-natural-tiles"]
    assert natural.disagreement == "D11"
    assert [r.name for r in natural.readings] == ["any-non-joker", "non-joker-non-flower"]
    assert natural.name not in OPTIONS


def test_a_house_rule_may_give_a_reading_by_name_instead_of_on_or_off():
    values = effective_options({"joker-exchange-locks-exposure": "open-until-discard"})
    assert values["joker-exchange-locks-exposure"] is False
    values = effective_options({"touched-tile-is-taken": "touched-is-taken"})
    assert values["touched-tile-is-taken"] is True


def test_on_and_off_still_work_exactly_as_before():
    assert effective_options({"touched-tile-is-taken": True})["touched-tile-is-taken"] is True
    assert effective_options({"touched-tile-is-taken": False})["touched-tile-is-taken"] is False
    assert value_of("joker-exchange-locks-exposure", False) is False


def test_a_reading_the_option_does_not_have_is_left_out_of_effective_options_and_refused_by_name():
    values = effective_options({"joker-exchange-locks-exposure": "no-such-reading"})
    assert values["joker-exchange-locks-exposure"] is True  # the default stands
    with pytest.raises(UnknownReading) as raised:
        value_of("joker-exchange-locks-exposure", "no-such-reading")
    assert '"open-until-discard", "closed-by-joker-exchange"' in str(raised.value)
