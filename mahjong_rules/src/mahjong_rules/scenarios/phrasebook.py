"""The scenario language's phrases, gathered from an explicit list of step modules.

Each step module keeps its own phrases (``PHRASES``); nothing is registered by importing
one. A new group of phrases is a module with a ``PHRASES`` registry and one entry below.
"""

from __future__ import annotations

from typing import Final, Protocol

from . import steps, steps_hands, steps_time
from .registry import Registry
from .world import World, new_world


class PhraseModule(Protocol):
    """A step module: its phrases, acting on a World."""

    PHRASES: Registry[World]


# In the order phrases are tried and suggested: part one of the language, then part two
# (the card, Mah Jongg by the card, the Charleston, the wall), then League rules by date.
PHRASE_MODULES: Final[tuple[PhraseModule, ...]] = (steps, steps_hands, steps_time)

REGISTRY: Final[Registry[World]] = Registry.joined(module.PHRASES for module in PHRASE_MODULES)

__all__ = ["PHRASE_MODULES", "REGISTRY", "World", "new_world"]
