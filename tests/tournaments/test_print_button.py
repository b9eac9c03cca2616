"""The house-rules sheet has a Print button (shown by a script; CSP forbids inline script)."""

import datetime

import pytest
from django.urls import reverse

from tournaments.versions import publish

from .tournament_factories import tournament

pytestmark = pytest.mark.django_db


def test_the_published_sheet_has_a_print_button_and_its_script(client):
    event = tournament("harbour-open", name="Harbour Open")
    publish(event, on=datetime.date(2026, 11, 2))
    html = client.get(reverse("tournaments:tournament", args=[event.slug])).content.decode()
    assert '<button type="button" class="print-button" data-print hidden>Print</button>' in html
    assert 'src="/static/js/print.js"' in html
