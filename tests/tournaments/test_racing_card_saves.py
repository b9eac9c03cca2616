"""Card saves raced on two server processes: no acknowledged edit is ever lost.

Six directors of one tournament change its card at the same moment, two to each of three
sections of the card file (sections part at blank lines, which JSON allows): directors of
one section meet in a conflict, directors of different sections are merged into one file
that is still a card.
"""

import re

import pytest
from django.urls import reverse
from mahjong_rules.engine.nmjl.cards import load_card

from tests.racing import race
from tournaments.models import Card

from .card_factories import card_text
from .tournament_factories import td, tournament

pytestmark = pytest.mark.django_db(transaction=True)

NOTE = re.compile(r'"note": "')


def in_sections(text):
    """The card file with a blank line before each section: one paragraph per section."""
    return text.replace('\n    {\n      "name"', '\n\n    {\n      "name"')


def add_to_section_note(section):
    """Put the marker at the start of the first line note of one section (paragraph)."""

    def edit(fields, marker):
        paragraphs = fields["text"].replace("\r\n", "\n").split("\n\n")
        paragraphs[section] = NOTE.sub(f'"note": "{marker} ', paragraphs[section], count=1)
        fields["text"] = "\n\n".join(paragraphs)
        return fields

    return edit


@pytest.fixture
def directors(db):
    return [td(f"keeper{n}") for n in range(6)]


def test_six_directors_saving_one_card_at_once_lose_no_acknowledged_edit(race_servers, directors):
    event = tournament("card-open", directors=directors)
    record = Card.objects.create(
        name="Race Card", text=in_sections(card_text("Race Card")), owner=event
    )
    url = reverse("cards:card-edit", args=[record.pk])
    browsers = race_servers.browsers(directors)

    with race_servers.sharing():
        tally = race(browsers, url, [add_to_section_note(1 + n % 3) for n in range(6)])

    assert tally.errors == [] and tally.refused == []
    assert len(tally.acknowledged) == 12
    record.refresh_from_db()
    assert [m for m in tally.acknowledged if f"{m} " not in record.text] == []
    assert load_card(record.text).name == "Race Card"  # merged, and still a card
    assert tally.conflicts >= 1
    assert tally.merged >= 1
    assert record.history.count() == 1 + len(tally.acknowledged)
