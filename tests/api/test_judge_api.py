"""/api/v1/judge/: the engine asked about one action at one table, under League rules, a
date's League rules or a published tournament's house rules; whatever is typed, a verdict or
a 400 that names the parameter and says why."""

import pytest
from django.test import override_settings
from mahjong_rules.engine import Table

from api.judge import MAX_ACTION_LENGTH, MAX_TABLE_LENGTH
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("content")]

HARBOUR = "harbour-lights-open-2027"
# South called East's 7D and touched it, and has not racked it: may South give it back?
TOUCHED = (
    "nmjl play turn=S must=expose first-discard taken-by=S / E +13 / S 7D 7D +11 / W +13 / "
    "N +13 / call S on E:7D touched before=(7D 7D +11)"
)
GIVE_BACK = "S withdraw-call"


def ask(client, **params):
    return client.get("/api/v1/judge/", params)


def judged(client, **params):
    response = ask(client, **params)
    assert response.status_code == 200, response.content[:500]
    return response.json()


def test_under_league_rules_a_touched_called_tile_may_be_given_back(client):
    league = judged(client, table=TOUCHED, action=GIVE_BACK)
    assert league["verdict"] == "allowed" and league["answer"] == "Allowed"
    assert league["rule"] == "call_can_be_withdrawn_until_racked_or_exposed"
    assert league["article"] == "nmjl-6" and league["under"] == "League rules"
    assert league["article_page"]["page"].endswith("/nmjl-6/")
    assert "7D is the latest discard again" in league["reason"]
    after = Table.from_notation(league["next_table"])
    assert (
        after.pending is None
        and after.latest_discard.tile == Table.from_notation(TOUCHED).pending.discard.tile
    )


def test_at_harbour_lights_a_touched_called_tile_is_taken_and_cannot_be_given_back(client):
    harbour = judged(client, table=TOUCHED, action=GIVE_BACK, tournament=HARBOUR)
    assert harbour["verdict"] == "refused" and harbour["answer"] == "Not allowed"
    assert harbour["rule"] == "touched_tile_is_taken" and harbour["tournament"] == HARBOUR
    assert harbour["options"]["touched-tile-is-taken"] is True
    assert harbour["under"].startswith("the house rules of Harbour Lights Mah Jongg Open 2027")
    # Plain words for readers: the house rule by its title, never by its option key.
    assert "“A touched tile is a taken tile”" in harbour["reason"]
    assert "touched-tile-is-taken" not in harbour["reason"]
    assert harbour["next_table"] == harbour["table"]  # refused: the table stays


def test_the_table_answered_round_trips_and_carries_the_rules_it_was_judged_under(client):
    harbour = judged(client, table=TOUCHED, action=GIVE_BACK, tournament=HARBOUR)
    table = Table.from_notation(harbour["table"])
    assert table.option("touched-tile-is-taken") and table.notation() == harbour["table"]
    again = judged(client, table=harbour["table"], action=GIVE_BACK)  # the options travel
    assert again["verdict"] == "refused"


# South has called East's 2D and exposed it, and holds the 6B for North's Joker.
EXPOSED = (
    "nmjl play turn=S must=discard first-discard taken-by=S / E +13 / "
    "S 2D 6B +9 [2D 2D 2D called=2D open] / W +13 / N +10 [6B 6B J] / "
    "call S on E:2D exposed before=(2D 2D 2D 6B +9)"
)


def test_league_rules_as_of_1990_leave_the_exposure_open_after_a_joker_exchange(client):
    today = judged(client, table=EXPOSED, action="S exchange 6B@N")
    dated = judged(client, table=EXPOSED, action="S exchange 6B@N", date="1990-06-01")
    assert today["verdict"] == dated["verdict"] == "allowed"
    assert "locked=joker-exchange" in today["next_table"] and today["league_rules_as_of"] is None
    assert "[2D 2D 2D called=2D open]" in dated["next_table"]
    assert dated["under"] == "League rules as of 1 June 1990"
    assert dated["league_rules_as_of"] == "1990-06-01"
    assert dated["options"] == {"joker-exchange-locks-exposure": False}


BAD = [
    ({"action": GIVE_BACK}, "table", "Give the table in notation"),
    ({"table": TOUCHED}, "action", "Give the action in notation"),
    (
        {"table": "nmjl play turn=X must=draw / E / S / W / N", "action": GIVE_BACK},
        "table",
        '"X" is no seat',
    ),
    ({"table": TOUCHED, "action": "S withdraws"}, "action", '"withdraws"'),
    ({"table": TOUCHED, "action": GIVE_BACK, "date": "2019-02-30"}, "date", "YYYY-MM-DD"),
    ({"table": TOUCHED, "action": GIVE_BACK, "date": "last year"}, "date", "YYYY-MM-DD"),
    (
        {"table": TOUCHED, "action": GIVE_BACK, "tournament": "no-such-cup"},
        "tournament",
        "No published tournament",
    ),
    (
        {"table": TOUCHED, "action": GIVE_BACK, "tournament": "<script>"},
        "tournament",
        "letters, digits and hyphens",
    ),
    (
        {"table": TOUCHED, "action": GIVE_BACK, "tournament": HARBOUR, "date": "2020-01-01"},
        "date",
        "not both",
    ),
    ({"table": "x" * (MAX_TABLE_LENGTH + 1), "action": GIVE_BACK}, "table", "at most 4000"),
    ({"table": TOUCHED, "action": "S " * MAX_ACTION_LENGTH}, "action", "at most 200"),
]


@pytest.mark.parametrize(("params", "parameter", "says"), BAD)
def test_bad_input_is_a_400_naming_the_parameter_and_why(client, params, parameter, says):
    response = ask(client, **params)
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert body["parameter"] == parameter and says in body["detail"], body
    assert "<script>" not in response.content.decode()


def test_a_draft_tournament_is_answered_as_no_tournament_at_all(client, django_user_model):
    harbour = Tournament.objects.get(slug=HARBOUR)
    Tournament.objects.create(slug="secret-cup", name="Secret Cup", ruleset=harbour.ruleset)
    draft = ask(client, table=TOUCHED, action=GIVE_BACK, tournament="secret-cup")
    unknown = ask(client, table=TOUCHED, action=GIVE_BACK, tournament="no-such-cup")
    assert draft.status_code == unknown.status_code == 400
    assert draft.json() == unknown.json()


def test_an_action_the_tables_rule_set_has_no_rule_for_is_a_400_not_a_server_error(client):
    matjok = "matjok play turn=E must=discard / E +14 / S +13 / W +13 / N +13"
    response = ask(client, table=matjok, action="E pass right 7D 3B 4B")
    assert response.status_code == 400 and response.json()["parameter"] == "action"
    assert "Matjok rules" in response.json()["detail"]


def test_a_matjok_table_at_an_nmjl_tournament_is_a_400(client):
    matjok = "matjok play turn=E must=discard / E +14 / S +13 / W +13 / N +13"
    response = ask(client, table=matjok, action="E discard 7D", tournament=HARBOUR)
    assert response.status_code == 400 and response.json()["parameter"] == "tournament"


@override_settings(API_REQUESTS_PER_MINUTE=3, TRUSTED_PROXY_COUNT=1)
def test_asking_the_engine_counts_against_the_rate_limit_like_every_read(client, one_window):
    def from_client():
        return client.get(
            "/api/v1/judge/",
            {"table": TOUCHED, "action": GIVE_BACK},
            HTTP_X_FORWARDED_FOR="203.0.113.9",
            REMOTE_ADDR="10.0.0.1",
        )

    assert [from_client().status_code for _ in range(3)] == [200] * 3
    refused = from_client()
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
