"""Cards entered on the site: who sees them, who changes them, errors at their lines."""

import pytest
from django.urls import reverse

from rulings import card_sources
from tournaments import cards
from tournaments.models import Card

from .card_factories import PRACTICE_TEXT, card, card_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(card_people):
    return card_people


def test_a_private_card_is_seen_by_its_directors_and_editors_only(people, client):
    secret = card("Home Card", owner=people["home"], private=True)
    url = reverse("cards:card", args=[secret.pk])
    for who in ("owner", "editor"):
        client.force_login(people[who])
        assert client.get(url).status_code == 200, who
    for who in ("other", "plain"):
        client.force_login(people[who])
        assert client.get(url).status_code == 404, who
    client.logout()
    assert client.get(url).status_code == 404


def test_a_card_that_is_not_private_is_public(people, client):
    shared = card("Shared Card", owner=people["home"])
    assert client.get(reverse("cards:card", args=[shared.pk])).status_code == 200
    assert cards.lookup_for(None)("Shared Card") is not None


def test_a_tournaments_card_is_changed_by_its_directors_not_by_another_tournaments(people):
    home_card = card("Home Card", owner=people["home"])
    assert cards.can_edit(people["owner"], home_card)
    assert not cards.can_edit(people["other"], home_card)
    assert not cards.can_edit(people["plain"], home_card)


def test_a_league_card_is_changed_by_editors_not_by_tournament_directors(people):
    league = card("League Card")
    assert cards.can_edit(people["editor"], league)
    assert not cards.can_edit(people["owner"], league)


def test_changing_someone_elses_card_is_refused_on_the_server(people, client):
    home_card = card("Home Card", owner=people["home"])
    client.force_login(people["other"])
    url = reverse("cards:card-edit", args=[home_card.pk])
    assert client.get(url).status_code == 403
    response = client.post(url, {"text": card_text("Home Card"), "owner": str(people["away"].pk)})
    assert response.status_code == 403
    assert Card.objects.get(pk=home_card.pk).owner == people["home"]


def test_a_plain_user_may_not_add_a_card(people, client):
    client.force_login(people["plain"])
    assert client.get(reverse("cards:card-new")).status_code == 403


def test_a_director_adds_a_private_card_for_their_tournament_with_history(people, client):
    client.force_login(people["owner"])
    response = client.post(
        reverse("cards:card-new"),
        {
            "text": card_text("Home Card"),
            "owner": str(people["home"].pk),
            "private": "on",
            "summary": "this year's card",
        },
    )
    saved = Card.objects.get(name="Home Card")
    assert response.status_code == 302 and response["Location"] == saved.get_absolute_url()
    assert saved.owner == people["home"] and saved.private
    version = saved.history.get()
    assert version.history_user == people["owner"]
    assert version.history_change_reason == "this year's card"


def test_a_director_may_not_keep_a_card_for_another_tournament(people, client):
    client.force_login(people["owner"])
    response = client.post(
        reverse("cards:card-new"), {"text": card_text("Away"), "owner": str(people["away"].pk)}
    )
    assert response.status_code == 200
    assert not Card.objects.exists()


def test_an_upload_is_read_like_pasted_text(people, client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(people["editor"])
    upload = SimpleUploadedFile("card.json", card_text("Uploaded Card").encode("utf-8"))
    response = client.post(reverse("cards:card-new"), {"upload": upload, "owner": ""})
    assert response.status_code == 302
    assert Card.objects.get(name="Uploaded Card").owner is None


def broken_card():
    """The Practice Card with a bad suit letter on one line and a misspelt field on another."""
    lines = card_text("Broken Card").split("\n")
    bad_pattern = next(i for i, line in enumerate(lines) if "DDDDb 7777b 22c" in line)
    lines[bad_pattern] = lines[bad_pattern].replace("22c", "22d")
    bad_field = next(i for i, line in enumerate(lines) if '"value": 30' in line)
    lines[bad_field] = lines[bad_field].replace('"value"', '"valeu"')
    return "\n".join(lines), bad_pattern + 1, bad_field + 1


def test_every_error_of_a_card_is_shown_at_its_line_and_the_text_is_kept(people, client):
    text, pattern_line, field_line = broken_card()
    client.force_login(people["editor"])
    response = client.post(reverse("cards:card-new"), {"text": text, "owner": ""})
    html = response.content.decode()
    assert response.status_code == 200
    assert not Card.objects.exists()
    # Each error sits in its numbered line of the listing, after that line's text.
    assert f'id="card-line-{pattern_line}"' in html
    assert f'id="card-line-{field_line}"' in html
    pattern_item = html.split(f'id="card-line-{pattern_line}"')[1].split("</li>")[0]
    assert "22d" in pattern_item and "is not a suit letter" in pattern_item
    field_item = html.split(f'id="card-line-{field_line}"')[1].split("</li>")[0]
    assert "valeu" in field_item
    assert "errors, each shown at its line" in html
    # What was typed is still in the text box, mistakes and all.
    assert "22d" in response.context["form"]["text"].value()
    assert '"valeu"' in response.context["form"]["text"].value()


def test_a_card_may_not_take_a_shipped_cards_name(people, client):
    client.force_login(people["editor"])
    response = client.post(reverse("cards:card-new"), {"text": PRACTICE_TEXT, "owner": ""})
    assert response.status_code == 200
    assert "shipped card" in response.content.decode()
    assert not Card.objects.exists()


def test_json_that_is_not_json_is_an_error_at_its_line_not_a_server_error(people, client):
    client.force_login(people["editor"])
    response = client.post(reverse("cards:card-new"), {"text": '{\n  "format": \n}', "owner": ""})
    assert response.status_code == 200
    assert 'id="card-line-' in response.content.decode()


def test_public_runs_see_public_cards_and_never_private_ones(people):
    card("Open Card", owner=people["home"])
    card("Secret Card", owner=people["home"], private=True)
    public = card_sources.public_lookup()
    assert public("Open Card") is not None
    assert public("Secret Card") is None
    assert card_sources.lookup_for(people["owner"])("Secret Card") is not None
    assert card_sources.lookup_for(people["other"])("Secret Card") is None
    assert cards.lookup_for(None, everything=True)("Secret Card") is not None


@pytest.mark.parametrize(
    "name, says", [("N" * 201, "at most 200 characters"), ("Two\\nlines", "one line")]
)
def test_a_name_no_column_can_hold_is_an_error_at_its_line_not_a_server_error(
    people, client, name, says
):
    text = card_text("Placeholder").replace('"Placeholder"', f'"{name}"')
    client.force_login(people["editor"])
    response = client.post(reverse("cards:card-new"), {"text": text, "owner": ""})
    assert response.status_code == 200 and says in response.content.decode()
    assert not Card.objects.exists()


def test_an_uploaded_file_with_a_nul_character_is_refused_plainly(people, client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(people["editor"])
    upload = SimpleUploadedFile("card.json", card_text("Nul Card").encode() + b"\x00")
    response = client.post(reverse("cards:card-new"), {"upload": upload, "owner": ""})
    assert response.status_code == 200 and "NUL" in response.content.decode()
    assert not Card.objects.exists()
