"""The real fixture scenarios under the two sample tournaments: which rulings change, and why.

Runs the real engine (not the folder's fake one) on the content `make run` loads.
"""

import pytest

from articles.models import Article
from tournaments.comparison import tournament_page
from tournaments.matrix import matrix_for_article
from tournaments.models import Tournament
from tournaments.versions import options_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results")]

HARBOUR = "harbour-lights-open-2027"
PRAIRIE = "prairie-winds-classic-2027"


def differing(slug):
    page = tournament_page(Tournament.objects.get(slug=slug))
    return {ruling.name: ruling for ruling in page.differing}, page


def test_under_harbour_lights_a_touched_called_tile_can_no_longer_be_given_back(content):
    found, page = differing(HARBOUR)
    touched = found["A caller who has only touched the called tile may still withdraw the call"]
    assert touched.because == ["touched-tile-is-taken"]
    assert [rule.number for rule in touched.house_rules] == [1]
    withdraw = [s for s in touched.step_changes if s.text == "West withdraws the call"]
    assert [(s.league.verdict, s.tournament.verdict) for s in withdraw] == [("allowed", "refused")]
    # Differences are listed first on the page.
    assert page.rulings[: len(found)] == page.differing


def test_under_prairie_winds_each_difference_names_the_one_house_rule_that_causes_it(content):
    found, _ = differing(PRAIRIE)
    locks = found["A Joker exchange on the same turn locks the exposure just made"]
    together = found["Two Joker exchanges may be made together"]
    assert locks.because == ["joker-exchange-locks-exposure"]
    assert together.because == ["one-joker-exchange-at-a-time"]
    assert [rule.number for rule in locks.house_rules] == [1]
    assert [rule.number for rule in together.house_rules] == [2]


@pytest.mark.parametrize("slug", [HARBOUR, PRAIRIE])
def test_a_scenario_that_sets_its_own_house_rules_is_not_changed_by_the_tournaments(content, slug):
    page = tournament_page(Tournament.objects.get(slug=slug))
    own = [r for r in page.rulings if r.scenario.slug == "house-rules"]
    assert own, "the house-rules scenarios run under every tournament"
    assert {str(r.tournament.status) for r in own} == {"passed"}


@pytest.mark.parametrize("slug", [HARBOUR, PRAIRIE])
def test_no_check_that_passes_under_league_rules_fails_under_a_sample_tournament(content, slug):
    page = tournament_page(Tournament.objects.get(slug=slug))
    assert page.rulings
    for ruling in page.rulings:
        if str(ruling.league.status) == "passed":
            assert str(ruling.tournament.status) in {"passed", "differs"}, ruling.name


def test_the_grid_shows_which_tournament_changes_the_article_rulings_in_words(content):
    matrix = matrix_for_article(Article.objects.get(key="nmjl-6"))
    names = [tournament.slug for tournament in matrix.tournaments]
    assert names == [HARBOUR, PRAIRIE]
    row = next(r for r in matrix.rows if r.name.startswith("A Joker exchange on the same turn"))
    assert [(c.label, c.because) for c in row.cells] == [
        ("Not allowed", []),
        ("Not allowed", []),
        ("Allowed", ["joker-exchange-locks-exposure"]),
    ]
    assert [c.engine_label for c in row.cells] == ["passes", "passes", "differs"]
    assert row.cells[2].house_rules == [1] and row.cells[2].cause == "house rule 1"


def test_options_for_gives_check_scenarios_each_sample_tournaments_rules(content):
    assert options_for(Tournament.objects.get(slug=HARBOUR)) == {"touched-tile-is-taken": True}
    assert options_for(Tournament.objects.get(slug=PRAIRIE)) == {
        "joker-exchange-locks-exposure": False,
        "one-joker-exchange-at-a-time": True,
    }
