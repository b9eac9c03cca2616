"""The verdicts of the checks that show rulings (`RulingCheck`), under League rules, from the
cached results readers' pages use (`rulings.checks`): one cache round trip for any number.
(Here, not a model method: the results module reads the models, so they cannot read it.)"""

from mahjong_rules.scenarios.verdicts import check_verdict, checks_of

from rulings import checks


def shown(ruling_checks) -> list[tuple]:
    """(check, its result or None, its verdict or None) for each check: None where its
    scenario has no clean text, the check is not in it, or (verdict) it does not pass."""
    ruling_checks = list(ruling_checks)
    texts = [check.scenario.published_text for check in ruling_checks]
    ran = [text for text in dict.fromkeys(texts) if text]
    results = dict(zip(ran, checks.results_for_many(ran, {}), strict=True))
    found = []
    for check, text in zip(ruling_checks, texts, strict=True):
        scenario = checks_of(results[text]).get((check.check_name, check.row)) if text else None
        found.append((check, scenario, check_verdict(scenario) if scenario is not None else None))
    return found


def shown_on(page, ruling) -> list[tuple]:
    """`shown` for one ruling's checks, read once per page: its checks section and the
    editors' disagreement flag both draw from it."""
    checks = ruling.checks.select_related("scenario").only(
        "ruling_id", "check_name", "row", "scenario__slug", "scenario__published_text"
    )
    return page.known(f"rulings.shown:{ruling.pk}", lambda: shown(checks))


def verdicts(ruling_checks) -> list[str | None]:
    """Each check's verdict ("allowed", "not_allowed", "dead", "none"), or None."""
    return [verdict for _, _, verdict in shown(ruling_checks)]


def verdict(ruling_check) -> str | None:
    """One check's verdict (see `verdicts`)."""
    return verdicts([ruling_check])[0]
