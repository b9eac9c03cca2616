"""The toolkit's editable rows raced on two server processes: directors correcting one logged
ruling and editors changing one picker choice at the same moment lose no acknowledged edit;
edits to the same paragraph or field meet in a conflict, edits elsewhere are merged."""

import pytest
from django.urls import reverse

from tests.racing import add_to_field, add_to_paragraph, race
from tests.tournaments.tournament_factories import editor, td, tournament
from toolkit.models import LoggedRuling, PickerChoice

pytestmark = pytest.mark.django_db(transaction=True)

PARAGRAPHS = "North called 7D.\n\nEast objected.\n\nThe TD was called."


def words_of(text):
    return set(text.replace("\n", " ").split())


def test_six_directors_correcting_one_logged_ruling_at_once_lose_no_acknowledged_edit(
    race_servers,
):
    directors = [td(f"director{n}") for n in range(6)]
    event = tournament("race-open", directors=directors)
    entry = LoggedRuling.objects.create(
        tournament=event, what_happened=PARAGRAPHS, outcome="The call stands."
    )
    browsers = race_servers.browsers(directors)
    url = reverse("toolkit:log-edit", args=[event.slug, entry.pk])

    with race_servers.sharing():
        tally = race(browsers, url, [add_to_paragraph("what_happened", n % 3) for n in range(6)])

    assert tally.errors == [] and tally.refused == []
    assert len(tally.acknowledged) == 12
    entry.refresh_from_db()
    assert [m for m in tally.acknowledged if m not in words_of(entry.what_happened)] == []
    assert tally.conflicts >= 1
    assert tally.merged >= 1
    assert entry.history.count() == 1 + len(tally.acknowledged)


def test_six_editors_changing_one_picker_choice_at_once_lose_no_acknowledged_edit(
    race_servers,
):
    editors = [editor(f"editor{n}") for n in range(6)]
    choice = PickerChoice.objects.create(key="race", label="A call", next_question="When?")
    browsers = race_servers.browsers(editors)
    url = reverse("toolkit:picker-edit", args=["race"])
    edits = [add_to_field("label" if n % 2 else "next_question") for n in range(6)]

    with race_servers.sharing():
        tally = race(browsers, url, edits)

    assert tally.errors == [] and tally.refused == []
    assert len(tally.acknowledged) == 12
    choice.refresh_from_db()
    both = words_of(choice.label) | words_of(choice.next_question)
    assert [m for m in tally.acknowledged if m not in both] == []
    assert tally.conflicts >= 1
    assert choice.history.count() == 1 + len(tally.acknowledged)
