"""A pseudo-locale for finding interface text nobody marked for translation.

Under `pseudo_dutch()` the Dutch catalogue is replaced by one that answers every string
wrapped in ⟦…⟧, so a Dutch page shows ⟦Search⟧ for every string the catalogue knows. What a
reader sees outside the brackets must then be content (an article's text, a tournament's
name, a player), numbers or tile codes: `interface_text_left(html, content)` names the rest.

Content is every text stored in the database (each model's text and JSON fields) and the
rules library's data files (a shipped card's lines); a run of page text is content when it
appears in it, a single word only as a whole word with the same capitals, so an unmarked
button label ("Edit") is not excused by a sentence that happens to use the word.
"""

from __future__ import annotations

import gettext as gettext_module
import json
import re
import unicodedata
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

from django.apps import apps
from django.db import models
from django.utils.translation import get_language_info, trans_real

OPEN, CLOSE = "⟦", "⟧"
CONTEXT = "\x04"  # gettext's separator of a context from its message


class PseudoTranslation(gettext_module.NullTranslations):
    """Every message, singular or plural, with or without context, as ⟦message⟧."""

    def gettext(self, message):
        return f"{OPEN}{message.split(CONTEXT, 1)[-1]}{CLOSE}"

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return self.gettext(message)

    def npgettext(self, context, singular, plural, n):
        return self.ngettext(singular, plural, n)

    def to_language(self):
        return "nl"


@contextmanager
def pseudo_dutch():
    """The Dutch catalogue replaced by the pseudo-locale's while the block runs."""
    saved = trans_real._translations.get("nl")
    trans_real._translations["nl"] = PseudoTranslation()
    try:
        yield
    finally:
        if saved is None:
            trans_real._translations.pop("nl", None)
        else:
            trans_real._translations["nl"] = saved


# -- what a reader sees ------------------------------------------------------------------

# Attributes a reader meets: read aloud, shown on hover, in an empty field, on a button.
VISIBLE_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt", "aria-description"}
UNSEEN = {"script", "style", "svg"}  # an svg's text is drawn tiles; titles inside it are read
BUTTON_INPUTS = {"submit", "button", "reset"}


# Elements with no end tag: they open nothing a later end tag closes.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip


class _VisibleText(HTMLParser):
    """The text runs and visible attributes of a page in the pseudo-locale's language; an
    element that declares another language (`lang="en"`: a tournament's English sheet, the
    switcher's "English") is in that language on purpose, and is left out with all it holds."""

    def __init__(self, language="nl"):
        super().__init__(convert_charrefs=True)
        self.language = language
        self.runs: list[str] = []
        self._unseen = 0
        self._foreign: list[list] = []  # [tag, depth] of the element in another language

    def _elsewhere(self) -> bool:
        return bool(self._unseen or self._foreign)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag not in VOID:
            if self._foreign and tag == self._foreign[-1][0]:
                self._foreign[-1][1] += 1
            lang = (attributes.get("lang") or self.language).split("-")[0]
            if lang != self.language and tag != "html":
                self._foreign.append([tag, 1])
        if tag in UNSEEN:
            self._unseen += 1
        if self._elsewhere():
            return
        for name in VISIBLE_ATTRIBUTES & attributes.keys():
            self.runs.append(attributes[name] or "")
        if tag == "input" and (attributes.get("type") or "") in BUTTON_INPUTS:
            self.runs.append(attributes.get("value") or "")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in UNSEEN and self._unseen:
            self._unseen -= 1
        if self._foreign and tag == self._foreign[-1][0]:
            self._foreign[-1][1] -= 1
            if not self._foreign[-1][1]:
                self._foreign.pop()

    def handle_data(self, data):
        if not self._elsewhere():
            self.runs.append(data)


BRACKETED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", re.S)
# What joins content to interface text in a run ("Practice Card 2027 ·", "(page 15)").
JOINERS = " \t·:;,.-()[]→←|\"'"


def _outside_brackets(text: str) -> str:
    """Text with each bracketed string taken out, innermost first (a date inside a sentence
    is a catalogue string inside a catalogue string)."""
    while True:
        fewer = BRACKETED.sub("\x00", text)
        if fewer == text:
            return fewer.replace(OPEN, "\x00").replace(CLOSE, "\x00")
        text = fewer


def visible_runs(html: str) -> list[str]:
    """The page's text as a reader meets it, element by element, bracketed parts removed.

    >>> visible_runs('<p>⟦At⟧ <a title="⟦Open⟧">Harbour Lights</a> ·</p><script>x()</script>')
    ['Harbour Lights']
    >>> visible_runs('<p>⟦Published on ⟦5 December⟧ 2026.⟧</p><p lang="en">Base rules</p>')
    []
    """
    parser = _VisibleText()
    parser.feed(html)
    outside = _outside_brackets("\x00".join(parser.runs))
    runs = (normalise(run).strip(JOINERS) for run in outside.split("\x00"))
    return [run for run in runs if _has_words(run)]


# -- what counts as content -----------------------------------------------------------------

# The switcher names each language in itself, on every page, whatever the page's language.
AUTONYMS = [str(language["name_local"]) for language in map(get_language_info, ("en", "nl"))]

TILE_CODE = re.compile(r"^(?:[1-9][BCDK]|[NESW]|[RGW]D|0|F\d?|J|[NESW]W)$")
TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-",
                            "…": "...", "\u00a0": " ", "−": "-", "×": "x"})  # fmt: skip


def normalise(text: str) -> str:
    """Text as compared: typography made plain, spaces collapsed.

    >>> normalise("  Don’t\\n  call — yet… ")
    "Don't call - yet..."
    """
    text = unicodedata.normalize("NFKC", text).translate(TYPOGRAPHY)
    return " ".join(text.split())


# An address or a file name is no interface text (a 404 names the address asked for).
ADDRESS = re.compile(r"\S*(?:/|://|@)\S*")
ACRONYM = re.compile(r"^[A-Z]{2,5}s?$")  # API, CSV, PDF, QR, NMJL: the same in Dutch


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+(?:['-][^\W\d_]+)*", ADDRESS.sub(" ", text))


def _interface_words(run: str) -> list[str]:
    return [
        word
        for word in _words(run)
        if len(word) > 1 and not TILE_CODE.match(word) and not ACRONYM.match(word)
    ]


def _has_words(run: str) -> bool:
    return bool(_interface_words(run))


class Content:
    """Every text the site stores, to excuse page text that is content."""

    def __init__(self, texts):
        self.text = normalise("\n".join(texts)).lower()
        self.words = set(_words(normalise(" ".join(texts))))

    @classmethod
    def of_the_database(cls) -> Content:
        return cls([*_stored_texts(), *_library_data(), *AUTONYMS])

    def holds(self, run: str) -> bool:
        words = _interface_words(run)
        if len(words) == 1:
            return words[0] in self.words
        return run.lower() in self.text


def _stored_texts():
    for model in apps.get_models():
        if model._meta.app_label in ("sessions", "contenttypes", "admin", "axes"):
            continue
        fields = [
            field.attname
            for field in model._meta.concrete_fields
            if isinstance(field, models.CharField | models.TextField | models.JSONField)
        ]
        if not fields:
            continue
        for row in model._default_manager.values_list(*fields):
            for value in row:
                yield from _strings(value)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield str(key)
            yield from _strings(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _strings(inner)


def _library_data():
    import mahjong_rules

    for path in Path(mahjong_rules.__file__).parent.rglob("*"):
        if path.suffix == ".json":
            yield from _strings(json.loads(path.read_text()))
        elif path.suffix == ".txt":
            yield path.read_text()


def interface_text_left(html: str, content: Content) -> list[str]:
    """The runs of visible text outside the brackets that are not content."""
    return [run for run in dict.fromkeys(visible_runs(html)) if not content.holds(run)]
