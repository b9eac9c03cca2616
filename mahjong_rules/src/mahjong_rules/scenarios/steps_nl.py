"""The phrases of part one of the scenario language in Dutch, run by the English phrases' steps.

A text written with ``# language: nl`` matches these phrases, and only these: each stands
for one English phrase of ``steps.py`` (``english``) and runs its step function, so a Dutch
check and its English twin are judged by the same code, step by step. Seats are written in
Dutch (Oost, Zuid, West, Noord) and read as the English seat; tile codes stay as they are;
the Matjok call ``straight`` is ``straat`` (tjok, poeng and kong stay). A table's columns
and cells are Dutch too, and read back into English by the phrase's ``cells``.

    >>> from mahjong_rules.scenarios.runner import run_text
    >>> text = '''# language: nl
    ... Functionaliteit: Roepen
    ...   Scenario: West roept de laatst afgegooide steen
    ...     Gegeven Oost heeft 7D afgegooid
    ...     En West heeft 7D 7D in de hand
    ...     Als West de afgegooide steen roept
    ...     Dan is dat toegestaan
    ... '''
    >>> result = run_text(text, uri="roepen.feature")
    >>> result.status, [s.status for s in result.scenarios]
    (<Status.PASSED: 'passed'>, [<Status.PASSED: 'passed'>])

The list below is the Dutch phrase table: docs/contract/scenario-language-nl.md lists
exactly these phrases (a test holds the two together).
"""

from __future__ import annotations

from typing import Final

from . import steps
from .languages import DUTCH, claim_in_english, seat_in_english
from .messages import say
from .registry import Registry, StepFailed, Translation
from .world import World

__all__ = ["DUTCH_PHRASES", "PHRASES"]


def _seat(text: str) -> str:
    try:
        return seat_in_english(text, DUTCH)
    except KeyError:
        raise StepFailed(say(DUTCH, "not_a_seat", text=text)) from None


# A call in the table of "deze claims worden gedaan:", as the English step reads it.
_CALLS: Final = {
    "open combinatie": "exposure",
    "mah jongg": "Mah Jongg",
    **{word: word for word in ("tjok", "poeng", "kong")},
}


def _call(text: str) -> str:
    word = " ".join(text.lower().split())
    if word in _CALLS:
        return _CALLS[word]
    try:
        return claim_in_english(word, DUTCH)
    except KeyError:
        raise StepFailed(say(DUTCH, "not_a_call", text=text)) from None


def _exchange_cells(rows: list[list[str]]) -> list[list[str]]:
    """| steen | open combinatie van | → | tile | exposure of |"""
    return [[tile, _seat(owner)] for tile, owner in rows]


def _call_cells(rows: list[list[str]]) -> list[list[str]]:
    """| plaats | claim | → | seat | call |"""
    return [[_seat(seat), _call(call)] for seat, call in rows]


def _given(english: str, text: str, example: str, help: str) -> Translation:
    return Translation("given", english, text, example, help)


def _when(english: str, text: str, example: str, help: str) -> Translation:
    return Translation("when", english, text, example, help)


def _then(english: str, text: str, example: str, help: str) -> Translation:
    return Translation("then", english, text, example, help)


# Every phrase of steps.py (part one of the contract), in its order. Dutch word order puts
# the verb second after "Als" and "Dan" ("Als West de afgegooide steen roept", "Dan is dat
# toegestaan"), so the phrases are written as they read after their keyword.
DUTCH_PHRASES: Final[tuple[Translation, ...]] = (
    # --- Gegeven: de situatie ---
    _given("the NMJL rules", "de NMJL-regels", "de NMJL-regels", "kies de regels (standaard NMJL)"),
    _given(
        "the Matjok rules",
        "de Matjok-regels",
        "de Matjok-regels",
        "kies de regels (standaard NMJL)",
    ),
    _given(
        'the house rule "{name}"',
        'de huisregel "{name}"',
        'de huisregel "touched-tile-is-taken"',
        "zet een huisregel aan",
    ),
    _given(
        'the house rule "{name}" is off',
        'de huisregel "{name}" staat uit',
        'de huisregel "joker-exchange-locks-exposure" staat uit',
        "zet een huisregel uit",
    ),
    _given(
        "it is the Charleston",
        "het is de Charleston",
        "het is de Charleston",
        "de Charleston is bezig; Oost heeft nog niet afgegooid",
    ),
    _given(
        "it is {seat}'s turn",
        "{seat} is aan de beurt",
        "Noord is aan de beurt",
        "Oost heeft voor het eerst afgegooid; de plaats heeft gepakt en moet afgooien (14 stenen)",
    ),
    _given(
        "{seat} holds {tiles}",
        "{seat} heeft {tiles} in de hand",
        "Zuid heeft 7D 7D J in de hand",
        "deze stenen horen bij de dichte stenen van de plaats",
    ),
    _given(
        "{seat} has exposed {tiles}",
        "{seat} heeft {tiles} opengelegd",
        "West heeft 7D 7D J opengelegd",
        "een open combinatie uit een eerdere beurt, die al vastligt",
    ),
    _given(
        "{seat} has {n} tiles",
        "{seat} heeft {n} stenen",
        "Noord heeft 12 stenen",
        "de stenen in en op het rekje van de plaats zijn samen n",
    ),
    _given(
        "{seat} has discarded {tile}",
        "{seat} heeft {tile} afgegooid",
        "West heeft 7D afgegooid",
        "Oost heeft voor het eerst afgegooid; dit is nu de laatst afgegooide steen, die nog "
        "geroepen kan worden, en de volgende plaats moet pakken",
    ),
    _given(
        "{seat} is playing a concealed hand",
        "{seat} speelt een gesloten hand",
        "Zuid speelt een gesloten hand",
        "de hand van de plaats op de kaart is gesloten (C)",
    ),
    _given(
        "{seat} needs only {tile} to win",
        "{seat} heeft alleen nog {tile} nodig om te winnen",
        "Noord heeft alleen nog 7D nodig om te winnen",
        "de hand is compleet met die steen, voor Mah Jongg (NMJL) of tjok (Matjok)",
    ),
    _given(
        "{seat}'s exposures fit no hand on the card",
        "de open combinaties van {seat} passen bij geen hand op de kaart",
        "de open combinaties van West passen bij geen hand op de kaart",
        "geen regel van de kaart past bij wat de plaats heeft opengelegd",
    ),
    _given(
        "{seat}'s hand is dead",
        "de hand van {seat} is dood",
        "de hand van West is dood",
        "een dode hand: een andere speler heeft hem al dood verklaard",
    ),
    # --- Als: handelingen ---
    _when(
        "{seat} discards {tile}",
        "{seat} {tile} afgooit",
        "Zuid 7D afgooit",
        "gooi af; beëindigt de beurt; legt de open combinaties vast",
    ),
    _when(
        "{seat} discards {tile} and names it {tile}",
        "{seat} {tile} afgooit en hem {tile} noemt",
        "West 3B afgooit en hem 3D noemt",
        "een verkeerd genoemde steen: de eerste steen is de echte",
    ),
    _when("{seat} draws {tile}", "{seat} {tile} pakt", "Zuid 7D pakt", "pak een genoemde steen"),
    _when("{seat} draws a tile", "{seat} een steen pakt", "Zuid een steen pakt", "pak een steen"),
    _when(
        "{seat} calls the discard",
        "{seat} de afgegooide steen roept",
        "Noord de afgegooide steen roept",
        "roep de laatst afgegooide steen voor een open combinatie",
    ),
    _when(
        "{seat} calls {tile}",
        "{seat} {tile} roept",
        "Noord 7D roept",
        "roep de laatst afgegooide steen voor een open combinatie; een steen noemen die niet "
        "de laatst afgegooide is, is een roep die niet is toegestaan",
    ),
    _when(
        "{seat} calls the discard for Mah Jongg",
        "{seat} de afgegooide steen roept voor Mah Jongg",
        "West de afgegooide steen roept voor Mah Jongg",
        "roep hem om te winnen (NMJL)",
    ),
    _when(
        "{seat} calls {tile} for Mah Jongg",
        "{seat} {tile} roept voor Mah Jongg",
        "West 7D roept voor Mah Jongg",
        "roep hem om te winnen (NMJL)",
    ),
    _when(
        "{seat} touches the called tile",
        "{seat} de geroepen steen aanraakt",
        "Noord de geroepen steen aanraakt",
        "aanraken, optillen of vasthouden; onder de regels van de League geen verplichting",
    ),
    _when(
        "{seat} racks the called tile",
        "{seat} de geroepen steen op het rekje zet",
        "Noord de geroepen steen op het rekje zet",
        "zet hem op het rekje; daarmee zit de roeper aan de steen vast",
    ),
    _when(
        "{seat} racks {tile} instead of the called tile",
        "{seat} {tile} op het rekje zet in plaats van de geroepen steen",
        "Noord 5B op het rekje zet in plaats van de geroepen steen",
        "pakt een eerder afgegooide steen van tafel en zet die op het rekje",
    ),
    _when(
        "{seat} exposes {tiles}",
        "{seat} {tiles} openlegt",
        "Noord 7D 7D 7D openlegt",
        "leg de combinatie met de geroepen steen open (de geroepen steen is een van de stenen)",
    ),
    _when(
        "{seat} exposes {tiles} and {tiles}",
        "{seat} {tiles} en {tiles} openlegt",
        "Noord 7D 7D 7D en 8B 8B 8B openlegt",
        "leg voor één roep meer dan één combinatie open",
    ),
    _when(
        "{seat} withdraws the call",
        "{seat} de roep intrekt",
        "Noord de roep intrekt",
        "geef de geroepen steen terug aan de afgegooide stenen",
    ),
    _when(
        "{seat} changes the exposure to {tiles}",
        "{seat} de open combinatie verandert in {tiles}",
        "Noord de open combinatie verandert in 7D 7D 7D 7D",
        "verander de open combinatie van deze beurt",
    ),
    _when(
        "{seat} adds {tile} to the exposure",
        "{seat} {tile} aan de open combinatie toevoegt",
        "Noord 7D aan de open combinatie toevoegt",
        "voeg een steen toe aan de open combinatie van die steen",
    ),
    _when(
        "{seat} removes {tile} from the exposure",
        "{seat} {tile} uit de open combinatie haalt",
        "Noord J uit de open combinatie haalt",
        "haal een steen terug uit de open combinatie van deze beurt",
    ),
    _when(
        "{seat} exchanges {tile} for the Joker in {seat}'s exposure",
        "{seat} {tile} ruilt tegen de Joker in de open combinatie van {seat}",
        "Zuid 7D ruilt tegen de Joker in de open combinatie van West",
        "een jokerruil",
    ),
    Translation(
        "when",
        "{seat} makes these joker exchanges together:",
        "{seat} deze jokerruilen tegelijk doet:",
        "Zuid deze jokerruilen tegelijk doet:",
        "meer jokerruilen tegelijk; een tabel met de kolommen steen, open combinatie van",
        table=("steen", "open combinatie van"),
        cells=_exchange_cells,
    ),
    _when(
        "{seat} declares Mah Jongg",
        "{seat} Mah Jongg verklaart",
        "Noord Mah Jongg verklaart",
        "verklaar een winst met de stenen in de hand (NMJL)",
    ),
    _when(
        "{seat} declares {seat}'s hand dead",
        "{seat} de hand van {seat} dood verklaart",
        "Oost de hand van Zuid dood verklaart",
        "een speler verklaart een hand dood (de tweede plaats mag dezelfde zijn als de eerste)",
    ),
    _when(
        "{seat} takes the missing tile",
        "{seat} de ontbrekende steen neemt",
        "Noord de ontbrekende steen neemt",
        "een speler die bij het delen een steen tekortkwam, neemt hem",
    ),
    Translation(
        "when",
        "these calls are made:",
        "deze claims worden gedaan:",
        "deze claims worden gedaan:",
        "gelijktijdige claims op de laatst afgegooide steen; een tabel met de kolommen plaats, "
        "claim, waarin claim open combinatie of Mah Jongg (NMJL), tjok, poeng, kong of straat "
        "(Matjok) is. Toegestaan als één claim de steen krijgt, niet toegestaan als geen "
        "enkele dat kan",
        table=("plaats", "claim"),
        cells=_call_cells,
    ),
    _when(
        "{seat} calls {claim}",
        "{seat} {claim} claimt",
        "Zuid poeng claimt",
        "één Matjok-claim: tjok, poeng, kong of straat. Een claim die de steen krijgt, legt "
        "de combinatie meteen open; daarna gooit de claimer af, tenzij hij de hand won",
    ),
    # --- Dan: controles ---
    _then(
        "that is allowed",
        "is dat toegestaan",
        "is dat toegestaan",
        "de laatste handeling was toegestaan",
    ),
    _then(
        "that is refused",
        "is dat niet toegestaan",
        "is dat niet toegestaan",
        "de laatste handeling was niet toegestaan",
    ),
    _then(
        "the ruling cites {word}",
        "verwijst de uitspraak naar {word}",
        "verwijst de uitspraak naar nmjl-calling",
        "de uitspraak over de laatste handeling noemt het artikel met die sleutel",
    ),
    _then(
        "{seat} gets the discard",
        "krijgt {seat} de afgegooide steen",
        "krijgt Noord de afgegooide steen",
        "de plaats heeft de roep (of claim) op de laatst afgegooide steen gewonnen",
    ),
    _then(
        "nobody gets the discard",
        "krijgt niemand de afgegooide steen",
        "krijgt niemand de afgegooide steen",
        "geen enkele roep is gelukt",
    ),
    _then(
        "it is {seat}'s turn",
        "is {seat} aan de beurt",
        "is West aan de beurt",
        "die plaats is als volgende aan zet: moet afgooien, of moet als volgende pakken "
        "(dode handen worden overgeslagen)",
    ),
    _then(
        "{seat} must discard",
        "moet {seat} afgooien",
        "moet Noord afgooien",
        "de plaats is aan de beurt en moet nu afgooien",
    ),
    _then(
        "the hand is over",
        "is de hand voorbij",
        "is de hand voorbij",
        "iemand heeft gewonnen (Mah Jongg of tjok)",
    ),
    _then(
        "{seat} holds {tiles}",
        "heeft {seat} {tiles} in de hand",
        "heeft Noord 7D J in de hand",
        "deze stenen horen bij de dichte stenen van de plaats",
    ),
    _then(
        "{seat} has exposed {tiles}",
        "heeft {seat} {tiles} opengelegd",
        "heeft Noord 7D 7D 7D J opengelegd",
        "een van de open combinaties van de plaats is precies deze stenen, in elke volgorde",
    ),
    _then(
        "{seat}'s exposure of {tile} is locked",
        "ligt de open combinatie van {seat} met {tile} vast",
        "ligt de open combinatie van Noord met 7D vast",
        "de open combinatie kan niet meer veranderen",
    ),
    _then(
        "{seat} has {n} tiles",
        "heeft {seat} {n} stenen",
        "heeft Noord 14 stenen",
        "in en op het rekje samen",
    ),
    _then(
        "{seat} has the right number of tiles",
        "heeft {seat} het juiste aantal stenen",
        "heeft Noord het juiste aantal stenen",
        "naar wat de fase en de beurt vragen",
    ),
    _then(
        "{seat} has the wrong number of tiles",
        "heeft {seat} het verkeerde aantal stenen",
        "heeft Noord het verkeerde aantal stenen",
        "naar wat de fase en de beurt vragen",
    ),
    _then(
        "{seat}'s hand is dead",
        "is de hand van {seat} dood",
        "is de hand van Zuid dood",
        "een dode hand: dood verklaard",
    ),
    _then(
        "{seat}'s hand is not dead",
        "is de hand van {seat} niet dood",
        "is de hand van Zuid niet dood",
        "niet dood verklaard",
    ),
    _then(
        "{seat}'s hand can be declared dead",
        "kan de hand van {seat} dood verklaard worden",
        "kan de hand van Zuid dood verklaard worden",
        "een andere speler mag hem nu dood verklaren (een hand die al dood is niet)",
    ),
    _then(
        "{seat}'s hand cannot be declared dead",
        "kan de hand van {seat} niet dood verklaard worden",
        "kan de hand van Zuid niet dood verklaard worden",
        "geen andere speler mag hem nu dood verklaren",
    ),
    _then(
        "{tile} is the latest discard",
        "is {tile} de laatst afgegooide steen",
        "is 7D de laatst afgegooide steen",
        "de steen ligt als laatste bij de afgegooide stenen",
    ),
    _then(
        "the tiles are thrown in for a new deal",
        "worden de stenen ingegooid voor een nieuwe deling",
        "worden de stenen ingegooid voor een nieuwe deling",
        "de deling is ongeldig: in de Charleston heeft meer dan één plaats een verkeerd aantal",
    ),
    _then(
        "the tiles are not thrown in",
        "worden de stenen niet ingegooid",
        "worden de stenen niet ingegooid",
        "de deling blijft staan",
    ),
)

PHRASES: Final[Registry[World]] = Registry()
PHRASES.translate(DUTCH, steps.PHRASES, DUTCH_PHRASES)
