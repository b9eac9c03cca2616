"""Word-level differences between two versions of a text, as HTML with <ins> and <del>.

difflib compares words and the spaces between them, so a changed word shows as one word
struck out and one added, and paragraph breaks stay where they were.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

_WORDS = re.compile(r"\s+|[^\s]+")


def words(text) -> list[str]:
    return _WORDS.findall("" if text is None else str(text))


def word_diff(old, new) -> SafeString:
    """HTML of `new` against `old`: removed words in <del>, added words in <ins>."""
    old_words, new_words = words(old), words(new)
    parts = []
    matcher = SequenceMatcher(None, old_words, new_words, autojunk=False)
    for operation, i1, i2, j1, j2 in matcher.get_opcodes():
        removed = escape("".join(old_words[i1:i2]))
        added = escape("".join(new_words[j1:j2]))
        if operation == "equal":
            parts.append(added)
            continue
        if removed:
            parts.append(f"<del>{removed}</del>")
        if added:
            parts.append(f"<ins>{added}</ins>")
    return mark_safe("".join(parts))  # every piece of text above was escaped
