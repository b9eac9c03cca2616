"""Card texts for the card tests: the Practice Card's file under another name."""

import json

from mahjong_rules.engine.nmjl.cards.shipped import DATA

from tournaments.models import Card

PRACTICE_TEXT = (DATA / "practice-card-2027.json").read_text(encoding="utf-8")


def card_text(name, note=None, section=None, line_note=None):
    """The Practice Card's file renamed; optionally a card note, a first section name and a
    note on line L1 (the fields the privacy walk marks)."""
    data = json.loads(PRACTICE_TEXT)
    data["name"] = name
    data["invented"] = False
    if note is not None:
        data["note"] = note
    if section is not None:
        data["sections"][0]["name"] = section
    if line_note is not None:
        data["sections"][2]["lines"][0]["note"] = line_note
    return json.dumps(data, indent=2)


def card(name, owner=None, private=False, **marks):
    return Card.objects.create(
        name=name, text=card_text(name, **marks), owner=owner, private=private
    )
