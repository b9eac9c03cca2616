"""Every versioned model, a restore and a save raced from the same version on two servers.

One person confirms restoring the version before the latest while another saves an edit
they opened from the same version, at the same moment, round after round. Whatever the
order the database puts them in, an edit the site called saved is in what is stored (the
restore, checked under the row lock, was refused as stale, or the save merged over it or
met a conflict), and each acknowledged restore or save is one new version. Parametrised
over the registry: a model declared with `versions.register` and given no case here fails
`test_every_versioned_model_is_raced`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import timezone

import versions
from appeals.models import Appeal, AppealRules, Round
from articles.models import Article, Commentary, Question, RuleSet, Ruling, Source, Term
from articles.wiki.kinds import KINDS
from casebook.models import Case as DecidedCase
from event.models import Infraction, InvolvedPlayer, Player, Seat
from rulings.models import Scenario
from tests.racing import ACTION, REQUEST_TIMEOUT, NoForm, add_to_field, messages_in
from tests.tournaments.card_factories import card_text
from tests.tournaments.tournament_factories import td, tournament
from tests.versioned_app.models import Note
from toolkit.models import LoggedRuling, PickerChoice
from tournaments.models import Card
from translations.models import Translation
from translations.units import units_of
from versions.registry import entry_for

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 3
CARD_NAME = re.compile(r'"name": "Race Card[^"]*"')
FEATURE = """Feature: Calling a discard
  Scenario: A pair lets you call
    Given West has discarded 3B
    And South holds 3B 3B
    When South calls the discard
    Then that is allowed
"""


@dataclass(frozen=True)
class Case:
    """How to make one model's thing with two versions, and edit it through its form."""

    make: Callable[[], tuple[object, list]]  # the thing, and two people who may do both
    edit_url: Callable[[object], str]
    field: str  # the text field the edit appends its marker to
    having: str = "base_version"  # the edit form's starting-version field
    extra: dict | None = None


def _editors():
    group = Group.objects.get_or_create(name="Editors")[0]
    people = [User.objects.create_user(f"editor{n}") for n in range(2)]
    for person in people:
        person.groups.add(group)
    return people


def _scenario():
    scenario = Scenario.objects.create(slug="calling", title="Calling a discard", text=FEATURE)
    scenario.text = FEATURE + "  # Seen at the Harbour Lights\n"
    scenario.save()
    return scenario, _editors()


def _tournament():
    directors = [td(f"director{n}") for n in range(2)]
    event = tournament("harbour-open", directors=directors, base_rules="NMJL rules.")
    event.base_rules = "NMJL rules, as published."
    event.save()
    return event, directors


def _card():
    directors = [td(f"keeper{n}") for n in range(2)]
    event = tournament("card-open", directors=directors)
    record = Card.objects.create(name="Race Card", text=card_text("Race Card"), owner=event)
    record.text = card_text("Race Card", note="Second")
    record.save()
    return record, directors


def _logged_ruling():
    directors = [td(f"director{n}") for n in range(2)]
    event = tournament("log-open", directors=directors)
    entry = LoggedRuling.objects.create(
        tournament=event, what_happened="North called 7D.", outcome="The call stands."
    )
    entry.what_happened = "North called 7D late."
    entry.save()
    return entry, directors


def _event_player():
    """A player of a tournament two directors run, renamed once (two versions)."""
    directors = [td(f"event-director{n}") for n in range(2)]
    event = tournament("event-open", directors=directors)
    player = Player.objects.create(tournament=event, name="Ann Lee")
    player.name = "Ann Lee-Park"
    player.save()
    return player, directors


def _event_seat():
    player, directors = _event_player()
    seat = Seat.objects.create(player=player, round=1, table="4", seat="East")
    seat.table = "4A"
    seat.save()
    return seat, directors


def _event_infraction():
    directors = [td(f"schedule-director{n}") for n in range(2)]
    event = tournament("schedule-open", directors=directors)
    made = Infraction.objects.create(tournament=event, name="misnamed discard", points=25)
    made.description = "Naming one tile and discarding another."
    made.save()
    return made, directors


def _event_penalty():
    player, directors = _event_player()
    entry = LoggedRuling.objects.create(
        tournament=player.tournament, what_happened="Misnamed.", outcome="Penalty."
    )
    infraction = Infraction.objects.create(tournament=player.tournament, name="peek", points=10)
    penalty = InvolvedPlayer.objects.create(
        entry=entry, player=player, infraction=infraction, offence=1, suggested_points=10,
        points=5, reason="A first peek, seen by the TD.",
    )  # fmt: skip
    penalty.reason = "A first peek, seen by the TD, and owned up to."
    penalty.save()
    return penalty, directors


def _appeal():
    """An appeal of a ruling logged just now (inside the deadline), restated once."""
    entry, directors = _logged_ruling()
    appeal = Appeal.objects.create(
        logged_ruling=entry, appellant="Ann Lee", appellant_statement="The call was late."
    )
    appeal.appellant_statement = "The call was late: North had drawn."
    appeal.save()
    return appeal, directors


def _appeal_rules():
    directors = [td(f"rules-director{n}") for n in range(2)]
    event = tournament("rules-open", directors=directors)
    rules = AppealRules.objects.create(tournament=event, how_to_appeal="To the head TD.")
    rules.how_to_appeal = "To the head TD, in writing."
    rules.save()
    return rules, directors


def _round():
    """A round ended, its note added; a director restores, the head TD edits (only they may)."""
    director, head = td("round-director"), td("round-head")
    event = tournament("round-open", directors=[director, head])
    AppealRules.objects.create(tournament=event, head_td=head)
    ended = Round.objects.create(tournament=event, number=1, ended_at=timezone.now())
    ended.note = "Ended late"
    ended.save()
    return ended, [director, head]


def _decided_case():
    """A case from a logged ruling, its reasoning edited by two reviewers (editors who do not
    direct its tournament)."""
    entry, _ = _logged_ruling()
    case = DecidedCase.objects.create(
        logged_ruling=entry,
        tournament=entry.tournament,
        ruleset=entry.tournament.ruleset,
        title="A late call",
        what_happened="A player called a discard after the next draw.",
        ruling_given="The call was refused.",
        reasoning="The window had closed.",
    )
    case.reasoning = "The window had closed with the next draw."
    case.save()
    return case, _editors()


def _edit_page(obj):
    """An event thing's edit page, from its declaration (its tournament's slug and its id)."""
    return entry_for(type(obj)).reverse("edit", obj)


def _picker_choice():
    choice = PickerChoice.objects.create(key="race", label="A call", next_question="When?")
    choice.label = "A call of a discard"
    choice.save()
    return choice, _editors()


def _translation():
    ruleset = RuleSet.objects.get_or_create(key="matjok", defaults={"name": "Matjok"})[0]
    article = Article.objects.create(
        ruleset=ruleset, key="matjok-race", title="Claiming", body="Tjok comes first."
    )
    unit = units_of(article, "body").get()
    made = Translation.objects.create(
        unit=unit, language="nl", text="Tjok gaat voor.", source_text=unit.text
    )
    made.text = "Tjok gaat altijd voor."
    made.save()
    return made, _editors()


def _wiki(make, field):
    """A wiki part made by `make(article)`, given a second version of `field`."""

    def made():
        ruleset = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]
        article = Article.objects.create(
            ruleset=ruleset, key="nmjl-6", number="6", title="Changing an exposure", body="Once."
        )
        part = make(article)
        setattr(part, field, getattr(part, field) + " Revised.")
        part.save()
        return part, _editors()

    return made


def _wiki_case(name, make, field):
    kind = KINDS[name]
    return Case(
        _wiki(make, field),
        lambda obj: reverse(
            f"articles:{name}-edit", kwargs={kind.lookup: getattr(obj, kind.lookup)}
        ),
        field,
    )


def _card_note(fields, marker):
    """The card renamed after the marker (its name is in its file; it stays a card)."""
    fields["text"] = CARD_NAME.sub(f'"name": "Race Card {marker}"', fields["text"], count=1)
    return fields


CASES = {
    "rulings.scenario": Case(
        _scenario,
        lambda s: reverse("rulings:scenario-edit", args=[s.slug]),
        "text",
        having="base_history_id",
        extra={"action": "save", "summary": "raced"},
    ),
    "tournaments.tournament": Case(
        _tournament, lambda t: reverse("tournaments:tournament-edit", args=[t.slug]), "base_rules"
    ),
    "tournaments.card": Case(_card, lambda c: reverse("cards:card-edit", args=[c.pk]), "text"),
    "toolkit.loggedruling": Case(
        _logged_ruling,
        lambda e: reverse("toolkit:log-edit", args=[e.tournament.slug, e.pk]),
        "what_happened",
    ),
    "toolkit.pickerchoice": Case(
        _picker_choice, lambda c: reverse("toolkit:picker-edit", args=[c.key]), "label"
    ),
    "translations.translation": Case(
        _translation, lambda t: reverse("translations:translation-edit", args=[t.pk]), "text"
    ),
    "appeals.appeal": Case(_appeal, _edit_page, "appellant_statement"),
    "appeals.appealrules": Case(_appeal_rules, _edit_page, "how_to_appeal"),
    "appeals.round": Case(_round, _edit_page, "note"),
    "casebook.case": Case(_decided_case, _edit_page, "reasoning"),
    "event.player": Case(_event_player, _edit_page, "name"),
    "event.seat": Case(_event_seat, _edit_page, "table"),
    "event.infraction": Case(_event_infraction, _edit_page, "description"),
    "event.involvedplayer": Case(_event_penalty, _edit_page, "reason"),
}
CASES |= {
    "articles.article": _wiki_case("article", lambda article: article, "body"),
    "articles.commentary": _wiki_case(
        "commentary", lambda a: Commentary.objects.create(article=a, body="Racked."), "body"
    ),
    "articles.question": _wiki_case(
        "question",
        lambda a: Question.objects.create(article=a, question="Back?", answer="Yes."),
        "answer",
    ),
    "articles.citation": _wiki_case(
        "citation",
        lambda a: a.citations.create(
            source=Source.objects.create(
                key="bulletin-2025", publication="nmjl-bulletin", year=2025
            ),
            locator="page 5",
            quote="Once racked.",
        ),
        "quote",
    ),
    "articles.ruling": _wiki_case(
        "ruling",
        lambda a: Ruling.objects.create(
            article=a, slug="give-back", question="Back?", answer="No.", reason="Racked."
        ),
        "reason",
    ),
    "articles.term": _wiki_case(
        "term",
        lambda a: Term.objects.create(slug="exposure", term="Exposure", definition="Tiles shown."),
        "definition",
    ),
}


def _note():
    note = Note.objects.create(title="A note", body="Written once.")
    note.body = "Written once, then again."
    note.save()
    return note, _editors()


# The throwaway model of tests/versioned_app: raced from its one declaration alone.
CASES["versioned_app.note"] = Case(_note, lambda n: reverse("notes:note-edit", args=[n.pk]), "body")
EDITS = {
    "tournaments.card": _card_note,
    # One-line fields: the marker goes on the end of the line (a table is the marker itself:
    # three markers would not fit its 20 characters).
    "event.player": add_to_field("name"),
    "event.seat": lambda fields, marker: {**fields, "table": marker},
    "appeals.round": add_to_field("note"),
}


def test_every_versioned_model_is_raced():
    assert {entry.key for entry in versions.registered()} == set(CASES)


def _marked(fields, case, key, marker):
    if key in EDITS:
        return EDITS[key](fields, marker)
    if case.field == "label":
        return add_to_field("label")(fields, marker)
    fields[case.field] = fields[case.field].rstrip("\n") + f" {marker}\n"
    return fields


@pytest.mark.parametrize("key", sorted(CASES))
def test_a_restore_and_a_save_from_the_same_version_never_lose_the_save(race_servers, key):
    case = CASES[key]
    entry = next(e for e in versions.registered() if e.key == key)
    thing, (restorer, editor) = case.make()
    restoring, editing = race_servers.browsers([restorer, editor])
    edit_url = case.edit_url(thing)
    acknowledged, lost, errors = 0, [], []
    count = len(entry.history.entries(entry, thing))

    with race_servers.sharing():
        for number in range(ROUNDS):
            marker = f"raced-{number}"
            restore_url = entry.reverse_restore(thing, count - 1)
            shown = restoring.form(restore_url, "latest")
            form = editing.form(edit_url, case.having)
            answers = _at_once(
                restore=(restoring, shown, restore_url),
                save=(
                    editing,
                    {**_marked(form, case, key, marker), **(case.extra or {})},
                    edit_url,
                ),
            )
            landed = {
                name: _landed(browser, answers[name])
                for name, browser in (("restore", restoring), ("save", editing))
            }
            if any(told is None for told in landed.values()):
                errors.append((number, {n: (a.status, a.text[:500]) for n, a in answers.items()}))
                continue
            acknowledged += sum(landed.values())
            count += sum(landed.values())
            if landed["save"]:
                try:
                    now = editing.form(edit_url, case.having)[case.field]
                except NoForm:
                    now = ""
                if marker not in now:
                    lost.append(marker)

    assert errors == []
    assert lost == []  # no save the site acknowledged was undone by the restore
    assert acknowledged >= ROUNDS  # each round, at least one of the two landed
    assert len(entry.history.entries(entry, entry.model.objects.get(pk=thing.pk))) == count


def _at_once(**posts):
    """Post each (browser, fields, page) at the same moment; their answers by name."""
    answers, together = {}, threading.Barrier(len(posts), timeout=REQUEST_TIMEOUT)

    def post(name, browser, fields, page):
        together.wait()
        target = fields.pop(ACTION) or page
        answers[name] = browser.request(target, fields)

    threads = [threading.Thread(target=post, args=(name, *args)) for name, args in posts.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def _landed(browser, answer) -> bool | None:
    """True: it landed (redirected, told it was saved or restored); False: refused as stale
    or a conflict, nothing saved (409); None: anything else, which the test reports."""
    if answer.status == 409:
        return False
    if answer.status != 302:
        return None
    told = messages_in(browser.request(answer.location).text)
    # A scenario saved as a draft is saved too: the site says so with a warning.
    return any(level == "success" or text.startswith("Saved") for level, text in told) or None
