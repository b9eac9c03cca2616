"""A logged ruling as a public question: every name the log knows, contacts and places left out.

The log is private because it names people and places; the site's questions and answers
are public. So the question's text leaves out every name the log knows of — the players of
every entry the tournament ever logged and its listed players (and each part of their names:
"Ann Lee", "Ann", "Lee"), its directors and whoever wrote the log (usernames, first and last
names), anyone called "Mrs. …" or named as the appellant — and e-mail addresses, phone
numbers, tables and rounds. The editor still reads the result in the normal question form
before saving.
"""

import re
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db.models import Q

import hooks

from .models import LoggedRuling

PLAYER, DIRECTOR = "a player", "the director"

# "table 17", "Table #3", "T17", "round 2", "rd 4": where it happened is not the ruling.
PLACES = re.compile(
    r"\b(?:(?:at|on|in|from)\s+)?(?:tables?|t|rounds?|rd)\s*#?\s*(?:\d+[a-z]?|[a-z]\d+)\b",
    re.IGNORECASE,
)
EMAILS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# International (+44 20 7946 0958), (555) 123-4567 and 555-123-4567. Not bare digit groups:
# a card's hand ("222 000 2222 6666") is written that way.
PHONES = re.compile(
    r"\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}\d"
    r"|\(\d{2,5}\)\s?\d{3,4}[\s.-]?\d{3,4}"
    r"|\b\d{3}[.-]\d{3}[.-]\d{4}\b"
)
HONORIFIC = r"(?:Mr|Mrs|Ms|Miss|Mx|Dr|Mme|Mlle|Herr|Frau)\.?\s+"
# "Mrs. Okafor", "Dr Lee": whoever is called so is a person, known to the log or not.
HONOURED = re.compile(rf"\b{HONORIFIC}([A-Z][\w'’-]+)")
# The appeal says who appealed first ("Carol Diaz appealed the penalty", "Carol, on …").
APPELLANT = re.compile(r"^\s*((?:[A-Z][\w'’-]+\s+){0,2}[A-Z][\w'’-]+)(?=\s+appeal|\s*[,:;(—-])")
NOT_APPELLANTS = {"the", "a", "an", "both", "all", "no", "nobody", "none", "this", "that"}
# Seats and the game's own words stay words when a player's name holds them ("Rose Wall"):
# only the capitalised form is taken for the name.
GAME_WORDS = {
    "east", "south", "west", "north", "wall", "wind", "dragon", "flower", "season", "joker",
    "red", "green", "white", "soap", "bam", "crak", "dot", "dots", "hand", "pair", "dead",
}  # fmt: skip
POSSESSIVE = r"(?P<possessive>['’]s\b|(?<=s)['’](?!\w))?"


def names_in(players: str) -> set[str]:
    """Each name in a players field ("Ann Lee (East), Bo & Cy") and each part of it."""
    players = re.sub(r"\([^)]*\)", " ", players)
    names = set()
    for name in re.split(r"[,;/&\n]|\band\b", players):
        name = " ".join(name.split()).strip(" .-'")
        if len(name) < 2:
            continue
        names.add(name)
        names.update(part.strip(".'’") for part in name.split() if len(part.strip(".")) > 1)
    return names


def names_of(user) -> set[str]:
    full = " ".join(filter(None, [user.first_name.strip(), user.last_name.strip()]))
    found = {user.get_username(), full} | names_in(full)
    return {name for name in found if len(name) > 1}


class Anonymiser:
    """Takes the given players' and directors' names (and contacts, tables) out of a text."""

    def __init__(self, players: Iterable[str] = (), directors: Iterable[str] = ()):
        self.players = set(players)
        self.directors = set(directors) - self.players

    def __call__(self, text: str) -> str:
        text = EMAILS.sub("an e-mail address", text)
        text = PHONES.sub("a phone number", text)
        players = self.players | set(HONOURED.findall(text))
        for names, stand_in in ((players, PLAYER), (self.directors - players, DIRECTOR)):
            for pattern in _patterns(names):
                text = pattern.sub(lambda found, said=stand_in: _stand_in(found, said), text)
        text = PLACES.sub("", text)
        text = re.sub(r"[ \t]{2,}", " ", text)
        text = re.sub(r"[ \t]+([,;:.])(?=\s|$)", r"\1", text)  # not a tile's ":7D:"
        text = re.sub(r"^[ \t,;:.]+", "", text, flags=re.MULTILINE).strip()
        return text[:1].upper() + text[1:]


def _patterns(names: set[str]) -> list[re.Pattern]:
    """One pattern for the names in any case; game words only as capitalised."""
    game = {name for name in names if name.lower() in GAME_WORDS}
    made = []
    for group, flags in ((names - game, re.IGNORECASE), (game, 0)):
        if group:
            # Longest first, so "Ann Lee" goes before "Ann"; never inside a word or an address.
            choices = "|".join(re.escape(name) for name in sorted(group, key=len, reverse=True))
            made.append(
                re.compile(
                    rf"(?:\b{HONORIFIC})?(?<![\w@.])(?:{choices})(?![\w@]){POSSESSIVE}", flags
                )
            )
    return made


def _stand_in(found: re.Match, stand_in: str) -> str:
    """ "a player" ("A player" starting a sentence), with the name's possessive if it had one."""
    before = found.string[: found.start()].rstrip()
    if not before or before[-1] in ".!?\n":
        stand_in = stand_in[:1].upper() + stand_in[1:]
    return stand_in + ("'s" if found.group("possessive") else "")


TEXTS = ("what_happened", "outcome", "penalty", "appeal", "appeal_result")


def anonymiser_for(entry, people: Iterable = ()) -> Anonymiser:
    """Everyone the tournament's log knows of: the players of every entry it ever held (past
    versions and deleted entries too), its directors and the users who wrote in it, and the
    names this entry's own texts give (an appellant, "Mrs. Okafor"). What other apps keep
    about the log adds its own: names by the `log_private_names` hook (the event's players,
    the appellants of its appeals) and `people` (users: whoever decided an appeal)."""
    also_people = list(people)
    logged = LoggedRuling.history.filter(tournament_id=entry.tournament_id)
    players = set()
    for listed in logged.values_list("players", flat=True).distinct():
        players |= names_in(listed)
    players |= names_in(entry.players)
    # Names the apps above keep about the log (the event's players, appellants), by hook.
    for names in hooks.get_hooks("log_private_names"):
        for name in names(entry=entry):
            players |= names_in(name)
    for text in (getattr(entry, field) for field in TEXTS):
        players |= {name for found in HONOURED.findall(text) for name in names_in(found)}
    appellant = APPELLANT.match(entry.appeal)
    if appellant and appellant.group(1).split()[0].lower() not in NOT_APPELLANTS:
        players |= names_in(appellant.group(1)) - {w.title() for w in GAME_WORDS}
    writers = set(logged.values_list("history_user_id", flat=True)) | {entry.recorded_by_id}
    people = get_user_model().objects.filter(
        Q(pk__in=writers - {None}) | Q(directed_tournaments=entry.tournament_id)
    )
    directors = set()
    for person in [*people.distinct(), *also_people]:
        directors |= names_of(person)
    return Anonymiser(players, directors)


def as_question(entry) -> dict:
    """What the new-question form starts with."""
    anonymise = anonymiser_for(entry)
    return {"question": anonymise(entry.what_happened), "answer": anonymise(entry.outcome)}
