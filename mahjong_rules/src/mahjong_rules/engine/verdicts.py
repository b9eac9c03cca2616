"""Verdict: what the rules said about one action, and which rule said it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """Allowed or refused, the rule that decided, the article it enforces, and why.

    `rule` is the name of the rule function that decided (``discarded_joker_cannot_be_called``);
    `article` is the key of the article that rule comes from (``nmjl-calling``);
    `reason` is one plain-English line; `consequence` is what the rules attach to the action
    beyond its verdict ("South's hand may now be declared dead"), or None.
    """

    allowed: bool
    rule: str
    article: str
    reason: str
    consequence: str | None = None

    @property
    def word(self) -> str:
        return "allowed" if self.allowed else "refused"

    def __str__(self) -> str:
        text = f"{self.word} by {self.rule} ({self.article}): {self.reason}"
        return f"{text} — {self.consequence}" if self.consequence else text
