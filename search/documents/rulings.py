"""What the rulings put in the index: scenario checks, as a reader sees them.

A check is shown by its title, what it is about and the verdict each scenario demonstrates
("A drawn fourth tile cannot be added to a locked pung: refused"), never by its Gherkin:
the steps are searched (as hidden keywords) but no snippet shows a table bar, a `#`
comment, a tag or an `<placeholder>`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mahjong_rules import plain
from rulings.models import Scenario
from search.index import Document, url_of

KIND = "scenario"

_SCENARIO = re.compile(r"^(Scenario Outline|Scenario Template|Scenario|Example)\s*:\s*(.*)$")
_SECTION = re.compile(r"^(Feature|Background|Rule|Examples|Scenarios)\s*:")
_STEP = re.compile(r"^(Given|When|Then|And|But|\*)\s+(.*)$")
_VERDICT = re.compile(r"^that is (allowed|refused)\b")
_PLACEHOLDER = re.compile(r"<[^<>\n]*>")


def readable(text: str) -> tuple[str, str]:
    """(what a reader may see, the steps to search): a Gherkin text split into its prose —
    the description and each scenario's name with its verdict — and its plain steps."""
    prose: list[str] = []
    steps: list[str] = []
    scenario, verdict = "", ""

    def close():
        if scenario:
            prose.append(f"{scenario}: {verdict}." if verdict else f"{scenario}.")

    in_docstring = False
    for raw in (text or "").splitlines():
        line = _PLACEHOLDER.sub(" ", raw).strip()
        if line.startswith(('"""', "```")):
            in_docstring = not in_docstring
            continue
        if in_docstring or not line or line[0] in "#@|":
            continue
        if match := _SCENARIO.match(line):
            close()
            scenario, verdict = match[2].strip(), ""
        elif _SECTION.match(line):
            continue
        elif match := _STEP.match(line):
            step = match[2].strip()
            steps.append(step)
            found = _VERDICT.match(step)
            if found and not verdict:
                verdict = found[1]
        elif not scenario:
            prose.append(line)  # the Feature's description
    close()
    return "\n".join(prose), "\n".join(steps)


def scenario_document(scenario: Scenario, articles=None) -> Document:
    """The scenario as the index holds it (a reader's copy, from `for_readers()`: the last
    clean version); its rule set is that of its first linked article."""
    if articles is None:
        articles = scenario.articles.select_related("ruleset").order_by("key")
    articles = list(articles)
    prose, steps = readable(scenario.text)
    # A reader reads a house rule by its title; its key stays searchable, as a keyword.
    return Document(
        kind=KIND,
        key=scenario.slug,
        title=plain.with_option_titles(scenario.title),
        body=plain.with_option_titles(prose),
        url=url_of(scenario),
        ruleset=articles[0].ruleset.key if articles else "",
        keywords=" ".join([*(article.key for article in articles), scenario.title, steps]),
    )


def all_documents() -> Iterable[Document]:
    """Every scenario, its linked articles fetched in one more query."""
    for scenario in Scenario.objects.for_readers().prefetch_related("articles__ruleset"):
        linked = sorted(scenario.articles.all(), key=lambda article: article.key)
        yield scenario_document(scenario, linked)
