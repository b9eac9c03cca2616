"""The scenario language's phrases, gathered from an explicit list of step modules.

Each step module keeps its own phrases (``PHRASES``); nothing is registered by importing
one. A new group of phrases is a module with a ``PHRASES`` registry and one entry below.
Each phrase has a language: part one of the language is in English and in Dutch
(``steps_nl``, bound to the English phrases' steps), the rest in English. `phrases` lists
one language's, for the step reference and the editor:

    >>> [p.text for p in phrases("nl", "then")][:2]
    ['is dat toegestaan', 'is dat niet toegestaan']
    >>> [p.english for p in phrases("nl", "then")][:2]
    ['that is allowed', 'that is refused']
"""

from __future__ import annotations

from typing import Final, Protocol

from . import steps, steps_hands, steps_nl, steps_time
from .languages import ENGLISH, LANGUAGES
from .registry import Phrase, Registry
from .world import World, new_world


class PhraseModule(Protocol):
    """A step module: its phrases, acting on a World."""

    PHRASES: Registry[World]


# In the order phrases are tried and suggested: part one of the language, then part two
# (the card, Mah Jongg by the card, the Charleston, the wall), then League rules by date;
# then part one in Dutch (each language's phrases are tried only for texts in it).
PHRASE_MODULES: Final[tuple[PhraseModule, ...]] = (steps, steps_hands, steps_time, steps_nl)

REGISTRY: Final[Registry[World]] = Registry.joined(module.PHRASES for module in PHRASE_MODULES)


def phrases(language: str = ENGLISH, keyword: str | None = None) -> list[Phrase[World]]:
    """Every phrase a text in this language may use (of this keyword: given, when or then;
    of all three for None), in the order they are tried. A translated phrase names its
    English phrase in ``english``. ValueError for a language with no phrases."""
    if language not in LANGUAGES:
        raise ValueError(f"no phrases in {language!r}: the languages are {', '.join(LANGUAGES)}")
    return REGISTRY.phrases(keyword, language)


__all__ = ["LANGUAGES", "PHRASE_MODULES", "REGISTRY", "World", "new_world", "phrases"]
