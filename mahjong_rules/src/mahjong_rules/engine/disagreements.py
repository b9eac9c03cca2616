"""Where sources disagree (the rules reference's D-list, kept here as data), for article pages.

Disagreements the engine judges are readings of a rule option (``options.py``): the entry
here names the option. Those about payments (D6, D9, D10) the engine does not judge: they are
text only, the situation and each reading with its sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .options import CARD_OPTIONS, OPTIONS, RuleOption


@dataclass(frozen=True)
class TextReading:
    """A reading stated in words only, with the sources that read it so."""

    summary: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Disagreement:
    key: str  # "D6"
    article: str
    situation: str
    option: str = ""  # the rule option whose readings these are, when the engine judges it
    readings: tuple[TextReading, ...] = ()  # for a text-only disagreement
    # Readings some source gives that the engine does not judge (stated after the option's).
    unjudged: tuple[TextReading, ...] = ()

    def rule_option(self) -> RuleOption | None:
        return OPTIONS.get(self.option) or CARD_OPTIONS.get(self.option)

    def stated(self) -> tuple[TextReading, ...]:
        """Every reading in words: the option's readings, or the text-only ones."""
        option = self.rule_option()
        if option is None:
            return self.readings + self.unjudged
        judged = tuple(TextReading(r.summary, r.sources) for r in option.readings)
        return judged + self.unjudged


def _from_option(
    option: RuleOption, situation: str, unjudged: tuple[TextReading, ...] = ()
) -> Disagreement:
    return Disagreement(
        option.disagreement, option.article, situation, option=option.name, unjudged=unjudged
    )


DISAGREEMENTS: Final[dict[str, Disagreement]] = {
    d.key: d
    for d in (
        _from_option(
            OPTIONS["joker-exchange-locks-exposure"],
            "Whether a joker exchange on the turn an exposure is made ends the window for "
            "changing that exposure.",
            unjudged=(
                TextReading(
                    "No change at all once the exposure is made (simplified guides).",
                    ("mahjongculture.com", "Cheryl Lyda, Mah Jongg tutorial part IV (2010)"),
                ),
            ),
        ),
        _from_option(
            OPTIONS["touched-tile-is-taken"],
            "When a caller is committed to the called tile.",
        ),
        _from_option(
            OPTIONS["one-joker-exchange-at-a-time"],
            "Whether several joker exchanges may be made together in one turn.",
        ),
        _from_option(
            OPTIONS["two-wrong-counts-replay-the-hand"],
            "Two players with the wrong number of tiles during play.",
        ),
        _from_option(
            OPTIONS["only-north-takes-a-missing-tile"],
            "Who may take a missing tile before East's first discard.",
        ),
        Disagreement(
            "D6",
            "nmjl-205",
            "Mah Jongg in error after other players have exposed or thrown in their hands: "
            "what the erring player pays.",
            readings=(
                TextReading(
                    "The erring player pays the surviving player double the value of the hand "
                    "claimed.",
                    ("Tom Sloper, column 415",),
                ),
                TextReading(
                    "The erring player pays the player whose hand is still concealed; no "
                    "multiplier is stated.",
                    ("Tom Sloper, column 55",),
                ),
                TextReading(
                    "Tournaments score in points: no score for anyone, or 10 points to a lone "
                    "intact player.",
                    ("MahjCon common tournament rules",),
                ),
            ),
        ),
        _from_option(
            OPTIONS["misnamer-discards-the-named-tile"],
            "A player misnames a discard and holds the tile she named.",
        ),
        Disagreement(
            "D9",
            "nmjl-calling",
            "A discarded Joker, misnamed, called for Mah Jongg.",
            readings=(
                TextReading(
                    "A discarded Joker is dead and can never be claimed, whatever it was named.",
                    ("AMJA guide: jokers and joker exchange", "AMJA guide: claiming a discard"),
                ),
                TextReading(
                    "A misnamed Joker called for Mah Jongg stops the game and the misnamer pays "
                    "for the table.",
                    ("NMJL letter of 7 June 2023, reported by MahjCon", "jlmahjongg.com"),
                ),
            ),
        ),
        Disagreement(
            "D10",
            "nmjl-exposure-answer",
            "Mah Jongg completed by a joker exchange after calling a discard: how it is paid.",
            readings=(
                TextReading(
                    "Paid as self-picked: everyone pays double.",
                    (
                        "AMJA guide: hand value and payment",
                        "League answer 2014 (Tom Sloper, column 595, Q17)",
                    ),
                ),
                TextReading(
                    "Nobody picked the winning tile from the wall, so it is not a self-pick.",
                    ("Home players, reported by Tom Sloper, column 256",),
                ),
            ),
        ),
        _from_option(
            CARD_OPTIONS["flowers-are-not-natural-tiles"],
            "What counts as a natural tile, for hands that must include one.",
        ),
    )
}


def disagreements_for(article: str) -> list[Disagreement]:
    """The disagreements an article's page shows, in D-list order."""
    found = [d for d in DISAGREEMENTS.values() if d.article == article]
    return sorted(found, key=lambda d: int(d.key[1:]))
