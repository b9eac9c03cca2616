"""Set a table up and act on it in the scenario language's own phrases, without the runner.

    world = play('''
        Given West has discarded 7D
        And North holds 7D 7D
        When North calls the discard
    ''')

Each line is matched in the phrase registry (steps.py) and its function called, so the
tests read like the scenarios a tournament director writes. Table rows (``| a | b |``)
after a line are passed to it, their header checked as the runner checks it.
"""

from __future__ import annotations

from mahjong_rules.engine.verdicts import Verdict
from mahjong_rules.scenarios import steps
from mahjong_rules.scenarios.phrasebook import REGISTRY

KEYWORDS = {"Given": "given", "When": "when", "Then": "then"}


def play(text: str, options=None) -> steps.World:
    world = steps.new_world(options)
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    keyword = None
    index = 0
    while index < len(lines):
        word, rest = lines[index].split(" ", 1)
        keyword = KEYWORDS.get(word, keyword)
        rows = []
        while index + 1 < len(lines) and lines[index + 1].startswith("|"):
            index += 1
            rows.append([cell.strip() for cell in lines[index].strip("|").split("|")])
        matches = REGISTRY.match(keyword, rest)
        assert len(matches) == 1, f"{lines[index]!r} matched {len(matches)} phrases"
        phrase, values = matches[0]
        phrase.func(world, *phrase.arguments(values, rows or None))
        index += 1
    return world


def ruling(text: str, options=None) -> Verdict:
    """The verdict on the last action of the text."""
    verdict = play(text, options).last_verdict
    assert verdict is not None, "the text has no action"
    return verdict


def assert_allowed(verdict: Verdict, rule: str, article: str | None = None) -> None:
    assert verdict.allowed, f"expected allowed by {rule}, got {verdict}"
    assert verdict.rule == rule, f"expected the rule {rule}, got {verdict}"
    if article:
        assert verdict.article == article, verdict


def assert_refused(verdict: Verdict, rule: str, article: str | None = None) -> None:
    assert not verdict.allowed, f"expected refused by {rule}, got {verdict}"
    assert verdict.rule == rule, f"expected the rule {rule}, got {verdict}"
    if article:
        assert verdict.article == article, verdict
