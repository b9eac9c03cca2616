"""How a tournament may rule a ruling otherwise: "How does your tournament rule it?"

A director writing a house rule starts from the ruling it changes. The ways offered are the
readings of the engine's options that change the verdict of one of that ruling's checks,
each as the sentence its option declares for it (never its name), with the verdict the ruling
then gets. Found by running the ruling's checks under each reading as a one-rule sheet and
asking `ruling_answers` whether the answer changes, as the sheet would:

    readings_changing(ruling, tournament)  # [RulingChoice], League readings left out

Bounded: only the options of the tournament's rule set, only the reading that is not the
League's (an option has two values), only the ruling's own checks; one query for the checks,
and every run is the checks' cached result under those options (the same key a published
sheet's results use).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from mahjong_rules.engine.options import OPTIONS

from articles.models import Ruling
from rulings import option_words
from rulings.reader_words import ruling_verdict_words

from .comparison import tournament_results_many
from .models import options_for_ruleset
from .option_values import boolean, names_for
from .ruling_answers import answers_on, checks_by_ruling
from .versions import Sheet, SheetRule

# The choice of a rule in the director's own words: text only, its answer said by them.
OWN_WORDS = "own"


@dataclass(frozen=True)
class RulingChoice:
    """One way a tournament may rule the ruling: an option's reading, in a player's words."""

    option: str  # the engine option it sets (authors only)
    reading: str  # the reading's name (authors only)
    sentence: str  # the reading as the option declares it for players
    verdict: str  # what the ruling's question gets under it: "allowed", "not_allowed", …

    @property
    def key(self) -> str:
        """The form's value for this choice."""
        return f"{self.option}={self.reading}"

    @property
    def verdict_words(self) -> str:
        return ruling_verdict_words(self.verdict)


def reading_sentence(option_name: str, reading: str) -> str:
    """A reading as players read it (the sentence declared with the option)."""
    option = OPTIONS.get(option_name)
    value = boolean(option_name, reading)
    if option is None or value is None:
        return ""
    return option_words.in_words(option.sentence(value))


def candidates(ruleset_key: str) -> list[tuple[str, str]]:
    """(option, reading) for each option of the rule set, the reading that is not League's."""
    found = []
    for name, option in sorted(options_for_ruleset(ruleset_key).items()):
        for reading in names_for(name):
            if boolean(name, reading) != option.default:
                found.append((name, reading))
    return found


def readings_changing(ruling, tournament) -> list[RulingChoice]:
    """The readings that change the ruling's answer at this tournament (as of its League
    date), each with the answer it gives. None for a ruling of another rule set or without
    checks: such a rule is the director's own words."""
    if ruling.article.ruleset_id != tournament.ruleset_id:
        return []
    by_ruling = checks_by_ruling([ruling])
    if not by_ruling:
        return []
    found = []
    for option, reading in candidates(tournament.ruleset.key):
        sentence = reading_sentence(option, reading)
        sheet = Sheet(
            tournament,
            "",
            [SheetRule(1, option, reading, sentence, None)],
            rules_as_of=tournament.league_date,
        )
        options = sheet.checked_options
        answers = answers_on(
            [ruling], sheet, lambda texts, o=options: tournament_results_many(texts, o), by_ruling
        )
        answer = answers.get(ruling.slug)
        if answer is not None:
            found.append(RulingChoice(option, reading, sentence, answer.verdict))
    return found


def choice_for(option: str, reading: str) -> RulingChoice:
    """A rule's current option and reading as a choice (its verdict unknown: "none")."""
    return RulingChoice(option, reading, reading_sentence(option, reading), "none")


def readings_of(option: str) -> list[RulingChoice]:
    """Every reading of one option as a choice: editing a rule written without a ruling."""
    return [choice_for(option, reading) for reading in names_for(option)]


def findable(tournament):
    """The rulings a house rule of this tournament may start from: its rule set's, published."""
    return Ruling.objects.filter(
        article__is_published=True, article__ruleset_id=tournament.ruleset_id
    ).select_related("article", "article__ruleset")


def find_rulings(tournament, words: str, limit: int = 25) -> list:
    """Step 1's search: the rulings whose question or answer has every word typed (at most
    eight words count), in the articles' order."""
    found = findable(tournament)
    for word in words.split()[:8]:
        found = found.filter(Q(question__icontains=word) | Q(answer__icontains=word))
    return list(found.order_by("article__position", "article__key", "position", "pk")[:limit])
