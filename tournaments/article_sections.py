"""The article page's tournaments sections (registered for the `article_sections` and
`under_ruling` hooks in `TournamentsConfig.ready()`): what each published tournament rules
differently, as sentences, with the house rules that depart from the article; and, under the
ruling, the chosen tournament's house rules that touch it and what they change. Both read
the one view of the page (`tournaments.article_view`), so either may be drawn alone or
first. The full grid of checks against every tournament is on each scenario's page."""

from articles.sections import Section

from .article_view import at_tournament, view_of


def sections(page):
    view = view_of(page)
    if not view.differences and not view.departures:
        return []
    data = {"differences": view.differences, "departures": view.departures}
    return [Section("tournaments/_article_differences.html", data)]


def under_ruling(page):
    """Under the ruling, for a reader who chose a tournament: its house rules that touch the
    article and what they change, as sentences (the page cache keys on the choice:
    tournaments.chosen.page_cache_variant)."""
    at = at_tournament(page)
    if at is None:
        return []
    data = {
        "at": at,
        "differences": [d.sentence for d in view_of(page).differences_at(at.tournament)],
    }
    return [Section("tournaments/_at_tournament.html", data)]
