"""No engine identifier where an anonymous reader looks.

The patterns come from the engine itself (every rule function's name, every option's key,
the status words a check draws, tags, "line N:", the seeds' "Seed 0…" notes); the pages
come from the URLconf (every reader-facing pattern, instantiated with every stored article,
scenario, source, tournament, tile and card an anonymous reader can see). On each page every
<details> a reader may open is opened and the "For scenario authors" folds are closed, and
the visible text of the body is read: the engine's words may be inside those folds only. The author
references (step reference, history, compare), editing pages and JSON are left out by
name, and a new URL pattern fails the test until it is placed on one side or the other.
"""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.browser

# Author references, editing, JSON, sign-in and the admin: the exact identifiers belong there.
NOT_FOR_READERS = re.compile(
    r"edit|new|create|history|compare|restore|publish|withdraw|json|steps|scenario-check"
    r"|drafts|review|remove|delete|add|login|logout|changes|links-here"
    # a tournament's rulings log (its directors'), choosing and leaving (POST only), the
    # offline files (a script, a manifest, JSON), and the language switch (a redirect)
    r"|^log|choose|leave|service-worker|manifest|offline|switch-language"
    # the read API (JSON, its schema, its 404, and its documentation: an author reference),
    # the engine's judge (JSON naming the rule it applied, for authors and tools), feeds
    r"|documentation|schema|-list$|-detail$|^judge$|feed|not-found"
    # a signed-in user's own pages and talk actions (watching, notices, renaming, resolving,
    # hiding: POSTs or pages for the signed-in)
    r"|^watch|notifications|mark-read|preferences|thread-title|thread-resolve|reply-hide"
    # editors' worklists (translators': the outdated translations)
    r"|disagreeing|^outdated$"
    # the offline hand check's engine: its card (JSON) and its Python module's source
    r"|^hand-card$|^hand-engine"
    # an event's players, penalties and summary, appeals and rounds, and cases proposed from
    # the log: its directors' (and editors') pages
    r"|^players|^player$|^infractions$|^summary|^suggest$|^appeal$|^decide$|^round-ended$"
    r"|^proposals$|^propose$"
)

# Status words as the engine draws them in verdicts and grids ("passed", "2 pass", "differs
# (house rule 1)"); the same word in prose ("the Charleston passes") is not one.
STATUS_WORDS = r"(?:passes|passed|differs|undefined|skipped|failed|parse error)"
STATUS_DRAWN = [
    r"\b(?:differs|undefined)\b",  # never the table's prose
    rf"[✓≠–?✗·]\s*{STATUS_WORDS}\b",  # a mark and its word
    rf"\b{STATUS_WORDS}\s+—",  # "passed — 9 checks"
    rf"(?m)^\s*{STATUS_WORDS}\s*$",  # a word alone in a cell
    r"\b\d+ pass\b",  # "9 checks, 9 pass"
    rf"\b{STATUS_WORDS}(?:\s+{STATUS_WORDS})+\b",  # "passes passes differs"
]
FIXED = [r"@[a-z][\w-]*:", r"(?i)\bline \d+:", r"(?i)\bseed 0\d\d\b"]


def engine_patterns():
    from mahjong_rules.engine import RULES
    from mahjong_rules.engine.options import CARD_OPTIONS, OPTIONS

    names = sorted({*RULES, *OPTIONS, *CARD_OPTIONS}, key=len, reverse=True)
    assert len(RULES) > 50 and len(OPTIONS) >= 7, "the engine's tables were read"
    identifiers = r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b"
    return [re.compile(p) for p in [identifiers, *STATUS_DRAWN, *FIXED]]


def reading_names():
    """Every named reading of an option ("touched-is-taken"): a director writing a house rule
    reads the reading's sentence, never its name."""
    from mahjong_rules.engine.options import CARD_OPTIONS, OPTIONS

    names = sorted(
        {r.name for o in [*OPTIONS.values(), *CARD_OPTIONS.values()] for r in o.readings},
        key=len,
        reverse=True,
    )
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")


def reader_patterns():
    """(route, name) of every named URL pattern, outside the admin."""

    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if "admin" not in str(entry.pattern):
                    yield from walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern) and entry.name:
                yield prefix + str(entry.pattern), entry.name

    return [(route, name) for route, name in walk(get_resolver().url_patterns)]


def instances():
    """What an anonymous reader can open, by URL pattern name: a list of URLs each."""
    from mahjong_rules.engine.tiles import TILES

    from articles.models import Article, RuleSet, Ruling, Source
    from casebook.models import Case as DecidedCase
    from community.models import Thread
    from rulings.models import Scenario
    from toolkit.models import PickerChoice
    from tournaments.card_views import _shipped
    from tournaments.models import Card, PublishedVersion, Tournament

    articles = list(Article.objects.published().values_list("key", flat=True))
    sources = sorted(set(Source.objects.values_list("publication", "year")))
    return {
        "home": ["/"],
        "go": ["/go/?q=6"],
        "index": ["/articles/", "/casebook/"],
        "detail": [f"/articles/{key}/" for key in articles],
        "ruling": [
            ruling.get_absolute_url()
            for ruling in Ruling.objects.filter(article__is_published=True).only("slug")
        ],
        "sources": ["/sources/"],
        "source-year": [f"/sources/{p}/{y}/" for p, y in sources if y],
        "questions": ["/questions/"],
        "glossary": ["/glossary/"],
        "search": ["/search/?q=joker+exchange"],
        "tile": [f"/tiles/{code}/" for code in TILES],
        "wanted": ["/wanted/"],
        "wanted-article": ["/wanted/nmjl-999/"],
        "wanted-rulings": ["/wanted/rulings/"],
        "unreviewed": ["/unreviewed/"],
        "scenario-list": ["/scenarios/"],
        "scenario": [s.get_absolute_url() for s in Scenario.objects.for_readers()],
        # each check's whole drawing, as an article's page fetches it when the check is opened
        "scenario-drawing": [
            f"/scenarios/{s.slug}/drawing/{a.key}/"
            for s in Scenario.objects.for_readers().prefetch_related("articles")
            for a in s.articles.all()
            if a.is_published
        ],
        "casebook": [f"/casebook/{key}/" for key in RuleSet.objects.values_list("key", flat=True)],
        "case": [c.get_absolute_url() for c in DecidedCase.objects.published()],
        "tournaments": ["/tournaments/"],
        "tournament": [t.get_absolute_url() for t in Tournament.objects.published()],
        "cards": ["/cards/"],
        "card": [c.get_absolute_url() for c in Card.objects.filter(private=False)],
        "shipped-card": [f"/cards/shipped/{slug}/" for slug, _ in _shipped()],
        "hand": ["/hand/"],
        "picker-start": ["/picker/"],
        # the choices that ask a question; a last choice only sends to its ruling, read above
        "picker": [
            f"/picker/{key}/"
            for key in PickerChoice.objects.filter(children__isnull=False)
            .distinct()
            .values_list("key", flat=True)
        ],
        "talk": ["/talk/article/nmjl-6/", "/talk/tournament/harbour-lights-open-2027/"],
        "thread": [f"/talk/thread/{pk}/" for pk in Thread.objects.values_list("pk", flat=True)],
        "article-version": [f"/articles/{key}/version/1/" for key in articles[:3]],
        "version-short": [
            f"/t/{v.tournament.slug}/{v.number}/"
            for v in PublishedVersion.objects.in_force().filter(
                tournament__status=Tournament.Status.PUBLISHED
            )
        ],
    }


# Every fold a reader may open is opened (a folded check's verdicts are a click away, so they
# must be plain too); only the folds for scenario authors stay closed.
CLOSED_TEXT = """() => {
  for (const d of document.querySelectorAll('details')) d.open = !d.matches('.for-authors');
  return document.body.innerText;
}"""


def a_card_entered_on_the_site():
    """The seed content has no card entered on the site: enter a public one, from a shipped
    card's file, so the card page is walked too."""
    import json

    from mahjong_rules.engine.nmjl.cards.shipped import DATA

    from tournaments.models import Card

    data = json.loads(sorted(DATA.glob("*.json"))[0].read_text())
    data["name"] = "A card entered on the site"
    Card.objects.create(name=data["name"], text=json.dumps(data))


def a_talk_thread():
    """The seed content has no discussion: start one on Article 6, so a thread is walked."""
    from django.contrib.auth.models import User

    from articles.models import Article
    from community.talk import start_thread

    author = User.objects.create_user("talker", password="pw-for-tests-only")
    start_thread(
        author,
        "Does a joker exchange lock the exposure?",
        "Since the 2025 Bulletin it does, as the ruling says.",
        article=Article.objects.get(key="nmjl-6"),
    )


def a_published_case():
    """The seed content has no decided case: publish one, so a case's page is walked too."""
    from articles.models import Ruling
    from casebook.models import Case
    from tournaments.models import Tournament

    ruling = Ruling.objects.get(slug="give-back-a-racked-call")
    Case.objects.create(
        tournament=Tournament.objects.get(slug="harbour-lights-open-2027"),
        ruleset=ruling.article.ruleset,
        ruling=ruling,
        title="A racked call given back",
        what_happened="A player racked a called tile, then wanted to give it back.",
        ruling_given="She must use it.",
        reasoning="A call racked is a tile taken.",
        status=Case.Status.PUBLISHED,
    )


def test_no_page_a_reader_can_open_shows_an_engine_identifier(page, seeded_server):
    a_card_entered_on_the_site()
    a_published_case()
    a_talk_thread()
    patterns = engine_patterns()
    urls = instances()
    routes = reader_patterns()
    unplaced = [
        (route, name)
        for route, name in routes
        if not NOT_FOR_READERS.search(name) and name not in urls
    ]
    assert not unplaced, f"say whether these are reader pages, and with what: {unplaced}"
    visited, found = 0, []
    for name, addresses in urls.items():
        assert addresses, f"nothing stored to open {name} with"
        for address in addresses:
            response = page.goto(seeded_server + address)
            assert response.status in (200, 404), (address, response.status)
            visited += 1
            text = page.evaluate(CLOSED_TEXT)
            for pattern in patterns:
                for match in pattern.finditer(text):
                    start = max(0, match.start() - 60)
                    found.append(f"{address}: …{text[start : match.end() + 40]!r}")
    assert not found, f"{len(found)} engine words where readers look:\n" + "\n".join(found[:60])
    # Every address was visited: each stored article, scenario, source year, tile, card and
    # published tournament, and the lists (over a hundred on the seed content).
    assert visited == sum(len(addresses) for addresses in urls.values())
    assert visited >= 100, visited


# A director writing a house rule: finding the ruling, "How does your tournament rule it?" for
# rulings that readings change (and one none does), a rule that changes no ruling, editing each
# of the tournament's rules, the desk and publishing. Neither an option's key nor a reading's
# name is on them for a director who is not an editor (editors have a fold for authors).
DIRECTOR_RULINGS = [
    "return-a-call-not-yet-racked",
    "joker-exchange-ends-the-change-window",
    "two-joker-exchanges-in-the-same-turn",
    "courtesy-pass-after-a-stopped-charleston",
    "no-declaring-her-own-hand-dead",
]


def test_no_page_a_director_writes_house_rules_on_shows_an_engine_identifier(page, seeded_server):
    from django.contrib.auth.models import Group, User
    from django.test import Client

    from tournaments.models import Tournament

    tournament = Tournament.objects.get(slug="harbour-lights-open-2027")
    director = User.objects.create_user("walking-td", password="pw-for-tests-only")
    director.groups.add(Group.objects.get_or_create(name="Tournament directors")[0])
    tournament.directors.add(director)
    client = Client()
    client.force_login(director)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": seeded_server}]
    )
    base = f"/tournaments/{tournament.slug}"
    addresses = [
        f"{base}/edit/",
        f"{base}/publish/",
        f"{base}/rules/new/",
        f"{base}/rules/new/?q=joker+exchange",
        f"{base}/rules/new/?plain=1",
        *(f"{base}/rules/new/?ruling={slug}" for slug in DIRECTOR_RULINGS),
        *(f"{base}/rules/{pk}/" for pk in tournament.house_rules.values_list("pk", flat=True)),
    ]
    patterns = [*engine_patterns(), reading_names()]
    found = []
    for address in addresses:
        response = page.goto(seeded_server + address)
        assert response.status == 200, address
        text = page.evaluate(CLOSED_TEXT)
        found += [f"{address}: {m.group(0)}" for p in patterns for m in p.finditer(text)]
    assert found == [], "\n".join(found)
