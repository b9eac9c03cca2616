"""A tournament's players: seen by its directors alone (editors read "Player A / Player B"),
seated once a round, imported from CSV only when every line is right, and summed up per
player on a page and in a CSV whose cells never run as formulas."""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from event.models import InvolvedPlayer, Player, Seat
from event.penalties import charge
from tests.clients import client_for
from tests.tournaments.tournament_factories import editor, td, user
from toolkit.anonymise import anonymiser_for
from toolkit.models import LoggedRuling

from .helpers import SLUG, event_world, log_data, log_url, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return event_world()


def entry_naming(world, *players, infraction=None, points=None, reason="", **fields):
    fields = {"what_happened": "A misnamed discard.", "outcome": "Penalty.", "round": 1, **fields}
    entry = LoggedRuling.objects.create(tournament=world["tournament"], **fields)
    if infraction is not None:
        charge(entry, players[0], infraction, points, reason)
        players = players[1:]
    for player in players:
        InvolvedPlayer.objects.create(entry=entry, player=player)
    return entry


def seat_form(world, player, **fields):
    url = reverse("event:seat-add", args=[SLUG, player.pk])
    return client_for(world["first"]).post(url, {"round": "1", "table": "4", "seat": "", **fields})


def test_a_player_seated_twice_in_one_round_is_refused_with_a_clear_message(world):
    seat(world["ann"], 1, "4", "East")
    response = seat_form(world, world["ann"], round="1", table="9")
    assert response.status_code == 400
    assert "already has a seat in round 1" in response.content.decode()
    assert Seat.objects.count() == 1


def test_a_player_seated_in_each_round_at_distinct_seats_is_accepted(world):
    seat(world["ann"], 1, "4", "East")
    assert seat_form(world, world["ann"], round="2", table="4", seat="East").status_code == 302
    assert seat_form(world, world["bo"], round="1", table="4", seat="South").status_code == 302
    assert Seat.objects.count() == 3


def test_two_players_in_one_seat_of_a_round_are_refused(world):
    seat(world["ann"], 1, "4", "East")
    response = seat_form(world, world["bo"], round="1", table="4", seat="east")
    assert response.status_code == 400
    assert "Ann Lee (#101) already sits there in round 1." in response.content.decode()


def test_a_round_is_a_positive_number(world):
    response = seat_form(world, world["ann"], round="0")
    assert response.status_code == 400 and Seat.objects.count() == 0


def test_a_player_needs_a_name_or_a_number(world):
    url = reverse("event:player-add", args=[SLUG])
    response = client_for(world["first"]).post(url, {"name": " ", "number": ""})
    assert response.status_code == 400
    assert "name or player number" in response.content.decode()
    assert client_for(world["first"]).post(url, {"number": "207"}).status_code == 302
    assert Player.objects.filter(number="207").exists()


GOOD_FILE = (
    "name,number,round,table,seat\nCy Moss,103,1,5,East\nCy Moss,103,2,6,West\nDee,,1,5,South\n"
)


def import_file(world, text, name="players.csv"):
    upload = SimpleUploadedFile(name, text.encode(), content_type="text/csv")
    url = reverse("event:players-import", args=[SLUG])
    return client_for(world["first"]).post(url, {"file": upload})


def test_a_csv_file_of_players_and_seats_is_imported_whole(world):
    response = import_file(world, GOOD_FILE)
    assert response.status_code == 302
    cy = Player.objects.get(number="103")
    assert [(s.round, s.table, s.seat) for s in cy.seats.all()] == [
        (1, "5", "East"),
        (2, "6", "West"),
    ]
    assert Player.objects.filter(name="Dee").exists()


def test_a_csv_file_with_bad_lines_imports_nothing_and_names_each_line_with_its_reason(world):
    seat(world["ann"], 1, "5", "North")
    bad = (
        "name,number,round,table,seat\n"
        "Cy Moss,103,1,5,East\n"
        ",,1,5,West\n"  # line 3: nobody
        "Cy Moss,103,1,7,North\n"  # line 4: seated twice in round 1
        "Dee,,first,5,South\n"  # line 5: not a round
        "Eve,,1,5,north\n"  # line 6: Ann sits there
        "Fay,,2,,\n"  # line 7: no table
    )
    response = import_file(world, bad)
    assert response.status_code == 400
    text = response.content.decode()
    assert "Line 3: Give the player&#x27;s name or player number." in text
    assert "Line 4: Cy Moss is seated twice in round 1" in text
    assert "Line 5: “first” is not a round" in text
    assert "Line 6: Ann Lee (#101) already sits at table 5, north in round 1." in text
    assert "Line 7: Round 2 needs the player&#x27;s table." in text
    assert "Line 2" not in text
    assert Player.objects.count() == 2 and Seat.objects.count() == 1  # nothing imported
    assert "Fay,,2,," in text  # the file kept in the form for the next try


def test_a_file_without_a_header_or_in_another_encoding_is_refused_plainly(world):
    assert "The first line names the columns" in import_file(world, "Ann,1\n").content.decode()
    upload = SimpleUploadedFile("p.csv", "name\nZoë\n".encode("latin-1"))
    url = reverse("event:players-import", args=[SLUG])
    response = client_for(world["first"]).post(url, {"file": upload})
    assert "not UTF-8 text" in response.content.decode()


def test_an_import_of_the_corrected_text_succeeds(world):
    url = reverse("event:players-import", args=[SLUG])
    response = client_for(world["first"]).post(url, {"text": GOOD_FILE})
    assert response.status_code == 302 and Player.objects.count() == 4


@pytest.mark.parametrize("who", ["anonymous", "reader", "other director", "editor"])
def test_nobody_but_the_tournaments_directors_sees_its_players(world, who):
    person = {"anonymous": None, "reader": user("reader"), "other director": td("other-td"),
              "editor": editor("league-editor")}[who]  # fmt: skip
    entry = entry_naming(world, world["ann"], infraction=world["misnamed"])
    client = client_for(person)
    for url in [
        reverse("event:players", args=[SLUG]),
        reverse("event:player", args=[SLUG, world["ann"].pk]),
        reverse("event:player-history", args=[SLUG, world["ann"].pk]),
        reverse("event:infractions", args=[SLUG]),
        reverse("event:summary", args=[SLUG]),
        reverse("event:summary-csv", args=[SLUG]),
        reverse("event:suggest", args=[SLUG]) + f"?player={world['ann'].pk}&infraction=1",
        reverse("event:involved-history", args=[SLUG, entry.involved_players.get().pk]),
    ]:
        response = client.get(url)
        assert response.status_code == (302 if person is None else 404), url
        assert "Ann Lee" not in response.content.decode()


def test_an_editor_reads_the_players_of_a_logged_ruling_as_player_a_and_player_b(world):
    entry_naming(world, world["ann"], world["bo"], infraction=world["misnamed"])
    page = client_for(editor("league-editor")).get(reverse("toolkit:log", args=[SLUG]))
    text = page.content.decode()
    assert "Player A / Player B" in text
    assert "Player A: misnamed discard (first at this event), −25" in text
    assert "Ann" not in text and "Bo Park" not in text and "Players</a>" not in text
    csv_text = client_for(editor("league-editor2")).get(reverse("toolkit:log-csv", args=[SLUG]))
    assert "Ann" not in csv_text.content.decode()


def test_a_director_reads_the_players_by_name_in_the_log(world):
    entry_naming(world, world["ann"], world["bo"], infraction=world["misnamed"])
    text = client_for(world["second"]).get(reverse("toolkit:log", args=[SLUG])).content.decode()
    assert "Ann Lee (#101) / Bo Park (#102)" in text


def test_a_players_page_lists_their_penalties_by_round(world):
    entry_naming(world, world["ann"], infraction=world["misnamed"], round=1)
    entry_naming(world, world["ann"], infraction=world["peek"], round=2)
    entry_naming(world, world["ann"], infraction=world["misnamed"], round=2)
    entry_naming(world, world["bo"], infraction=world["peek"], round=1)
    url = reverse("event:player", args=[SLUG, world["ann"].pk])
    text = client_for(world["first"]).get(url).content.decode()
    assert text.index("Round 1 · −25") < text.index("Round 2 · −60")
    assert "Total: −85" in text


def test_the_event_summary_totals_each_player_and_its_csv_runs_no_formula(world):
    sly = Player.objects.create(tournament=world["tournament"], name='=HYPERLINK("http://x")')
    entry_naming(world, world["ann"], infraction=world["misnamed"])
    entry_naming(world, world["ann"], infraction=world["misnamed"])
    entry_naming(world, sly, infraction=world["peek"])
    entry_naming(world, world["bo"])  # named, no penalty: not in the summary
    page = client_for(world["first"]).get(reverse("event:summary", args=[SLUG])).content.decode()
    assert page.index("Ann Lee") < page.index("HYPERLINK") and "Bo Park" not in page
    response = client_for(world["first"]).get(reverse("event:summary-csv", args=[SLUG]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Player", "Player number", "Penalties", "Points off", "Left to the head TD"]
    assert rows[1] == ["Ann Lee", "101", "2", "75", "0"]
    assert rows[2][0] == '\'=HYPERLINK("http://x")'


def test_a_logged_ruling_made_a_public_question_leaves_out_the_listed_players(world):
    entry = entry_naming(world, world["ann"], what_happened="Bo Park called Ann's discard.")
    assert anonymiser_for(entry)(entry.what_happened) == "A player called a player's discard."


def test_a_new_entry_can_still_be_logged_with_free_text_players_alone(world):
    data = log_data(players="Ann Lee, Bo")
    assert client_for(world["first"]).post(log_url(), data).status_code == 302
    assert LoggedRuling.objects.get().players == "Ann Lee, Bo"
