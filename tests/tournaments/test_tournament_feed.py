"""A tournament's Atom feed: each published version and each withdrawal, newest first."""

from xml.etree import ElementTree

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import versions

from .tournament_factories import house_rule, td, tournament

pytestmark = pytest.mark.django_db
ATOM = "{http://www.w3.org/2005/Atom}"


def feed_of(slug):
    return Client().get(reverse("tournaments:tournament-feed", args=[slug]))


def titles(response):
    feed = ElementTree.fromstring(response.content)
    return [entry.find(f"{ATOM}title").text for entry in feed.findall(f"{ATOM}entry")]


def test_the_feed_lists_each_published_version_and_a_withdrawal_with_its_reason():
    director = td("dana")
    spring = tournament(directors=[director])
    house_rule(spring, "Jokers may not be exchanged from a dead hand.")
    first = versions.publish(spring, director)
    house_rule(spring, "Time limit of three minutes a turn.")
    second = versions.publish(spring, director)
    versions.withdraw(second, director, "Announced by mistake.")
    response = feed_of(spring.slug)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    assert titles(response) == [
        f"Version {second.number} withdrawn",
        f"Version {second.number} published",
        f"Version {first.number} published",
    ]
    assert b"Announced by mistake." in response.content


def test_a_draft_tournament_has_no_feed_and_a_published_page_links_its_feed():
    draft = tournament("quiet-cup")
    assert feed_of(draft.slug).status_code == 404
    director = td("dana")
    spring = tournament(directors=[director])
    versions.publish(spring, director)
    page = Client().get(spring.get_absolute_url()).content.decode()
    head = page[: page.index("</head>")]
    assert reverse("tournaments:tournament-feed", args=[spring.slug]) in head
