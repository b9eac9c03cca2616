"""The tournaments' view of one article, for one reader: everything the article page, its
version pages and the API show of tournaments, worked out once per request.

Every published tournament of the article's rule set is read as a `Sheet` (built from its
snapshot by `versions.sheet_from_snapshot`, the one reading of a snapshot's dict), and from
the page's scenario rows and results (`rulings.article_page`) come:

- the differences: each check a tournament rules differently, as a sentence
  (`differences.Difference`);
- the departures: the house rules that say they depart from the article
  (`matrix.Departure`);
- for a reader who chose a tournament, its house rules that touch the article
  (`touching.AtTournament`).

`view_of(page)` is kept on the request's `ArticlePage`, so the section below the article
and the box under its ruling read the same view, in whichever order they are drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings import article_page

from .chosen import article_slug, chosen_slug, chosen_tournament
from .comparison import tournament_results_many
from .differences import Difference, differences_among
from .matrix import Departure, Matrix, departures_from, matrix_of
from .models import Tournament
from .touching import AtTournament, touching_on
from .versions import Sheet, published_sheet, published_sheets


@dataclass
class TournamentsView:
    """The article under each published tournament of its rule set."""

    sheets: list[Sheet]
    differences: list[Difference] = field(default_factory=list)
    departures: list[Departure] = field(default_factory=list)

    def differences_at(self, tournament) -> list[Difference]:
        return [d for d in self.differences if d.tournament.pk == tournament.pk]


def sheets(page) -> list[Sheet]:
    """The published sheets of the article's rule set (one query, the first time)."""
    return page.known("tournaments.sheets", lambda: published_sheets(page.article.ruleset_id))


def results_under(page, options) -> list:
    """The article's checks' results under a tournament's options, once per set of options."""
    return article_page.results_under(page, options, tournament_results_many)


def view_of(page) -> TournamentsView:
    """The differences and departures of the article under every published tournament."""
    return page.known("tournaments.view", lambda: _view(page))


def _view(page) -> TournamentsView:
    found = sheets(page)
    if not found:
        return TournamentsView([])
    key = page.article.key
    differences = differences_among(
        key,
        found,
        article_page.scenarios(page),
        article_page.league_results(page),
        lambda options: results_under(page, options),
    )
    return TournamentsView(found, differences, departures_from(key, found))


def chosen(page):
    """The published tournament this reader chose, or None: taken from the sheets already
    read when it plays the article's rule set (no query), else looked up once per request
    (the header's context processor reads the same)."""
    if page.request is None:
        return None
    slug = article_slug(page.request)
    if not slug:
        return None
    among = [sheet.tournament for sheet in sheets(page)]
    if slug == chosen_slug(page.request):
        return chosen_tournament(page.request, among=among)
    # The address names another tournament (an offline copy): published ones only.
    found = next((t for t in among if t.slug == slug), None)
    return found or Tournament.objects.published().filter(slug=slug).first()


def at_tournament(page) -> AtTournament | None:
    """The chosen tournament's house rules that touch the article (None: no choice, or no
    version in force)."""
    return page.known("tournaments.at", lambda: _at_tournament(page))


def _at_tournament(page) -> AtTournament | None:
    tournament = chosen(page)
    if tournament is None:
        return None
    sheet = next((s for s in sheets(page) if s.tournament.pk == tournament.pk), None)
    if sheet is None:  # another rule set's tournament: its own sheet, read once
        sheet = published_sheet(tournament)
        if sheet is None:
            return None
    return touching_on(page.article, sheet, lambda options: results_under(page, options))


def matrix(page) -> Matrix | None:
    """The article's grid against every published tournament (the API's answer), from the
    page's rows and results."""
    found = sheets(page)
    if not found:
        return None
    return matrix_of(
        page.article.key,
        found,
        article_page.scenarios(page),
        article_page.league_results(page),
        lambda options: results_under(page, options),
    )
