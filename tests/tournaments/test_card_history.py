"""A card entered on the site has every editable model's guarantees: a save checked against
the version it started from (conflict page with both texts), a history page with compare and
restore, and recent changes — all only for those who may see the card."""

import pytest
from django.urls import reverse

from tournaments.models import Card

from .card_factories import card, card_text
from .tournament_factories import desk_form, opened

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(card_people):
    return card_people


def with_note(name, note):
    return card_text(name, note=note)


def edit_form(record, text, **extra):
    owner = str(record.owner_id) if record.owner_id else ""
    return {"text": text, "owner": owner, **({"private": "on"} if record.private else {}), **extra}


def saved_by(client, record, text, base_version, **extra):
    url = reverse("cards:card-edit", args=[record.pk])
    return client.post(url, edit_form(record, text, base_version=base_version or "", **extra))


# --- The version check -----------------------------------------------------------------------


def test_the_card_form_carries_the_version_it_started_from(people, client):
    home = card("Home Card", owner=people["home"])
    client.force_login(people["owner"])
    form = client.get(reverse("cards:card-edit", args=[home.pk])).context["form"]
    assert form.initial["base_version"] == opened(home)["base_version"]


def test_a_fresh_card_save_is_saved(people, client):
    home = card("Home Card", owner=people["home"])
    client.force_login(people["owner"])
    response = saved_by(client, home, with_note("Home Card", "mine"), **opened(home))
    assert response.status_code == 302
    home.refresh_from_db()
    assert '"note": "mine"' in home.text
    assert home.history.count() == 2


def test_a_card_changed_meanwhile_is_a_conflict_showing_both_texts_and_keeping_mine(people, client):
    home = card("Home Card", owner=people["home"])
    started = opened(home)["base_version"]
    theirs = with_note("Home Card", "their note")
    home.text = theirs  # someone else's save, after the form was opened
    home.save()
    client.force_login(people["owner"])
    response = saved_by(client, home, with_note("Home Card", "my note"), started)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Someone else saved this while you were editing" in html
    assert "their note" in html  # theirs, shown
    assert "my note" in response.context["form"]["text"].value()  # mine, kept in the form
    home.refresh_from_db()
    assert home.text == theirs  # nothing of mine saved
    # The form is now based on their version: saving again is a decision with both in view.
    assert response.context["form"]["base_version"].value() == str(opened(home)["base_version"])


def test_a_card_save_naming_no_version_is_a_conflict_not_an_overwrite(people, client):
    home = card("Home Card", owner=people["home"])
    client.force_login(people["owner"])
    response = saved_by(client, home, with_note("Home Card", "blind"), None)
    assert response.status_code == 409
    assert "blind" not in Card.objects.get(pk=home.pk).text


def test_a_card_made_private_meanwhile_merges_with_a_text_change(people, client):
    home = card("Home Card", owner=people["home"])
    started = opened(home)["base_version"]
    home.private = True
    home.save()
    client.force_login(people["owner"])
    record = Card.objects.get(pk=home.pk)
    record.private = False  # the form as it was opened: not private
    response = saved_by(client, record, with_note("Home Card", "mine"), started)
    assert response.status_code == 302
    home.refresh_from_db()
    assert home.private and '"note": "mine"' in home.text


# --- History on the site ---------------------------------------------------------------------


def two_versions(owner=None, private=False):
    record = card("Home Card", owner=owner, private=private)
    record.text = with_note("Home Card", "second")
    record._change_reason = "second note"
    record.save()
    return record


def test_a_cards_history_lists_its_versions_and_compares_two(people, client):
    record = two_versions(owner=people["home"])
    response = client.get(reverse("cards:card-history", args=[record.pk]))
    assert response.status_code == 200
    assert [v.number for v in response.context["versions"]] == [2, 1]
    assert response.context["versions"][0].summary == "second note"
    compare = client.get(reverse("cards:card-compare", args=[record.pk]), {"a": 1, "b": 2})
    assert compare.status_code == 200
    file_part = next(p for p in compare.context["parts"] if p.label == "Card file")
    assert file_part.changed and "second" in str(file_part.diff)


def test_restoring_an_old_card_version_saves_it_as_a_new_version(people, client):
    record = two_versions(owner=people["home"])
    first = record.history.order_by("history_id").first()
    client.force_login(people["owner"])
    url = reverse("cards:card-restore", args=[record.pk, 1])
    assert client.get(url).status_code == 200
    response = client.post(url, {"latest": record.history.count()})
    assert response.status_code == 302
    record.refresh_from_db()
    assert record.text == first.text
    assert record.history.count() == 3  # history is never rewritten


def test_restoring_from_a_page_made_before_another_save_restores_nothing(people, client):
    record = two_versions(owner=people["home"])
    shown = record.history.count()  # the versions the restore page listed
    record.text = with_note("Home Card", "third")
    record.save()
    client.force_login(people["owner"])
    response = client.post(reverse("cards:card-restore", args=[record.pk, 1]), {"latest": shown})
    assert response.status_code == 409
    record.refresh_from_db()
    assert '"note": "third"' in record.text


@pytest.mark.parametrize("who", ["anonymous", "plain", "other"])
def test_a_private_cards_history_is_a_404_to_anyone_who_may_not_see_the_card(people, client, who):
    record = two_versions(owner=people["home"], private=True)
    if who != "anonymous":
        client.force_login(people[who])
    for url in (
        reverse("cards:card-history", args=[record.pk]),
        reverse("cards:card-compare", args=[record.pk]) + "?a=1&b=2",
        reverse("cards:card-restore", args=[record.pk, 1]),
    ):
        response = client.get(url)
        if who == "anonymous" and "restore" in url:
            assert response.status_code == 302  # to the login page, before anything is read
        else:
            assert response.status_code == 404, url


def test_a_private_cards_history_is_read_by_its_directors_and_editors(people, client):
    record = two_versions(owner=people["home"], private=True)
    for who in ("owner", "editor"):
        client.force_login(people[who])
        assert client.get(reverse("cards:card-history", args=[record.pk])).status_code == 200


@pytest.mark.parametrize("who", ["plain", "other"])
def test_only_a_cards_keepers_may_restore_it(people, client, who):
    record = two_versions(owner=people["home"])
    client.force_login(people[who])
    url = reverse("cards:card-restore", args=[record.pk, 1])
    assert client.get(url).status_code == 403
    assert client.post(url, {"latest": record.history.count()}).status_code == 403
    assert '"note": "second"' in Card.objects.get(pk=record.pk).text


# --- Recent changes --------------------------------------------------------------------------


def test_a_public_cards_changes_are_in_recent_changes_for_everyone(people, client):
    two_versions(owner=people["home"])
    response = client.get(reverse("articles:recent-changes"))
    assert "Card: Home Card" in response.content.decode()


@pytest.mark.parametrize("who", ["anonymous", "plain", "other"])
def test_a_private_cards_changes_are_not_in_recent_changes_for_others(people, client, who):
    two_versions(owner=people["home"], private=True)
    if who != "anonymous":
        client.force_login(people[who])
    assert "Home Card" not in client.get(reverse("articles:recent-changes")).content.decode()


def test_a_private_cards_changes_are_in_recent_changes_for_its_directors(people, client):
    two_versions(owner=people["home"], private=True)
    client.force_login(people["owner"])
    assert "Card: Home Card" in client.get(reverse("articles:recent-changes")).content.decode()


# --- A tournament naming its card ------------------------------------------------------------


def test_a_director_naming_the_tournaments_card_on_the_desk_saves_it_with_history(people, client):
    card("Home Card", owner=people["home"], private=True)
    event = people["home"]
    client.force_login(people["owner"])
    url = reverse("tournaments:tournament-edit", args=[event.slug])
    response = client.post(url, desk_form(event, card_name="Home Card"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.card_name == "Home Card"
    history = client.get(reverse("tournaments:tournament-history", args=[event.slug]))
    assert history.context["versions"][0].what == "changed card"


def test_two_directors_naming_different_cards_meet_in_a_conflict(people, client):
    card("Home Card", owner=people["home"])
    card("Other Card", owner=people["home"])
    event = people["home"]
    client.force_login(people["owner"])
    mine = desk_form(event, card_name="Home Card")
    event.card_name = "Other Card"  # another director's save, after the desk was opened
    event.save()
    response = client.post(reverse("tournaments:tournament-edit", args=[event.slug]), mine)
    assert response.status_code == 409
    event.refresh_from_db()
    assert event.card_name == "Other Card"


# --- The database refusing ---------------------------------------------------------------------


def test_a_card_saved_while_the_database_is_read_only_comes_back_with_the_text(people, client):
    from tests.database_failures import database_refuses_writes

    home = card("Home Card", owner=people["home"])
    client.force_login(people["owner"])
    with database_refuses_writes():
        response = saved_by(client, home, with_note("Home Card", "kept on screen"), **opened(home))
    assert response.status_code == 503
    html = response.content.decode()
    assert "could not save this just now: it is read-only" in html
    assert "kept on screen" in response.context["form"]["text"].value()
    assert "kept on screen" not in Card.objects.get(pk=home.pk).text
