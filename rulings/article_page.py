"""What `rulings` knows of an article page, read once per request on its `ArticlePage`:
the article's scenario rows as readers read them, and their results under League rules and
under a tournament's options. Every hook that adds to the page reads them from here, so the
rows are fetched once per view however many sections use them."""

from rulings import checks


def scenarios(page) -> list:
    """The article's checks as readers read them (one query, the first time)."""
    return page.known("mahjong_rules.scenarios", lambda: list(page.article.scenarios.reader_rows()))


def texts(page) -> list[str]:
    return [scenario.text for scenario in scenarios(page)]


def league_results(page) -> list:
    """Their results under League rules (one cache round trip, the first time)."""
    return page.known("rulings.league", lambda: checks.results_for_many(texts(page), {}))


def results_under(page, options: dict, run_many) -> list:
    """Their results under `options`, as `run_many(texts, options)` gives them (the caller's
    way of running under a tournament's rules), once per set of options."""
    if not options:
        return league_results(page)
    key = "rulings.under:" + repr(sorted(options.items()))
    return page.known(key, lambda: run_many(texts(page), options))
