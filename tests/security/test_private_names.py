"""Private names stay private on every page: a private card's name once a director makes it
a tournament's card, and a draft tournament's name and house rules, which an editor may not
read through its rulings log any more than through its page.

Written against addresses, not modules, so it holds wherever the history views live."""

import pytest
from django.urls import reverse

from tests.clients import client_for
from tests.tournaments.card_factories import card
from tests.tournaments.tournament_factories import editor, house_rule, td, tournament, user
from toolkit.models import LoggedRuling
from tournaments.models import Tournament
from tournaments.versions import publish

pytestmark = pytest.mark.django_db

CARD_MARK = "Secret Sparrow Card"
DRAFT_NAME = "Hidden Heron Invitational"
RULE_MARK = "heron-rule-marker"
LOG_MARK = "heron-log-marker"


@pytest.fixture
def carded():
    """A published tournament whose director named its own private card as its card."""
    owner = td("owner")
    home = tournament("home-open", status=Tournament.Status.PUBLISHED, directors=[owner])
    card(CARD_MARK, owner=home, private=True)
    home.card_name = CARD_MARK
    home._history_user = owner
    home.save()
    publish(home, owner)  # what players read: the history readers read runs to here
    return {"owner": owner, "home": home}


def card_pages():
    slug = "home-open"
    return [
        reverse("tournaments:tournament-history", args=[slug]),
        reverse("tournaments:tournament-compare", args=[slug]) + "?a=1&b=2",
        reverse("tournaments:tournament-restore", args=[slug, 1]),
        reverse("tournaments:tournament", args=[slug]),
        reverse("tournaments:tournament-json", args=[slug]),
        reverse("tournaments:tournament-feed", args=[slug]),
        reverse("articles:recent-changes"),
        reverse("articles:recent-changes-feed"),
        reverse("api:tournament-detail", args=[slug]),
    ]


def test_a_private_cards_name_is_on_no_page_of_its_tournament_for_who_may_not_see_it(carded):
    people = {"anonymous": None, "plain": user("plain"), "other director": td("other-td")}
    for role, person in people.items():
        client = client_for(person)
        for address in card_pages():
            response = client.get(address, follow=True)
            assert response.status_code in (200, 403, 404), (role, address)
            assert CARD_MARK not in response.content.decode(), (role, address)


def test_the_history_compare_names_a_private_card_only_to_whoever_may_see_it(carded):
    compare = reverse("tournaments:tournament-compare", args=["home-open"]) + "?a=1&b=2"
    page = client_for(None).get(compare).content.decode()
    assert "Card: <del>—</del><ins>a private card</ins>" in page
    assert CARD_MARK not in page
    assert CARD_MARK in client_for(carded["owner"]).get(compare).content.decode()


@pytest.fixture
def draft_event():
    """A draft tournament with a house rule and a logged ruling, and its director."""
    director = td("draft-td")
    quiet = tournament("quiet-draft", name=DRAFT_NAME, directors=[director])
    house_rule(quiet, f"Jokers may not be exchanged ({RULE_MARK}).")
    logged = LoggedRuling.objects.create(
        tournament=quiet,
        recorded_by=director,
        what_happened=f"A call after the discard ({LOG_MARK}).",
        outcome="The call stands.",
    )
    return {"director": director, "tournament": quiet, "logged": logged}


def log_pages(pk):
    slug = "quiet-draft"
    return [
        reverse("toolkit:log", args=[slug]),
        reverse("toolkit:log", args=[slug]) + f"?q={LOG_MARK}",
        reverse("toolkit:log-add", args=[slug]),
        reverse("toolkit:log-csv", args=[slug]),
        reverse("toolkit:log-edit", args=[slug, pk]),
        reverse("toolkit:log-history", args=[slug, pk]),
        reverse("toolkit:log-compare", args=[slug, pk]) + "?a=1&b=1",
    ]


def test_an_editor_reads_nothing_of_a_draft_tournament_through_its_rulings_log(draft_event):
    client = client_for(editor("league-editor"))
    assert client.get(reverse("tournaments:tournament", args=["quiet-draft"])).status_code == 404
    for address in log_pages(draft_event["logged"].pk):
        response = client.get(address)
        assert response.status_code == 404, address
        page = response.content.decode()
        assert DRAFT_NAME not in page and RULE_MARK not in page and LOG_MARK not in page
    changes = client.get(reverse("articles:recent-changes")).content.decode()
    assert DRAFT_NAME not in changes and LOG_MARK not in changes


def test_a_draft_tournaments_log_is_its_directors_and_an_editors_once_it_is_published(
    draft_event,
):
    log_url = reverse("toolkit:log", args=["quiet-draft"])
    league_editor = client_for(editor("league-editor"))
    assert league_editor.get(log_url).status_code == 404
    director = client_for(draft_event["director"])
    page = director.get(log_url)
    assert page.status_code == 200 and LOG_MARK in page.content.decode()
    changes = director.get(reverse("articles:recent-changes")).content.decode()
    assert f"Rulings log of {DRAFT_NAME}" in changes
    quiet = draft_event["tournament"]
    quiet.status = Tournament.Status.PUBLISHED
    quiet.save()
    page = league_editor.get(log_url)
    assert page.status_code == 200 and LOG_MARK in page.content.decode()
