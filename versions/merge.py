"""Three-way merge of two edits made from the same version, paragraph by paragraph.

When two editors start from the same version and both save, the second save is merged
with the first: a paragraph changed by only one of them takes that change; a paragraph
changed by both, differently, is a conflict, and the editor resolves it by hand. Nothing
is ever dropped silently: a merge either keeps every change or reports a conflict.

Each side's changes are found against the base (difflib opcodes over paragraphs); changes
that touch different paragraphs are all applied, changes that touch the same paragraph, or
insert at the same place, are a conflict unless they are identical.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n+")


@dataclass(frozen=True)
class Merged:
    """The merged value, and whether it merged without conflict."""

    value: object
    clean: bool


def normalise_newlines(text: str) -> str:
    """Browsers send textarea text with CRLF; history and merges compare plain LF."""
    return (text or "").replace("\r\n", "\n").replace("\r", "\n")


def paragraphs(text: str) -> list[str]:
    text = normalise_newlines(text).strip("\n")
    return _PARAGRAPH_BREAK.split(text) if text.strip() else []


def join_paragraphs(items: list[str]) -> str:
    return "\n\n".join(items)


def merge_value(base, theirs, mine) -> Merged:
    """Merge one plain value (a title, a date, a choice): one side's change wins."""
    if mine == theirs or theirs == base:
        return Merged(mine, True)
    if mine == base:
        return Merged(theirs, True)
    return Merged(mine, False)


def merge_text(base: str, theirs: str, mine: str) -> Merged:
    """Merge Markdown by paragraph; on conflict the value is `mine`, untouched."""
    base, theirs, mine = (normalise_newlines(t) for t in (base, theirs, mine))
    if mine == theirs or theirs == base:
        return Merged(mine, True)
    if mine == base:
        return Merged(theirs, True)
    merged = _merge_paragraphs(paragraphs(base), paragraphs(theirs), paragraphs(mine))
    if merged is None:
        return Merged(mine, False)
    return Merged(join_paragraphs(merged), True)


def _changes(base, other) -> list[tuple[int, int, list[str]]]:
    """What one side did to the base: (start, end, new paragraphs) for each change."""
    matcher = SequenceMatcher(None, base, other, autojunk=False)
    return [
        (i1, i2, other[j1:j2])
        for operation, i1, i2, j1, j2 in matcher.get_opcodes()
        if operation != "equal"
    ]


def _overlap(one, other) -> bool:
    """Do two changes touch the same base paragraphs (or insert at the same place)?"""
    (a1, a2, _), (b1, b2, _) = one, other
    if a1 == a2 and b1 == b2:
        return a1 == b1
    if a1 == a2:
        return b1 < a1 < b2
    if b1 == b2:
        return a1 < b1 < a2
    return a1 < b2 and b1 < a2


def _merge_paragraphs(base, theirs, mine) -> list[str] | None:
    changes = []
    mine_changes = _changes(base, mine)
    for their in _changes(base, theirs):
        clashing = [my for my in mine_changes if _overlap(their, my)]
        if clashing == [their]:
            continue  # both made the very same change: apply it once
        if clashing:
            return None
        changes.append(their)
    changes.extend(mine_changes)
    changes.sort(key=lambda change: (change[0], change[1]))
    result: list[str] = []
    position = 0
    for start, end, replacement in changes:
        result.extend(base[position:start])
        result.extend(replacement)
        position = end
    return result + base[position:]
