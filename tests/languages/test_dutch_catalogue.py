"""The Dutch catalogue is whole and safe to read: every string translated, none a fuzzy
guess (gettext's merge offers another string's translation as one), and every translation
has exactly its English's placeholders, so no Dutch page fails on a missing %(name)s."""

import re
from pathlib import Path

from babel.messages.pofile import read_po

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "nl" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")


def entries():
    with CATALOGUE.open("rb") as file:
        return [message for message in read_po(file) if message.id]


def _texts(value):
    return list(value) if isinstance(value, tuple) else [value]


def test_every_string_has_its_dutch_and_none_is_a_fuzzy_guess():
    untranslated = [m.id for m in entries() if not all(_texts(m.string))]
    fuzzy = [m.id for m in entries() if m.fuzzy]
    assert untranslated == [] and fuzzy == []


def test_every_translation_has_exactly_the_placeholders_of_its_english():
    wrong = []
    for message in entries():
        english = sorted(PLACEHOLDER.findall(_texts(message.id)[-1]))
        for dutch in _texts(message.string):
            if sorted(PLACEHOLDER.findall(dutch)) != english and not (
                # a Dutch singular may name the count in words ("één")
                isinstance(message.id, tuple) and set(PLACEHOLDER.findall(dutch)) <= set(english)
            ):
                wrong.append((message.id, dutch))
    assert wrong == []


def test_the_placeholder_check_finds_a_translation_that_names_another_placeholder():
    assert PLACEHOLDER.findall("Toernooi: %(name)s") != PLACEHOLDER.findall("Name: %(value)s")
