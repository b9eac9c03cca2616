"""The rulings log is in no public page, feed, search result or API answer: a walk of every
address of the site (the card privacy walk's) finds a marker from a logged ruling only in
the log itself, and only for its tournament's directors."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from tests.tournaments.test_card_privacy import urls_to_walk
from tests.tournaments.tournament_factories import td, user
from toolkit.models import LoggedRuling
from tournaments.models import Tournament

MARKER = "Quetzalcoatl7"
# Searched for: a search page repeats its query, so the query is not the marker itself; a
# result from the log would show the marker beside it.
NOTE_WORD = "zanzibarite"


def found_on(client, urls):
    found = []
    for url in urls:
        response = client.get(url)
        body = b"" if response.streaming else response.content
        if (
            MARKER.lower()
            in (body.decode("utf-8", "replace") + response.get("Location", "")).lower()
        ):
            found.append(url)
    return found


@pytest.mark.django_db
def test_a_logged_ruling_is_nowhere_but_in_its_tournaments_log():
    call_command("import_content", "fixtures", stdout=StringIO())
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    director, stranger = td("log-director"), td("stranger-director")
    harbour.directors.add(director)
    Tournament.objects.exclude(pk=harbour.pk).first().directors.add(stranger)
    entry = LoggedRuling.objects.create(
        tournament=harbour,
        what_happened=f"{MARKER} called a {NOTE_WORD} discard after the next pick.",
        outcome=f"Call refused; {MARKER} kept the turn.",
        players=MARKER,
        recorded_by=director,
    )
    urls = urls_to_walk(harbour, entry.pk)
    urls += [
        f"/search/?q={NOTE_WORD}",
        f"/search/?q={NOTE_WORD}&format=json",
        f"/api/v1/search/?q={NOTE_WORD}",
        "/changes/feed/",
        f"/tournaments/{harbour.slug}/feed/",
    ]
    assert len(urls) > 100
    log_pages = [url for url in urls if "/log" in url]
    assert log_pages  # the walk reaches the log's own addresses too

    for reader in (None, user("plain-reader"), stranger):
        client = Client()
        if reader is not None:
            client.force_login(reader)
        assert found_on(client, urls) == [], reader

    client = Client()
    client.force_login(director)
    assert f"/tournaments/{harbour.slug}/log/" in found_on(client, log_pages)
