"""Every Atom feed carries what people typed as text: a payload planted in each user-written
field that reaches a feed (an edit summary, an article's title, a tournament's name and a
withdrawal reason, a card's name, a talk thread's title, a scenario's title and check names)
is in the feed, and a feed reader rendering each entry as its `type` says finds no live
element or attribute in it — the payload reads as the text that was typed."""

from html import escape
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from django.test import Client
from django.urls import reverse

from articles.models import Article, Commentary, RuleSet
from community.models import Thread, VerdictChange
from rulings.models import Scenario
from tests.tournaments.card_factories import card
from tests.tournaments.tournament_factories import editor, house_rule, td, tournament
from tournaments import versions

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
TEXT_CONSTRUCTS = ("title", "subtitle", "summary", "content", "rights")
FIXTURE_SCENARIO = (
    Path(__file__).resolve().parents[2] / "fixtures/scenarios/call-commitment.feature"
)


def payload(field):
    """Script, an event handler and an attribute breakout, marked with the field's name."""
    return f"{field}<script>window.__pwned=1</script><img src=x onerror=alert(1)>\"'><b>x</b>"


class _Markup(HTMLParser):
    """What a browser would build from a piece of HTML: its elements and their attributes."""

    def __init__(self):
        super().__init__()
        self.elements, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def as_html(element) -> str:
    """A text construct as a feed reader renders it (RFC 4287 §3.1): text is escaped, html is
    markup, xhtml is its children."""
    kind = element.get("type", "text")
    if kind == "xhtml":
        return "".join(ElementTree.tostring(child, encoding="unicode") for child in element)
    text = element.text or ""
    return text if kind == "html" else escape(text)


def rendered(url) -> list[tuple[str, _Markup]]:
    """(where, markup) for every text construct of the feed at `url`, and of each entry."""
    response = Client().get(url)
    assert response.status_code == 200, url
    feed = ElementTree.fromstring(response.content)
    found = []
    for part in [feed, *feed.findall(f"{ATOM}entry")]:
        for name in TEXT_CONSTRUCTS:
            for element in part.findall(f"{ATOM}{name}"):
                markup = _Markup()
                markup.feed(as_html(element))
                markup.close()
                found.append((f"{url} {name}", markup))
    return found


@pytest.fixture
def planted():
    """A payload in each user-written field that reaches a feed; the feeds and field names."""
    nmjl = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]
    article = Article.objects.create(
        ruleset=nmjl, key="nmjl-6", number="6", title=payload("article-title"), summary="S."
    )
    commentary = Commentary.objects.create(article=article, body="First.", author="League")
    wiki_editor = editor("ada")
    client = Client()
    client.force_login(wiki_editor)
    edit = reverse("articles:commentary-edit", args=[commentary.pk])
    base = client.get(edit).context["form"].initial["base_version"]
    answer = client.post(
        edit,
        {
            "body": "Second.",
            "author": "",
            "reviewed_on": "",
            "edit_summary": payload("edit-summary"),
            "base_version": base,
        },
    )
    assert answer.status_code == 302

    director = td("dana")
    event = tournament("spring-open", directors=[director], name=payload("tournament-name"))
    event._change_reason = payload("tournament-reason")
    event.save()
    versions.publish(event, director)
    rule = house_rule(event, "Time limit of three minutes a turn.")
    rule._change_reason = payload("house-rule-reason")
    rule.save()
    second = versions.publish(event, director)
    versions.withdraw(second, director, payload("withdrawal-reason"))

    shared = card(payload("card-name"))
    shared._change_reason = payload("card-reason")
    shared.save()

    Thread.objects.create(article=article, title=payload("thread-title"), started_by=director)

    # A scenario readers see (one that runs clean: both articles it is tagged with exist).
    Article.objects.create(ruleset=nmjl, key="nmjl-exposure-answer", title="Exposure answer")
    text = FIXTURE_SCENARIO.read_text(encoding="utf-8")
    text = text.replace("Feature: ", "Feature: " + payload("scenario-title"), 1)
    scenario = Scenario.objects.create(
        slug="call-commitment", title=payload("scenario-title"), text=text
    )
    assert not scenario.is_draft
    VerdictChange.objects.create(
        scenario=scenario, names=[payload("check-name")], cause=payload("verdict-cause")
    )
    feeds = [
        reverse("articles:recent-changes-feed"),
        reverse("articles:article-feed", args=[article.key]),
        reverse("tournaments:tournament-feed", args=[event.slug]),
        reverse("rulings:changes-feed"),
    ]
    # The working copy's own saves ("tournament-reason", "house-rule-reason") are its
    # directors' alone and reach no feed; what players read changed (publish, withdrawal) does.
    fields = [
        "article-title",
        "edit-summary",
        "tournament-name",
        "withdrawal-reason",
        "card-name",
        "card-reason",
        "thread-title",
        "scenario-title",
        "check-name",
        "verdict-cause",
    ]
    return feeds, fields


def test_no_feed_entry_holds_a_live_element_and_every_payload_reads_as_text(planted):
    feeds, fields = planted
    parts = [part for url in feeds for part in rendered(url)]
    live = [(where, tag, attrs) for where, markup in parts for tag, attrs in markup.elements]
    assert live == []
    text = "\n".join("".join(markup.text) for _, markup in parts)
    for field in fields:
        # The whole payload is there, as the characters that were typed.
        assert payload(field) in text, field
