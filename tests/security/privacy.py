"""The privacy walk's world: a marker planted at once in every private kind, the people who
look, and the walk itself (a report of who saw which marker where).

A marker is `zqNNmk`; beside each sits its search word `vqNNwd` (a results page rightly
repeats what was typed, so search is asked for the word and must not answer with the marker).
"""

import re
from dataclasses import dataclass, field

from django.core import mail
from django.core.cache import cache
from django.test import Client

import versions
from appeals.models import Appeal, AppealRules, Round
from articles.models import Article, Citation, Commentary, Question, Ruling, Source
from casebook.models import Case
from community.models import Watch
from community.talk import post_reply, set_hidden, start_thread
from event.models import Infraction, Player, Seat
from event.penalties import charge
from rulings.models import Scenario
from tests.security.walking import EXEMPT, addresses, body_of, unplaced
from tests.seeding import seed
from tests.tournaments.card_factories import card
from tests.tournaments.tournament_factories import editor, house_rule, td, tournament, user
from toolkit.models import LoggedRuling
from toolkit.offline import offline_pages
from tournaments import history as timeline
from tournaments.models import Tournament
from tournaments.versions import publish
from translations.models import Translation
from versions.saving import latest_version

# Every private kind, with the roles that may see it besides its keepers (staff may see
# everything): the registry's, each declared with its model (`private=` in `<app>/versioned.py`),
# then by hand the private things that are no versioned model. A kind declared without a
# marker planted in `plant` fails the walk.
REGISTERED_KINDS = {
    kind: set(roles) for entry in versions.registered() for kind, roles in entry.private.items()
}
NOT_VERSIONED_KINDS = {
    # A hidden talk reply: those who may hide it (editors; the tournament's directors).
    "hidden reply": {"editor"},
    # A user's e-mail address: the user and staff.
    "e-mail": set(),
}
PRIVATE_KINDS = {**REGISTERED_KINDS, **NOT_VERSIONED_KINDS}
ROLES = ["anonymous", "reader", "editor", "director", "staff"]

# A ruling on an article the walk reads, answered by the walk's unpublished house rules.
WALKED_RULING = "give-back-a-racked-call"
MARKER = re.compile(r"zq(\d\d)mk", re.IGNORECASE)


@dataclass
class World:
    """What `plant` made: the markers (number → kind), people by role, the objects."""

    kinds: dict = field(default_factory=dict)
    people: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    objects: dict = field(default_factory=dict)

    def mark(self, kind, where):
        """A new marker for `kind` (`where` says which field, for the report)."""
        assert kind in PRIVATE_KINDS, kind
        number = len(self.kinds) + 1
        self.kinds[f"{number:02d}"] = (kind, where)
        return f"zq{number:02d}mk vq{number:02d}wd"

    def words(self):
        """One search word for each private kind (its first marker's)."""
        first = {}
        for number, (kind, _) in self.kinds.items():
            first.setdefault(kind, f"vq{number}wd")
        return list(first.values())


def plant() -> World:
    """The seed content, then one marker in every private field, all at once."""
    seed()
    world = World()
    mark = world.mark
    reader = user("walk-reader", email="reader@example.org")
    world.people = {
        "anonymous": None,
        "reader": reader,
        "editor": editor("walk-editor"),
        "director": td("walk-director"),
        "staff": user("walk-staff", is_staff=True),
    }
    keeper = td("walk-keeper")  # directs B and C: the positive side
    world.objects["keeper"] = keeper
    home = Tournament.objects.get(slug="harbour-lights-open-2027")
    home.directors.add(world.people["director"])

    # B: published, its card private, its log full, a house rule added since publishing.
    b = tournament("walk-open", status=Tournament.Status.DRAFT, directors=[keeper])
    house_rule(b, "Calls are made aloud.")
    publish(b, keeper)
    secret = card(
        f"Walk Card {mark('private card', 'name')}",
        owner=b,
        private=True,
        section=f"Year {mark('private card', 'section in the file')}",
        line_note=mark("private card", "line note in the file"),
    )
    b.refresh_from_db()  # publishing saved it
    b.card_name = secret.name
    b.save()
    unpublished = house_rule(b, f"Unpublished {mark('working copy', 'house rule')}")
    # Linked to a ruling it would answer: an unpublished answer shows on no ruling.
    unpublished.ruling = Ruling.objects.get(slug=WALKED_RULING)
    unpublished.ruling_verdict = "dead"
    unpublished.save()
    entry = LoggedRuling.objects.create(
        tournament=b,
        table=mark("log entry", "table")[:6],
        round=1,  # a number, no marker: a case never copies it, text naming it is anonymised
        players=mark("log entry", "players"),
        what_happened=mark("log entry", "what happened"),
        outcome=mark("log entry", "outcome"),
        penalty=mark("log entry", "penalty"),
        appeal=mark("log entry", "appeal"),
        appeal_result=mark("log entry", "appeal result"),
        article=Article.objects.get(key="nmjl-6"),
        recorded_by=keeper,
    )
    # The entry's appeal (who appealed, both statements, the reason), decided by the keeper,
    # B's head TD, after round 1 ended; and a case proposed from it, not yet published.
    AppealRules.objects.create(tournament=b, head_td=keeper)
    ended = Round.objects.create(tournament=b, number=1, ended_at=entry.ruled_at)
    appeal = Appeal.objects.create(
        logged_ruling=entry,
        appellant=mark("appeal", "appellant"),
        appellant_statement=mark("statement", "the appellant's"),
        other_statement=mark("statement", "the other side's"),
        decision=Appeal.Decision.UPHELD,
        reason=mark("appeal", "reason"),
        decided_by=keeper,
        decided_at=entry.ruled_at,
    )
    proposal = Case.objects.create(
        logged_ruling=entry,
        tournament=b,
        ruleset=b.ruleset,
        title=mark("case proposal", "title"),
        what_happened=mark("case proposal", "what happened"),
        ruling_given=mark("case proposal", "the ruling"),
        reasoning=mark("case proposal", "reasoning"),
        proposed_by=keeper,
    )
    # B's players: one seated, named in the log entry with a penalty and a deviation's reason.
    player = Player.objects.create(tournament=b, name=mark("player", "name"))
    seated = Seat.objects.create(player=player, round=1, table=mark("player", "table")[:6])
    misnamed = Infraction.objects.create(tournament=b, name="misnamed discard", points=25)
    named = charge(entry, player, misnamed, points=10, reason=mark("penalty reason", "reason"))

    # C: a draft tournament, with a log entry of its own (its log pages exist).
    c = tournament(
        "walk-draft",
        name=f"Draft {mark('draft tournament', 'name')}",
        place=mark("draft tournament", "place"),
        base_rules=mark("draft tournament", "base rules"),
        directors=[keeper],
    )
    drafted = house_rule(c, mark("draft tournament", "house rule"))
    drafted.ruling = Ruling.objects.get(slug=WALKED_RULING)
    drafted.ruling_verdict = "not_allowed"
    drafted.save()
    draft_entry = LoggedRuling.objects.create(
        tournament=c, what_happened="A call.", outcome="Allowed.", recorded_by=keeper
    )

    # A scenario readers read, saved since as a draft (title and a step that does not run).
    Watch.objects.create(user=reader, scenario=Scenario.objects.get(slug="calling"))
    Watch.objects.create(user=reader, tournament=b)
    Watch.objects.create(user=reader, article=Article.objects.get(key="nmjl-calling"))
    scenario = Scenario.objects.get(slug="calling")
    scenario.title = mark("draft scenario", "title")
    scenario.text += f"\n    And {mark('draft scenario', 'text')}\n"
    scenario._history_user = world.people["editor"]
    scenario.save()
    assert Scenario.objects.get(pk=scenario.pk).is_draft

    # A talk reply an editor hid, by a user whose e-mail is a marker.
    talker = user("walk-talker", email=f"{mark('e-mail', 'address').split()[0]}@example.org")
    thread = start_thread(
        talker, "Walk thread", "Is it clear?", article=Article.objects.get(key="nmjl-205")
    )
    reply = post_reply(thread, talker, mark("hidden reply", "body"))
    set_hidden(reply, world.people["editor"], True, latest_version(reply))

    hidden = Article.objects.create(
        ruleset=home.ruleset,
        key="walk-unpublished",
        number="998",
        title=mark("unpublished article", "title"),
        summary=mark("unpublished article", "summary"),
        body=mark("unpublished article", "body"),
        is_published=False,
    )

    hidden_ruling = Ruling.objects.create(
        article=hidden,
        slug="walk-unpublished-ruling",
        question=mark("unpublished article", "ruling's question"),
        answer=mark("unpublished article", "ruling's answer"),
        reason=mark("unpublished article", "ruling's reason"),
    )

    world.objects.update(b=b, c=c, card=secret, entry=entry, thread=thread, reply=reply)
    world.objects.update(appeal=appeal, proposal=proposal, player=player, misnamed=misnamed)
    world.objects["mail"] = list(mail.outbox)  # pytest-django empties the outbox per test
    tournaments = [b.slug, c.slug]
    world.values = {
        ("tournaments/", "slug"): tournaments,
        ("t/", "slug"): tournaments,
        ("offline/", "slug"): tournaments,
        ("tournaments/<slug:slug>/log/", "pk"): [entry.pk, draft_entry.pk],
        ("tournaments/<slug:slug>/appeals/", "pk"): [appeal.pk],
        ("tournaments/<slug:slug>/rounds/", "round"): [ended.number],
        ("casebook/cases/", "pk"): [proposal.pk],
        ("casebook/", "ruleset"): ["nmjl"],
        ("api/v1/cases/", "pk"): [proposal.pk],
        ("tournaments/<slug:slug>/rules/", "pk"): [b.house_rules.order_by("-pk")[0].pk],
        ("tournaments/<slug:slug>/players/", "pk"): [player.pk],
        ("tournaments/<slug:slug>/seats/", "pk"): [seated.pk],
        ("tournaments/<slug:slug>/penalties/", "pk"): [misnamed.pk],
        ("tournaments/<slug:slug>/named/", "pk"): [named.pk],
        ("scenarios/", "slug"): ["calling"],
        ("scenarios/", "number"): [2],
        ("scenarios/", "key"): ["nmjl-calling", hidden.key],  # a check's drawing there
        ("articles/", "key"): ["nmjl-calling", hidden.key],
        ("api/v1/articles/", "key"): ["nmjl-calling", hidden.key],
        ("api/v1/rulings/", "slug"): [WALKED_RULING],
        ("api/v1/sources/", "key"): [Source.objects.order_by("pk")[0].key],
        ("api/v1/glossary/", "slug"): ["charleston"],
        ("api/v1/scenarios/", "slug"): ["calling"],
        ("api/v1/tournaments/", "slug"): tournaments,
        ("api/v1/questions/", "pk"): [Question.objects.order_by("pk")[0].pk],
        ("wanted/", "key"): [hidden.key],
        ("cards/", "pk"): [secret.pk],
        ("cards/", "slug"): ["practice-card-2027"],
        ("talk/thread/", "pk"): [thread.pk],
        ("talk/reply/", "pk"): [reply.pk],
        ("talk/", "kind"): ["article"],
        ("talk/", "key"): ["nmjl-205"],
        ("watch/", "kind"): ["scenario"],
        ("watch/", "key"): ["calling"],
        ("picker/", "key"): ["call"],
        ("translations/", "pk"): [Translation.objects.order_by("pk")[0].pk],
        ("translations/unit/", "unit"): [Translation.objects.order_by("pk")[0].unit_id],
        ("translations/unit/", "language"): ["nl"],
        ("terms/", "slug"): ["charleston"],
        ("rulings/", "slug"): ["give-back-a-racked-call", hidden_ruling.slug],
        ("tiles/", "code"): ["5D"],
        ("sources/", "publication"): ["nmjl-bulletin"],
        ("sources/", "year"): [1970],
        ("commentary/", "pk"): [Commentary.objects.order_by("pk")[0].pk],
        ("questions/", "pk"): [Question.objects.order_by("pk")[0].pk],
        ("citations/", "pk"): [Citation.objects.order_by("pk")[0].pk],
        "history_id": [1],
        "number": [1],
    }
    return world


def queries(world):
    """Query strings: compare pages get pairs of versions, searches get every marker's word."""
    found = {name: ["?from=1&to=2"] for name in _names() if name.endswith("compare")}
    last = len(timeline.events_of(world.objects["b"]))  # the card's name was set late
    found["tournaments:tournament-compare"] = ["?from=1&to=2", f"?from=1&to={last}"]
    card_name = world.objects["card"].name
    found["cards:hand"] = [f"?card={card_name}&tiles=5D+5D+5D+5C+5C&tournament=walk-open"]
    found["cards:hand-json"] = found["cards:hand"]
    found["cards:hand-card"] = found["cards:hand"]
    found["toolkit:log"] = ["", "?q=" + "+".join(world.words()[:3])]
    player, misnamed = world.objects["player"], world.objects["misnamed"]
    found["event:suggest"] = [f"?player={player.pk}&infraction={misnamed.pk}"]
    # A ruling answered under a tournament named in the address: never a draft's answer, nor
    # a published one's working copy.
    at = ["", "?tournament=walk-open", "?tournament=walk-draft"]
    for name in ("api:ruling-list", "api:ruling-detail", "articles:ruling", "articles:detail"):
        found[name] = at
    return found


def _names():
    from tests.security.walking import patterns

    return [name for name, _ in patterns()]


@dataclass
class Report:
    seen: set = field(default_factory=set)  # (role, where, kind, field)

    def read(self, world, role, where, text):
        for number in set(MARKER.findall(text)):
            kind, part = world.kinds.get(number, ("?", "?"))
            self.seen.add((role, where, kind, part))

    def leaks(self):
        """What a role saw that it may not."""
        return sorted(
            (role, where, kind, part)
            for role, where, kind, part in self.seen
            if role != "staff" and role not in PRIVATE_KINDS.get(kind, ())
        )


def client_of(person):
    client = Client()
    if person is not None:
        client.force_login(person)
    return client


def walk(world, exempt=EXEMPT, only=None) -> tuple[Report, dict, list]:
    """Every address as every role, then search, offline copies and the mail sent; `only`
    (pattern names) walks just those, for a test of the walk itself."""
    cache.clear()
    walked = addresses(world.values, queries(world))
    missing = unplaced(walked, exempt)
    if only is not None:
        walked = {name: urls for name, urls in walked.items() if name in only}
    report = Report()
    searches = [
        url
        for word in world.words()
        for url in (
            f"/search/?q={word}",
            f"/search/?q={word}&format=json",
            f"/api/v1/search/?q={word}",
        )
    ]
    for role in ROLES:
        client = client_of(world.people[role])
        for name, urls in walked.items():
            for url in urls:
                report.read(world, role, name, body_of(client.get(url)))
        for url in searches if only is None else []:
            report.read(world, role, "search", body_of(client.get(url)))
    if only is None:
        anonymous = Client()  # what the service worker saves: each page listed, no cookies
        for slug in ("walk-open", "harbour-lights-open-2027"):
            for url in offline_pages(Tournament.objects.get(slug=slug)):
                report.read(world, "anonymous", "offline copy", body_of(anonymous.get(url)))
        for message in world.objects["mail"]:  # every recipient is a reader watching
            text = message.subject + message.body
            text += "".join(str(content) for content, _ in getattr(message, "alternatives", []))
            report.read(world, "reader", "e-mail", text)
    return report, walked, missing
    anonymous = Client()  # what the service worker saves: each listed page, without cookies
    for slug in ("walk-open", "harbour-lights-open-2027"):
        for url in offline_pages(Tournament.objects.get(slug=slug)):
            report.read(world, "anonymous", "offline copy", body_of(anonymous.get(url)))
            report.requests += 1
    for message in world.objects["mail"]:  # every recipient is a reader watching
        text = message.subject + message.body
        text += "".join(str(content) for content, _ in getattr(message, "alternatives", []))
        report.read(world, "reader", "e-mail", text)
    return report, walked, missing
