"""JSON with line numbers: every object remembers the text line it starts on and its keys'.

The card file's errors are shown at their line, so the loader needs to know where each
entry and field was written. The standard library's pure-Python scanner lets us wrap the
object parser; `LocatedDict.line` is the line of ``{`` and `LocatedDict.key_lines` the
line of each key.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from collections.abc import Container
from typing import Any, Final


class LocatedDict(dict[str, Any]):
    """A JSON object with the line it starts on and the line of each of its keys.

    Its values are JSON values as read (Any, like ``json.loads``): the card's reader checks
    each field it takes."""

    line: int = 0
    key_lines: dict[str, int]

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


_TOKEN: Final = re.compile(r'"(?:[^"\\]|\\.)*"\s*:?|[{}\[\]]')


class _LocatingDecoder(json.JSONDecoder):
    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

        def parse_object(
            s_and_end: tuple[str, int], *args: Any
        ) -> tuple[LocatedDict, int]:  # Any: the scanner's arguments, passed on as they come
            s, start = s_and_end
            # JSONObject and py_make_scanner are the json package's own pure-Python parser,
            # which typeshed does not describe.
            pairs, end = json.decoder.JSONObject(s_and_end, *args)  # type: ignore[attr-defined]
            located = LocatedDict(pairs)
            located.line = s.count("\n", 0, start) + 1
            located.key_lines = _key_lines(s, start, end, located)
            return located, end

        self.parse_object = parse_object
        self.scan_once = json.scanner.py_make_scanner(self)  # type: ignore[attr-defined]


def _key_lines(text: str, start: int, end: int, keys: Container[str]) -> dict[str, int]:
    """The line of each key of the object text[start - 1:end], nested objects skipped."""
    lines: dict[str, int] = {}
    depth = 1
    for match in _TOKEN.finditer(text, start, end):
        token = match.group()
        if token in "{[":
            depth += 1
        elif token in "}]":
            depth -= 1
        elif depth == 1 and token.endswith(":"):
            key = json.loads(token[:-1].rstrip())
            if key in keys and key not in lines:
                lines[key] = text.count("\n", 0, match.start()) + 1
    return lines


def loads(text: str) -> Any:  # JSON, as json.loads: objects are LocatedDicts
    """Parse JSON text whose objects are `LocatedDict`s; json.JSONDecodeError as usual."""
    return _LocatingDecoder(text).decode(text)
