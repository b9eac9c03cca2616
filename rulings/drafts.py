"""Drafts: a saved text that does not run clean waits for its writers, out of readers' sight.

Nothing typed is lost: any text the form accepts is saved. When it does not parse, links to
an article that does not exist, or has an undefined or failing step under League rules, the
scenario is a draft: readers (article pages, matrices, search, sheets, JSON,
check_scenarios) keep the last text that ran clean, read through
`Scenario.objects.for_readers()`, or nothing for a scenario that never did.
"""

from rulings import checks
from rulings.scenario_store import articles_for_keys, parsed
from rulings.scenarios.results import Status

# A text of thousands of failing scenarios is one draft, not a page of thousands of lines.
SHOWN_PROBLEMS = 10


def problems(text):
    """Why a text does not run clean, in sentences (an empty list when it does)."""
    parse = parsed(text)
    if parse.document is None:
        return ["The text does not parse as Gherkin; the check shows the line to fix."]
    found = []
    if not parse.title:
        found.append("The text has no “Feature: <title>” line; the title names it.")
    _, unknown = articles_for_keys(parse.article_keys)
    if unknown:
        found.append("No article has the key " + ", ".join(f"“{key}”" for key in unknown) + ".")
    result = checks.results_for(text)  # cached: the save's warming and readers reuse it
    found.extend(problem.message for problem in result.problems)
    for scenario in result.scenarios:
        if scenario.status != Status.PASSED:
            found.append(f"“{scenario.name}” {_status_in_words(scenario.status)}.")
    if not found and result.status != Status.PASSED:
        found.append(f"The text {_status_in_words(result.status)}.")
    if len(found) > SHOWN_PROBLEMS:
        found[SHOWN_PROBLEMS:] = [f"… and {len(found) - SHOWN_PROBLEMS:,} more."]
    return found


def _status_in_words(status):
    return {
        Status.FAILED: "has a step that fails",
        Status.UNDEFINED: "has a step that matches no phrase",
        Status.PARSE_ERROR: "cannot be run",
    }.get(status, f"did not pass ({status})")


def settle(scenario):
    """Before a save: publish the text when it runs clean, else keep it as a draft."""
    # A draft is listed for its writers by its title, even when the text has none yet.
    scenario.title = scenario.title or parsed(scenario.text).title[:200] or scenario.slug
    if problems(scenario.text):
        scenario.is_draft = True
        return
    scenario.is_draft = False
    scenario.published_text = scenario.text
    scenario.published_title = scenario.title
