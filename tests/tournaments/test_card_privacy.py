"""The privacy walk: a private card's name, a line's note and a section name carry a unique
marker; every page of the URLconf, every article, scenario and tournament page, their JSON,
search results for the card's words and the hand check naming the card (marker and all) are
walked as an anonymous reader, a plain user and a director of another tournament, and the
marker is nowhere. The owning director does find it. (Search is asked for the card's other
words, not the marker itself, since a results page rightly repeats what was typed.)"""

import re
from itertools import product

import pytest
from django.urls import NoReverseMatch, URLResolver, get_resolver, reverse

from articles.models import Article, Citation, Commentary, Question, Source, Term
from rulings.models import Scenario
from tests.seeding import seed
from toolkit.models import PickerChoice
from tournaments.models import HouseRule, Tournament

from .card_factories import card
from .tournament_factories import td, user

MARKER = "Qzxv7privmark"
NAME = f"Home Card {MARKER}"
# Searched for instead of the marker: a search page rightly repeats what was typed.
NOTE_WORD = "zephyrlocket"
# A 5-tile hand for the hand check: the answer then lists lines, their sections and notes.
HAND_QUERY = {"card": NAME, "tiles": "5D 5D 5D 5C 5C", "tournament": "home"}


def named_patterns(resolver=None, prefix="", namespace=""):
    """(name to reverse, full pattern) for every named path of the URLconf but the admin's."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            if route.startswith("admin/"):
                continue
            inner = namespace + (f"{pattern.namespace}:" if pattern.namespace else "")
            yield from named_patterns(pattern, route, inner)
        elif pattern.name:
            yield namespace + pattern.name, route


def pools(home, card_pk):
    """Values for each URL argument, by the first part of the path it stands in."""
    keys = list(Article.objects.values_list("key", flat=True))
    firsts = {
        "pk": [card_pk, *HouseRule.objects.filter(tournament=home).values_list("pk", flat=True)],
        "history_id": [1, 2],
        "number": [1, 2],
        "year": list(Source.objects.values_list("year", flat=True).distinct()[:3]) + [0],
        "publication": list(Source.objects.values_list("publication", flat=True).distinct()),
    }
    by_section = {
        "tournaments": {"slug": list(Tournament.objects.values_list("slug", flat=True))},
        "scenarios": {"slug": list(Scenario.objects.values_list("slug", flat=True))},
        "terms": {"slug": list(Term.objects.values_list("slug", flat=True)[:3])},
        "cards": {"slug": ["practice-card-2027"]},
        "commentary": {"pk": list(Commentary.objects.values_list("pk", flat=True)[:2])},
        "questions": {"pk": list(Question.objects.values_list("pk", flat=True)[:2])},
        "citations": {"pk": list(Citation.objects.values_list("pk", flat=True)[:2])},
        "articles": {"key": keys},  # every article page (and versions 1 and 2 of some)
        "api": {  # the read API: each kind of resource, the home tournament's too
            "key": keys[:3],
            "slug": [home.slug, *Scenario.objects.values_list("slug", flat=True)[:3]],
            "pk": list(Question.objects.values_list("pk", flat=True)[:2]),
        },
        "wanted": {"key": keys[:2] + ["nmjl-999"]},
        "picker": {"key": list(PickerChoice.objects.values_list("key", flat=True)[:3])},
        "t": {"slug": list(Tournament.objects.values_list("slug", flat=True))},
    }
    return firsts, by_section


def urls_to_walk(home, card_pk):
    firsts, by_section = pools(home, card_pk)
    urls = set()
    for name, route in named_patterns():
        arguments = re.findall(r"<(?:\w+:)?(\w+)>", route)
        section = route.split("/")[0]
        choices = []
        for argument in arguments:
            values = by_section.get(section, {}).get(argument, firsts.get(argument))
            # Every article's own page; a few articles for its other pages.
            if argument == "key" and route != "articles/<slug:key>/" and values:
                values = values[:3]
            choices.append(values or [])
        for combination in product(*choices):
            try:
                urls.add(reverse(name, kwargs=dict(zip(arguments, combination, strict=True))))
            except NoReverseMatch:
                continue
    hand = "&".join(f"{k}={v}" for k, v in HAND_QUERY.items())
    urls |= {
        f"/hand/?{hand}",
        f"/hand/check.json?{hand}",
        f"/hand/card.json?{hand}",
        f"/hand/check.json?card={NAME}&exposures=5D 5D 5D",
        f"/search/?q={NOTE_WORD}",
        f"/search/?q={NOTE_WORD}&format=json",
        "/search/?q=Home Card",
        "/search/?q=Home&format=json",
        "/admin/",
        "/admin/tournaments/card/",
        f"/admin/tournaments/card/{card_pk}/change/",
    }
    return sorted(urls)


def found_on(client, urls):
    """The URLs whose response (body or redirect) holds the marker."""
    found = []
    for url in urls:
        response = client.get(url)
        body = b"" if response.streaming else response.content
        text = body.decode("utf-8", "replace") + response.get("Location", "")
        if MARKER.lower() in text.lower():
            found.append(url)
    return found


@pytest.mark.django_db
def test_a_private_card_is_nowhere_but_where_its_keepers_look(client):
    seed()
    owner, other = td("home-td"), td("away-td")
    home = Tournament.objects.create(
        slug="home",
        name="Home Open",
        ruleset_id=Tournament.objects.first().ruleset_id,
        status=Tournament.Status.PUBLISHED,
        card_name=NAME,
    )
    home.directors.add(owner)
    away = Tournament.objects.exclude(pk=home.pk).first()
    away.directors.add(other)
    secret = card(
        NAME,
        owner=home,
        private=True,
        section=f"Year {MARKER}",
        line_note=f"like numbers {MARKER} {NOTE_WORD}",
    )
    urls = urls_to_walk(home, secret.pk)
    assert len(urls) > 100  # the walk reaches the pages, not a handful
    assert f"/cards/{secret.pk}/" in urls and "/tournaments/home/" in urls
    assert any(url.startswith("/articles/") for url in urls)

    for reader in (None, user("plain-reader"), other):
        client.logout()
        if reader is not None:
            client.force_login(reader)
        assert found_on(client, urls) == [], reader

    client.force_login(owner)
    seen = found_on(
        client,
        [f"/cards/{secret.pk}/", "/cards/", urls[0]] + [u for u in urls if u.startswith("/hand/")],
    )
    assert f"/cards/{secret.pk}/" in seen and "/cards/" in seen
    assert any(u.startswith("/hand/?") for u in seen)
    assert any(u.startswith("/hand/check.json?card=") for u in seen)
    assert any(u.startswith("/hand/card.json?") for u in seen)  # its engine, offline
