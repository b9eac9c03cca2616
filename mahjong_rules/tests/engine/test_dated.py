"""League rules through time: each option's value from each date, with its source."""

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st
from mahjong_rules.engine.dated import (
    HISTORY,
    change_dates,
    eras,
    history_of,
    options_as_of,
    source_as_of,
    year,
)
from mahjong_rules.engine.disagreements import DISAGREEMENTS, disagreements_for
from mahjong_rules.engine.options import OPTIONS, default_options

LOCKS = "joker-exchange-locks-exposure"
BULLETIN_2025 = date(2025, 1, 1)


def test_a_joker_exchange_did_not_lock_the_exposure_under_the_bulletin_answers_1970_to_2019():
    for day in (date(1970, 1, 1), date(1999, 6, 1), date(2019, 12, 31)):
        assert options_as_of(day)[LOCKS] is False
    assert "1970–2019" in source_as_of(LOCKS, date(2019, 12, 31))


def test_a_joker_exchange_locks_the_exposure_from_the_nmjl_bulletin_2025():
    assert options_as_of(BULLETIN_2025)[LOCKS] is True
    assert options_as_of(date(2026, 6, 1))[LOCKS] is True
    assert source_as_of(LOCKS, date(2026, 6, 1)) == "NMJL Bulletin 2025"


def test_a_source_dated_only_by_its_year_takes_effect_on_the_first_of_january():
    assert year(2025) == date(2025, 1, 1)
    assert options_as_of(BULLETIN_2025 - timedelta(days=1))[LOCKS] is False
    assert options_as_of(BULLETIN_2025)[LOCKS] is True


def test_mah_jongg_made_easy_2024_is_silent_on_the_lock_and_that_is_no_change():
    silent = [s for s in history_of(LOCKS) if s.value is None]
    assert [s.source for s in silent] == ["Mah Jongg Made Easy 2024 (not in MJME)"]
    assert options_as_of(date(2024, 6, 1))[LOCKS] is False
    assert date(2024, 1, 1) not in {change.day for change in change_dates()}


def test_the_only_change_date_is_the_bulletin_2025_turning_the_lock_on():
    changes = change_dates()
    assert [(c.day, c.option, c.before, c.after, c.source) for c in changes] == [
        (BULLETIN_2025, LOCKS, False, True, "NMJL Bulletin 2025")
    ]


def test_the_2019_league_ruling_is_a_reading_not_a_change_date():
    assert date(2019, 1, 1) not in {c.day for c in change_dates()}
    assert all(s.since != date(2019, 1, 1) for s in HISTORY)


def test_league_rules_today_are_the_defaults():
    assert options_as_of(date.today()) == default_options()


def test_before_the_earliest_source_its_value_is_the_rule():
    assert options_as_of(date(1950, 1, 1)) == options_as_of(date(1970, 1, 1))


def test_the_eras_to_run_are_the_earliest_source_and_each_change_date():
    assert [day for day, _ in eras()] == [date(1970, 1, 1), BULLETIN_2025]
    assert eras()[0][1] == [] and eras()[1][1] == change_dates()


def test_every_dated_setting_names_a_known_option_and_a_source():
    for setting in HISTORY:
        assert setting.option in OPTIONS and setting.source


@given(st.dates())
def test_league_rules_on_any_day_have_a_value_for_every_option(day):
    values = options_as_of(day)
    assert set(values) == set(OPTIONS)
    assert values[LOCKS] is (day >= BULLETIN_2025)


# --- disagreements for the article pages ------------------------------------------------------


def test_payment_disagreements_are_text_with_readings_and_sources():
    for key in ("D6", "D9", "D10"):
        disagreement = DISAGREEMENTS[key]
        assert disagreement.option == "" and len(disagreement.readings) >= 2
        assert disagreement.situation and disagreement.article.startswith("nmjl-")
        for reading in disagreement.stated():
            assert reading.summary and reading.sources


def test_disagreements_the_engine_judges_are_stated_from_their_options_readings():
    d1 = DISAGREEMENTS["D1"]
    assert d1.option == LOCKS and d1.article == "nmjl-6"
    judged = [r.summary for r in OPTIONS[LOCKS].readings]
    assert [r.summary for r in d1.stated()][:2] == judged
    # The simplified guides' "no changes once exposed" is stated, not judged.
    assert "once the exposure is made" in d1.stated()[2].summary


def test_an_article_page_lists_its_disagreements_in_d_list_order():
    assert [d.key for d in disagreements_for("nmjl-6")] == ["D1", "D2"]
    assert [d.key for d in disagreements_for("nmjl-205")] == ["D3", "D4", "D5", "D6"]
    assert disagreements_for("matjok-claiming") == []
