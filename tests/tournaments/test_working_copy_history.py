"""A published tournament's working copy after its newest publish is a draft of the next
version: its history and compare show it to its directors and staff only; everyone else reads
the history up to what players read, with the same version numbers."""

import pytest
from django.urls import reverse

from tournaments.history import events_of
from tournaments.versions import publish

from .tournament_factories import ROLES, client_for, house_rule, tournament

pytestmark = pytest.mark.django_db

MAY_SEE_WORKING_COPY = {"director", "staff"}
UNPUBLISHED = "Quietly drafted rule about a twelve-second turn"


def test_the_working_copy_since_the_last_publish_is_in_the_history_of_its_directors_only(
    client, people
):
    harbour = tournament("harbour-open", name="Harbour Open", directors=[people["director"]])
    house_rule(harbour, "A touched tile is a taken tile.")
    publish(harbour, people["director"])
    house_rule(harbour, UNPUBLISHED)
    history = reverse("tournaments:tournament-history", args=["harbour-open"])
    compare = reverse("tournaments:tournament-compare", args=["harbour-open"])
    newest = len(events_of(harbour))  # the rule added after the publish
    for role in ROLES:
        client.logout()
        client = client_for(client, people, role)
        page = client.get(history).content.decode()
        assert "published version 1" in page, role
        assert (UNPUBLISHED[:40] in page) == (role in MAY_SEE_WORKING_COPY), role
        latest = client.get(compare + f"?a=1&b={newest}")
        if role in MAY_SEE_WORKING_COPY:
            assert UNPUBLISHED in latest.content.decode(), role
        else:
            assert latest.status_code == 302, role  # back to the history it may read
