"""Word-level differences between two versions of a text, as HTML with <ins> and <del>.

The diff runs in two passes so its cost stays bounded on any text (the compare page is
public): first by line, which is cheap, then by word only inside each changed stretch of
lines that is small enough. A changed stretch too large to diff word by word is shown as
wholly removed and wholly added. Paragraph breaks stay where they were.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

_WORDS = re.compile(r"\s+|[^\s]+")

# Word tokens (words and the spaces between them) one side of a changed stretch may have and
# still be diffed word by word. difflib grows faster than the square of the tokens it
# compares, so this keeps a whole diff roughly linear in the text's length.
WORD_DIFF_CAP = 1000
# Line comparisons one pass of the line diff may make (each line against every equal line
# on the other side) before the changed middle is shown stretch by stretch instead:
# thousands of short repeated lines would otherwise make even the line pass quadratic.
LINE_DIFF_BUDGET = 200_000


def words(text) -> list[str]:
    return _WORDS.findall("" if text is None else str(text))


def _is_blank(line: str) -> bool:
    return not line.strip()


def _marked(removed: str, added: str) -> str:
    parts = []
    if removed:
        parts.append(f"<del>{escape(removed)}</del>")
    if added:
        parts.append(f"<ins>{escape(added)}</ins>")
    return "".join(parts)


def _diff_words(old: str, new: str) -> str:
    """Escaped HTML of one changed stretch, word by word, or wholly replaced when too large."""
    # A line ending both sides share stays outside the marks, as it did in the text.
    ending = len(old) - len(old.rstrip("\n"))
    ending = min(ending, len(new) - len(new.rstrip("\n")))
    if ending:
        return _diff_words(old[:-ending], new[:-ending]) + "\n" * ending
    if old == new:
        return escape(new)
    old_words, new_words = words(old), words(new)
    if max(len(old_words), len(new_words)) > WORD_DIFF_CAP:
        return _marked(old, new)
    # Spaces are junk: they may extend a match but never start one. Otherwise every space
    # matches every other space and two unlike paragraphs take quadratic time and more.
    matcher = SequenceMatcher(str.isspace, old_words, new_words, autojunk=False)
    parts = []
    for operation, i1, i2, j1, j2 in matcher.get_opcodes():
        if operation == "equal":
            parts.append(escape("".join(new_words[j1:j2])))
        else:
            parts.append(_marked("".join(old_words[i1:i2]), "".join(new_words[j1:j2])))
    return "".join(parts)


def _diff_changed_lines(old_lines: list[str], new_lines: list[str]) -> str:
    """One stretch of lines that differ: diffed as a whole, line by line, or replaced."""
    old, new = "".join(old_lines), "".join(new_lines)
    if max(len(words(old)), len(words(new))) <= WORD_DIFF_CAP:
        return _diff_words(old, new)
    if len(old_lines) == len(new_lines):
        # Many paragraphs changed in place: pair them, each pair under the cap on its own.
        return "".join(_diff_words(a, b) for a, b in zip(old_lines, new_lines, strict=True))
    return _marked(old, new)


def _common_ends(old: list[str], new: list[str]) -> tuple[int, int]:
    """How many lines the two versions share at the start, and then at the end."""
    shortest = min(len(old), len(new))
    head = 0
    while head < shortest and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < shortest - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, tail


def _diff_lines(old_lines: list[str], new_lines: list[str]) -> str:
    # Blank lines are junk for the same reason spaces are among words; autojunk (on by
    # default) also drops lines repeated very often.
    matcher = SequenceMatcher(_is_blank, old_lines, new_lines)
    if sum(len(matcher.b2j.get(line, ())) for line in old_lines) > LINE_DIFF_BUDGET:
        return _diff_changed_lines(old_lines, new_lines)
    parts = []
    for operation, i1, i2, j1, j2 in matcher.get_opcodes():
        if operation == "equal":
            parts.append(escape("".join(new_lines[j1:j2])))
        else:
            parts.append(_diff_changed_lines(old_lines[i1:i2], new_lines[j1:j2]))
    return "".join(parts)


def word_diff(old, new) -> SafeString:
    """HTML of `new` against `old`: removed words in <del>, added words in <ins>."""
    old_lines = ("" if old is None else str(old)).splitlines(keepends=True)
    new_lines = ("" if new is None else str(new)).splitlines(keepends=True)
    head, tail = _common_ends(old_lines, new_lines)
    end = len(new_lines) - tail
    html = escape("".join(new_lines[:head]))
    html += _diff_lines(old_lines[head : len(old_lines) - tail], new_lines[head:end])
    html += escape("".join(new_lines[end:]))
    return mark_safe(html)  # every piece of text above was escaped
