"""The hand check page and its JSON: Mah Jongg with its line and value, or the closest lines;
exposures alone answer the dead-hand question; bad input gets a plain message."""

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rules.engine.nmjl.cards import PRACTICE_CARD, shipped_card
from mahjong_rules.engine.tiles import TILES

from tests.library.helpers import worked_examples
from tournaments import hand_check

from .card_factories import card
from .tournament_factories import td, tournament

pytestmark = pytest.mark.django_db

HAND = reverse("cards:hand")
JSON = reverse("cards:hand-json")


def answer(client, **query):
    response = client.get(JSON, query)
    return response.status_code, response.json()


def test_row_6_of_the_worked_examples_is_mah_jongg_on_l1_worth_25_on_the_page(client):
    # concealed 5D 5D 5D 5B 5B 5B RD RD RD RD, exposed 5C 5C 5C J (scenario-language-hands.md)
    response = client.get(
        HAND, {"tiles": "5D 5D 5D 5B 5B 5B RD RD RD RD", "exposures": "5C 5C 5C J"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Mah Jongg: line L1 (Like Numbers), worth 25." in html
    assert "a = Dots, b = Craks, c = Bams, x = 5" in html
    assert "is an invented card" in html  # the Practice Card says so wherever it is shown
    assert "no tournament is chosen, so the Practice Card is used" in html


def test_row_6_the_other_way_round_is_not_a_hand_and_lists_the_closest_lines(client):
    status, data = answer(client, tiles="5C 5C 5C 5B 5B 5B RD RD RD RD", exposures="5D 5D 5D J")
    assert status == 200
    assert data["verdict"] == "not-a-hand"
    assert data["message"].startswith("Not a hand on this card.")
    assert data["closest"] and all(isinstance(line["needs"], int) for line in data["closest"])
    assert [line["needs"] for line in data["closest"]] == sorted(
        line["needs"] for line in data["closest"]
    )
    assert data["card"]["name"] == PRACTICE_CARD and data["card"]["invented"] is True


@pytest.mark.parametrize(
    "row, line_id, concealed, exposed, matches",
    worked_examples(),
    ids=lambda v: v if isinstance(v, str) and len(v) < 4 else None,
)
def test_every_worked_example_reads_the_same_in_the_json(
    client, row, line_id, concealed, exposed, matches
):
    status, data = answer(client, tiles=concealed, exposures=exposed or "")
    assert status == 200
    if matches:
        assert data["verdict"] == "mah-jongg", f"row {row}"
        assert data["line"]["value"] > 0
    else:
        assert data.get("line", {}).get("id") != line_id, f"row {row}"


def test_thirteen_tiles_need_one_more_for_l1(client):
    # "with 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD (13 tiles) a seat needs 1 tile for L1"
    status, data = answer(client, tiles="5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD")
    assert data["verdict"] == "not-a-hand"
    assert data["closest"][0]["id"] == "L1" and data["closest"][0]["needs"] == 1


def test_the_closest_lines_say_which_tiles_each_still_needs_as_codes_in_the_json(client):
    status, data = answer(client, tiles="5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD")
    l1 = data["closest"][0]
    assert l1["id"] == "L1" and l1["needs"] == 1  # the count stays under its old key
    assert l1["still_needs"] == ["RD"] and l1["jokers_may_stand_for"] == ["RD"]
    assert l1["reading"] == "a = Dots, b = Craks, c = Bams, x = 5"
    for line in data["closest"]:
        assert len(line["still_needs"]) == line["needs"], line["id"]


def test_the_page_shows_the_tiles_each_close_line_still_needs_as_pictures(client):
    html = client.get(HAND, {"tiles": "5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD"}).content.decode()
    row = html.split("<td>L1 ")[1].split("</tr>")[0]
    needed = row.split('class="hand-needed-tiles"')[1].split("</span>")[0]
    assert needed.count('<img class="tile"') == 1 and 'alt="Red dragon"' in needed
    assert "a joker may stand for" in row
    assert "read as a = Dots, b = Craks, c = Bams, x = 5" in row


def test_a_mah_jongg_lists_no_closest_lines_and_no_tiles_to_come(client):
    tiles = "5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD"
    status, data = answer(client, tiles=tiles)
    assert data["verdict"] == "mah-jongg" and "closest" not in data
    assert "hand-needed-tiles" not in client.get(HAND, {"tiles": tiles}).content.decode()


def test_exposures_alone_say_which_lines_still_take_them(client):
    status, data = answer(client, exposures="9D 9D 9D")
    assert data["verdict"] == "exposures" and data["dead"] is False
    # "A seat with 9D 9D 9D exposed cannot make Y1, E1 or T1."
    assert {"Y1", "E1", "T1"}.isdisjoint(data["exposures_fit"])


def test_exposures_no_line_takes_make_a_dead_hand(client):
    status, data = answer(client, exposures="1D 1D 1D; 2B 2B 2B")
    assert data["verdict"] == "exposures" and data["dead"] is True
    html = client.get(HAND, {"exposures": "1D 1D 1D; 2B 2B 2B"}).content.decode()
    assert "the hand is dead" in html


@pytest.mark.parametrize(
    "tiles, exposures, says",
    [
        ("7Q 7D", "", "7Q"),
        ("7D " * 15, "", "a hand has 14"),
        ("7D", "7D 7D 7D " * 100, "too long"),
        ("7D,,7D", "", "empty place"),
    ],
)
def test_bad_input_gets_a_plain_message_never_a_server_error(client, tiles, exposures, says):
    status, data = answer(client, tiles=tiles, exposures=exposures)
    assert status == 400 and says in data["error"]
    response = client.get(HAND, {"tiles": tiles, "exposures": exposures})
    assert response.status_code == 200 and says in response.content.decode()


def test_without_javascript_each_tile_picture_is_a_link_that_adds_it(client):
    html = client.get(HAND, {"tiles": "2C"}).content.decode()
    assert 'href="?card=Practice+Card+2027&amp;exposures=&amp;tiles=2C+7D"' in html
    assert 'alt="7 Dots"' in html


def test_a_tournaments_card_is_the_default_for_its_hand_checks(client):
    director = td("home-td")
    home = tournament("home-open", status="published", directors=[director])
    card("Home Card", owner=home, private=True)
    home.card_name = "Home Card"
    home.save()
    client.force_login(director)
    status, data = answer(client, tournament="home-open", tiles="5D")
    assert data["card"]["name"] == "Home Card"
    assert data["card"]["why"] == "the card of Home Open"
    # Another reader may not see the private card: the Practice Card, and why.
    client.logout()
    status, data = answer(client, tournament="home-open", tiles="5D")
    assert data["card"]["name"] == PRACTICE_CARD
    assert "names no card you may see" in data["card"]["why"]


def test_a_card_asked_for_by_name_is_used_when_the_reader_may_see_it(client):
    card("Club Card")
    status, data = answer(
        client, card="Club Card", tiles="5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD"
    )
    assert data["card"]["name"] == "Club Card" and data["card"]["invented"] is False
    assert data["verdict"] == "mah-jongg"
    status, data = answer(client, card="No Such Card", tiles="5D")
    assert data["card"]["name"] == PRACTICE_CARD
    assert "No Such Card" not in str(data)


@settings(max_examples=200)
@given(tiles=st.text(max_size=80), exposures=st.text(max_size=80))
def test_whatever_is_typed_is_an_answer_or_a_plain_message(tiles, exposures):
    try:
        answer = hand_check.check(shipped_card(PRACTICE_CARD), tiles, exposures)
    except hand_check.HandInputError as error:
        assert str(error)
    else:
        assert answer["verdict"] in {"empty", "exposures", "mah-jongg", "not-a-hand"}


@settings(max_examples=100)
@given(codes=st.lists(st.sampled_from(list(TILES)), max_size=14))
def test_any_fourteen_tiles_or_fewer_get_an_answer(codes):
    answer = hand_check.check(shipped_card(PRACTICE_CARD), " ".join(codes))
    assert answer["count"] == len(codes)
    if len(codes) == 14 and answer["verdict"] != "mah-jongg":
        assert answer["verdict"] == "not-a-hand"


def test_without_javascript_each_tile_of_the_hand_is_a_link_that_takes_it_out(client):
    html = client.get(HAND, {"tiles": "2C 7D 2C", "exposures": "N N N; 5B 5B 5B"}).content.decode()
    hand = html.split('id="hand-shown"')[1].split("</section>")[0]
    # The second tile out: the first and the third stay, and so do both exposures.
    assert 'href="?card=Practice+Card+2027&amp;tiles=2C+2C&amp;exposures=N+N+N%3B+5B+5B+5B"' in hand
    # The first exposure taken back: the tiles stay, and the other exposure.
    assert 'href="?card=Practice+Card+2027&amp;tiles=2C+7D+2C&amp;exposures=5B+5B+5B"' in hand
    assert hand.count('class="hand-tile"') == 3 and hand.count('class="hand-exposure"') == 2


def test_a_chosen_tournaments_card_is_the_hand_checks_card_without_asking_again(client):
    card("Harbour Card")
    harbour = tournament("harbour-open", status="published", card_name="Harbour Card")
    client.cookies["tournament"] = harbour.slug
    status, data = answer(client, tiles="5D")
    assert data["card"]["name"] == "Harbour Card"
    assert data["card"]["why"] == "the card of Harbour Open"
    html = client.get(HAND).content.decode()
    assert "on Harbour Card" in html
    # The form and the tiles' links keep the tournament, so every later check uses its card.
    assert '<input type="hidden" name="tournament" value="harbour-open">' in html
    assert "tournament=harbour-open" in html.split('class="tile-picker"')[1]


def test_the_card_select_is_offered_only_when_the_reader_may_use_more_than_one_card(client):
    html = client.get(HAND).content.decode()
    assert 'id="hand-card"' not in html  # the Practice Card alone: nothing to choose
    assert '<input type="hidden" name="card" value="Practice Card 2027">' in html
    card("Club Card")
    html = client.get(HAND).content.decode()
    assert '<select id="hand-card" name="card">' in html
    assert "<option>Club Card</option>" in html
