"""What `rulings` adds to a ruling's own page (the `ruling_sections` hook, registered in
`RulingsConfig.ready()`): each check that shows the ruling, as a sentence in a reader's words
("Checked: … — Not allowed."), with a link to its scenario."""

from dataclasses import dataclass

from articles.sections import Section
from mahjong_rules import plain
from rulings.reader_words import ruling_verdict_words
from rulings.ruling_checks import shown_on


@dataclass(frozen=True)
class ShownBy:
    """One check as a reader reads it under the ruling."""

    situation: str  # the check's situation: its name, or an outline row's Given/When steps
    verdict: str  # "Allowed", "Not allowed", "The hand is dead", or "" (a check with none)
    url: str


def shown_by(page, ruling) -> list[ShownBy]:
    """The ruling's checks that pass under League rules (one cache round trip for all)."""
    return [
        ShownBy(
            plain.situation(result),
            ruling_verdict_words(verdict),
            check.scenario.get_absolute_url(),
        )
        for check, result, verdict in shown_on(page, ruling)
        if verdict is not None
    ]


def sections(page, ruling):
    found = shown_by(page, ruling)
    return [Section("rulings/_ruling_checks.html", {"shown_by": found})] if found else []
