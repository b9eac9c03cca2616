"""What a TD uses at the table, under /nl/: the rulings log and its form, the event's
players and penalties, appeals, versions, talk and the casebook speak Dutch, and the same
pages at their English addresses still speak English."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone, translation

from appeals.models import AppealRules, Round
from community.models import Notification
from tests.clients import client_for
from tests.event.helpers import SLUG, event_world, log_data
from tests.tournaments.tournament_factories import editor, td, tournament
from toolkit.models import LoggedRuling
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_stored_pages():
    cache.clear()
    yield
    cache.clear()


def dutch(name, *args) -> str:
    """The Dutch address of a page (its name reversed with Dutch active: /nl/…)."""
    with translation.override("nl"):
        return reverse(name, args=args)


def english(name, *args) -> str:
    """The English address (a Dutch page read last leaves Dutch active in the test's thread)."""
    with translation.override("en"):
        return reverse(name, args=args)


@pytest.fixture
def world():
    return event_world()


def test_the_rulings_log_and_its_form_are_dutch_under_nl_and_english_without(world):
    client = client_for(world["first"])
    log = client.get(dutch("toolkit:log", SLUG)).content.decode()
    assert "<h1>Uitsprakenlogboek</h1>" in log
    assert ">Een uitspraak loggen</a>" in log
    assert 'placeholder="een woord erin: joker, 7D, tafel 3"' in log
    assert ">Spelers</a>" in log and ">Strafschema</a>" in log  # the event's links, by hook
    form = client.get(dutch("toolkit:log-add", SLUG)).content.decode()
    assert ">Wat er gebeurde:</label>" in form
    assert "<legend>Spelers en straf</legend>" in form  # the event's part of the form
    assert ">Straf in punten:</label>" in form
    fresh = client_for(world["first"])  # a client that never chose Dutch
    in_english = fresh.get(english("toolkit:log-add", SLUG)).content.decode()
    assert ">What happened:</label>" in in_english and "Wat er gebeurde" not in in_english


def test_logging_a_ruling_in_dutch_says_so_in_dutch_and_a_missing_outcome_is_a_dutch_error(world):
    client = client_for(world["first"])
    refused = client.post(dutch("toolkit:log-add", SLUG), log_data(outcome=""))
    assert refused.status_code == 400
    assert "Dit veld is vereist."  # Django's own Dutch in refused.content.decode()
    saved = client.post(dutch("toolkit:log-add", SLUG), log_data(), follow=True)
    assert "Uitspraak gelogd." in saved.content.decode()
    assert LoggedRuling.objects.count() == 1


def test_the_schedules_suggestion_for_the_log_form_is_in_the_readers_language(world):
    client = client_for(world["first"])
    query = {"player": world["ann"].pk, "infraction": world["misnamed"].pk}
    said = client.get(dutch("event:suggest", SLUG), query).json()
    assert said["text"] == (
        "Eerste overtreding misnamed discard op dit evenement: −25, zoals uw strafschema zegt."
    )
    in_english = client_for(world["first"]).get(english("event:suggest", SLUG), query).json()
    assert in_english["text"] == "First misnamed discard at this event: −25, as your schedule says."


def test_a_players_file_with_a_bad_line_is_refused_line_by_line_in_dutch(world):
    client = client_for(world["first"])
    text = "name,number,round,table\nCho Wu,103,x,4\n"
    refused = client.post(dutch("event:players-import", SLUG), {"text": text})
    page = refused.content.decode()
    assert refused.status_code == 400
    assert "Er is niets geïmporteerd: 1 regel moet worden verbeterd." in page
    assert "Regel 2: „x” is geen ronde: geef 1, 2, 3…" in page


def test_the_penalty_schedule_and_the_event_summary_are_dutch(world):
    client = client_for(world["first"])
    schedule = client.get(dutch("event:infractions", SLUG)).content.decode()
    assert "<h1>Strafschema</h1>" in schedule
    assert ">Overtreding</th>" in schedule and ">Tweede</th>" in schedule
    summary = client.get(dutch("event:summary-csv", SLUG)).content.decode()
    assert summary.splitlines()[0].startswith("Speler,Spelersnummer,Straffen")


def test_a_late_appeal_is_refused_in_dutch_with_the_deadline_in_dutch():
    head, floor = td("head-td"), td("floor-td")
    made = tournament("appeal-nl", status=Tournament.Status.PUBLISHED, directors=[head, floor])
    AppealRules.objects.create(tournament=made, head_td=head, deadline_minutes=30)
    entry = LoggedRuling.objects.create(
        tournament=made,
        ruled_at=timezone.now() - timedelta(minutes=90),
        round=2,
        table="4",
        what_happened="East called a discard and racked it.",
        outcome="She must use it.",
        recorded_by=floor,
    )
    Round.objects.create(tournament=made, number=2, ended_at=timezone.now() - timedelta(minutes=45))
    when = timezone.localtime().strftime("%Y-%m-%dT%H:%M")
    refused = client_for(floor).post(
        dutch("appeals:appeal-add", made.slug, entry.pk),
        {"appellant": "Player 17", "lodged_at": when, "appellant_statement": "Not yet exposed."},
    )
    page = refused.content.decode()
    assert refused.status_code == 400
    assert "<h1>Een beroep vastleggen</h1>" in page
    assert "Te laat voor beroep" in page
    assert "binnen 30 minuten na het einde van ronde 2" in page
    log = client_for(floor).get(dutch("toolkit:log", made.slug)).content.decode()
    assert "Rondes en beroepen" in log and ">Ronde afgelopen</button>" not in log  # not head TD


def test_a_logged_rulings_history_is_dutch(world):
    client = client_for(world["first"])
    client.post(dutch("toolkit:log-add", SLUG), log_data())
    entry = LoggedRuling.objects.get()
    history = client.get(dutch("toolkit:log-history", SLUG, entry.pk)).content.decode()
    assert "Geschiedenis: Gelogde uitspraak" in history
    assert ">Opgeslagen</th>" in history and "aangemaakt" in history


def test_the_casebook_and_the_watchlist_are_dutch(content):
    index = client_for(editor("case-editor")).get(dutch("casebook:index")).content.decode()
    assert "<h1>Jurisprudentie</h1>" in index
    assert "Zaken die op beoordeling wachten" in index
    reader = editor("watcher")
    watchlist = client_for(reader).get(dutch("community:watchlist")).content.decode()
    assert "<h1>Uw volglijst</h1>" in watchlist and "U volgt nog geen pagina." in watchlist
    assert Notification.objects.count() == 0
