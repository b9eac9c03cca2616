"""Whether the engine agrees with a ruling: its checks' verdicts under League rules.

A ruling says "No. She must use it." (not allowed); each check linked to it
(`rulings.RulingCheck`) gives a verdict under League rules, read from its last `Then` step
(`mahjong_rules.scenarios.verdicts`). They disagree when a check gives another verdict, or no
longer passes (it shows nothing then). Editors see it on the ruling's page and in
`/wanted/rulings/disagreeing/`; the article's watchers are told when it starts
(`community/verdicts.py`). A ruling with a verdict that no check shows is listed apart: it is
not contradicted, only unchecked.

Results come from the checks' cache (`rulings.ruling_checks.shown`): one query for the
rulings and their checks, one cache round trip for every result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from articles.models import Ruling
from rulings.models import RulingCheck
from rulings.reader_words import ruling_verdict_words
from rulings.ruling_checks import shown


@dataclass(frozen=True)
class CheckVerdict:
    """One linked check and what it gives under League rules (None: it does not pass, or is
    no longer in its scenario's text)."""

    check: RulingCheck
    verdict: str | None

    @property
    def in_words(self) -> str:
        """ "Not allowed", "does not pass", …: what an editor reads beside the check."""
        if self.verdict is None:
            return _("does not pass")
        return ruling_verdict_words(self.verdict) or _("gives no verdict")


@dataclass(frozen=True)
class Agreement:
    """A ruling and the verdicts of the checks that show it."""

    ruling: Ruling
    checks: list[CheckVerdict] = field(default_factory=list)

    @property
    def disagreeing(self) -> list[CheckVerdict]:
        """The checks that do not give the ruling's verdict."""
        return [found for found in self.checks if found.verdict != self.ruling.verdict]

    @property
    def disagrees(self) -> bool:
        return bool(self.disagreeing)

    @property
    def unchecked(self) -> bool:
        """A verdict no check shows ("none" needs no check: who pays, how many tiles)."""
        return not self.checks and self.ruling.verdict != Ruling.Verdict.NONE


def agreements(rulings) -> list[Agreement]:
    """Each ruling with its checks' verdicts, in the order given (rulings of any articles)."""
    rulings = list(rulings)
    links = (
        RulingCheck.objects.filter(ruling__in=rulings)
        .select_related("scenario")
        .only("ruling_id", "check_name", "row", "scenario__slug", "scenario__published_text")
        .order_by("ruling_id", "position", "pk")
    )
    by_ruling: dict[int, list[CheckVerdict]] = {ruling.pk: [] for ruling in rulings}
    for check, _result, verdict in shown(links):
        by_ruling[check.ruling_id].append(CheckVerdict(check, verdict))
    return [Agreement(ruling, by_ruling[ruling.pk]) for ruling in rulings]


def agreement(ruling) -> Agreement:
    """One ruling's (see `agreements`)."""
    return agreements([ruling])[0]


def published_rulings():
    """Every ruling readers can read (of a published article), in the articles' order."""
    return (
        Ruling.objects.filter(article__is_published=True)
        .select_related("article")
        .order_by("article__position", "article__key", "position", "pk")
    )
