"""A card's and a line's instances indexed for the matcher (``matcher.py``), built once per
card and per line and kept on them (``Card.tables``, ``Line.tables``).

Apart from ``card.py`` and ``matcher.py`` so that both may use it and neither imports the
other back: a card builds its indexes here, the matcher reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from .instances import Instance

LineT = TypeVar("LineT")  # a card's line (``card.Line``), kept with each of its instances


class CardTables(Generic[LineT]):
    """A card's instances, indexed for matching: by kind of tile, the instances using it."""

    def __init__(self, lines: Iterable[LineT], instances: Callable[[LineT], Iterable[Instance]]):
        self.by_kind: dict[int, list[tuple[LineT, Instance]]] = {}
        self.everything: list[tuple[LineT, Instance]] = []
        for line in lines:
            for instance in instances(line):
                self.everything.append((line, instance))
                for kind, _req, _fixed in instance.counts:
                    self.by_kind.setdefault(kind, []).append((line, instance))

    def candidates(self, kinds: Iterable[int]) -> Sequence[tuple[LineT, Instance]]:
        """The instances that may match a hand holding these kinds: those using the rarest."""
        best: Sequence[tuple[LineT, Instance]] | None = None
        for kind in kinds:
            found = self.by_kind.get(kind, ())
            if best is None or len(found) < len(best):
                best = found
                if not best:
                    break
        return self.everything if best is None else best


class LineTables:
    """A line's instances indexed by kind: ``by_kind[kind]`` lists ``(index, req, fixed)``
    for every instance using that kind; `joker_room` is each instance's *Σ elig(t)*;
    ``with_group[(kind, size)]`` the instances with such a whole group (for exposures)."""

    def __init__(self, instances: tuple[Instance, ...]):
        self.by_kind: dict[int, list[tuple[int, int, int]]] = {}
        self.with_group: dict[tuple[int, int], list[int]] = {}
        for index, instance in enumerate(instances):
            for key in instance.exposable:
                self.with_group.setdefault(key, []).append(index)
            for kind, req, fixed in instance.counts:
                self.by_kind.setdefault(kind, []).append((index, req, fixed))
        self.joker_room = [instance.joker_room for instance in instances]
        self.most_room_first = sorted(
            range(len(self.joker_room)), key=lambda index: -self.joker_room[index]
        )
