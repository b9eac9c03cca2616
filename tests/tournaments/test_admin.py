"""The admin (pytest-django's `admin_client`, a superuser) lists tournaments and house rules
under their own app, with their history."""

import pytest

from .tournament_factories import house_rule, tournament

pytestmark = pytest.mark.django_db


def test_the_admin_lists_tournaments_and_house_rules_under_tournaments(admin_client):
    event = tournament("spring-open", name="Spring Open")
    house_rule(event, "Rounds last 60 minutes.")
    listing = admin_client.get("/admin/tournaments/tournament/")
    assert listing.status_code == 200
    assert "Spring Open" in listing.content.decode()
    rules = admin_client.get("/admin/tournaments/houserule/")
    assert "Rounds last 60 minutes." in rules.content.decode()


def test_a_tournaments_admin_page_shows_its_house_rules_and_its_history(admin_client):
    event = tournament("spring-open", name="Spring Open")
    house_rule(event, "Rounds last 60 minutes.")
    page = admin_client.get(f"/admin/tournaments/tournament/{event.pk}/change/")
    assert "Rounds last 60 minutes." in page.content.decode()
    history = admin_client.get(f"/admin/tournaments/tournament/{event.pk}/history/")
    assert history.status_code == 200


def test_the_old_admin_address_under_rulings_is_gone(admin_client):
    assert admin_client.get("/admin/rulings/tournament/").status_code == 404
