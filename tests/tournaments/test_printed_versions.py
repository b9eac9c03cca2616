"""Printed sheets that know they are old: each carries a QR code and a short link to the
version printed, and that link shows the version with a banner once a newer one is in force."""

import pytest
from django.test import Client

from tournaments.models import Tournament
from tournaments.printouts import version_path
from tournaments.versions import publish, withdraw

from .tournament_factories import house_rule, td, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def published():
    made = tournament("print-open", directors=[td("print-td")])
    house_rule(made, "Rule of version one.")
    publish(made)
    return made


def test_a_published_sheet_carries_a_qr_code_of_its_own_version(published):
    page = Client().get(published.get_absolute_url()).content.decode()
    link = "http://testserver" + version_path(published, 1)
    assert 'class="printed-version print-only"' in page
    assert link in page
    assert '<svg role="img" aria-label="QR code"' in page


def test_a_draft_sheet_has_no_qr_code():
    made = tournament("draft-open", directors=[td("draft-td")])
    client = Client()
    client.force_login(made.directors.get())
    assert "printed-version" not in client.get(made.get_absolute_url()).content.decode()


def test_the_version_printed_opens_without_a_banner_while_it_is_in_force(published):
    page = Client().get(version_path(published, 1)).content.decode()
    assert "This is the version in force." in page
    assert "Rule of version one." in page
    assert "version-banner" not in page


def test_after_a_newer_version_the_printed_link_shows_the_old_sheet_with_a_banner(published):
    house_rule(published, "Rule added in version two.")
    publish(published)
    page = Client().get(version_path(published, 1)).content.decode()
    assert "This sheet is version 1; version 2 was published on" in page
    assert "Rule of version one." in page
    assert "Rule added in version two." not in page


def test_a_withdrawn_version_says_so_and_why(published):
    house_rule(published, "A rule published by mistake.")
    second = publish(published)
    withdraw(second, published.directors.get(), "Published by mistake.")
    page = Client().get(version_path(published, 2)).content.decode()
    assert "which was withdrawn" in page
    assert "Published by mistake." in page
    assert "Players now read" in page


def test_an_unknown_version_or_a_draft_tournaments_version_is_not_found(published):
    assert Client().get(version_path(published, 9)).status_code == 404
    Tournament.objects.filter(pk=published.pk).update(status=Tournament.Status.DRAFT)
    assert Client().get(version_path(published, 1)).status_code == 404
