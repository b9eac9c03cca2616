"""A tournament's history on the site: its details and its house rules, as one timeline.

A tournament's working copy is two kinds of row, each with its own history: the tournament
(details and base rules) and its house rules. Their entries, with each publish and
withdrawal, are merged by time into one list of versions: version n is the working copy just
after the n-th event. Two versions compare as texts (details, base rules, the numbered house
rules); restoring one saves those values into the working copy as new history entries, so
history is never rewritten and players still read the published version until a publish.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils.translation import get_language_info, gettext

from articles.models import Article, RuleSet
from versions.recent import did
from versions.records import Records, Restored
from versions.timeline import Compared, Version, compared, person

from .cards import name_shown_to
from .models import HouseRule, Tournament
from .versions import unpublished_changes

# The details a restore brings back; the address (slug) stays, and publishing is its own act.
DETAIL_FIELDS = (
    "name",
    "starts_on",
    "ends_on",
    "rules_as_of",
    "place",
    "ruleset_id",
    "base_rules",
    "card_name",
    "language",
)
RULE_FIELDS = ("option", "value", "text", "departs_from_id", "position")
DETAIL_LABELS = {
    "name": "name",
    "starts_on": "first day",
    "ends_on": "last day",
    "rules_as_of": "League rules as of",
    "place": "place",
    "ruleset_id": "rule set",
    "base_rules": "base rules",
    "card_name": "card",
    "language": "language",
    "status": "status",
}
EXCERPT = 60


@dataclass
class Event:
    """One change in the timeline: a history entry of either table, a publish or a withdrawal."""

    date: datetime
    user: object
    what: str
    summary: str = ""
    details: object = None  # a tournament history entry
    rule: object = None  # a house rule history entry
    public: bool = False  # a publish or a withdrawal: what players read changed here


@dataclass
class State:
    """The working copy at one moment: the details and the house rules by id."""

    details: dict = field(default_factory=dict)
    rules: dict = field(default_factory=dict)  # house rule id -> {field: value}


def _values(row, names) -> dict:
    return {name: getattr(row, name) for name in names}


def _excerpt(text) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


def _details_what(record, previous) -> str:
    if record.history_type == "+":
        return "tournament created"
    if record.history_type == "-":
        return "tournament deleted"
    names = DETAIL_FIELDS + ("status",)
    changed = [n for n in names if previous is None or getattr(previous, n) != getattr(record, n)]
    if not changed:
        return "details saved, nothing changed"
    if changed == ["status"]:
        return f"now {record.get_status_display().lower()}"
    return "changed " + ", ".join(DETAIL_LABELS[n] for n in changed)


RULE_VERBS = ("house rule added", "house rule changed", "house rule removed")


def events_of(tournament) -> list[Event]:
    """Every change to the tournament and its house rules, oldest first (three queries)."""
    details = tournament.history.select_related("history_user").order_by("history_id")
    rules = (
        HouseRule.history.filter(tournament_id=tournament.pk)
        .select_related("history_user")
        .order_by("history_id")
    )
    versions = tournament.versions.select_related("published_by", "withdrawn_by")
    keyed = []  # (date, tie-break, event): entries in the order they were written

    def saved(record, order, what, **part):
        reason = record.history_change_reason or ""
        event = Event(record.history_date, record.history_user, what, reason, **part)
        keyed.append((record.history_date, order, record.history_id, event))

    previous = None
    for record in details:
        saved(record, 0, _details_what(record, previous), details=record)
        previous = record
    for record in rules:
        saved(record, 1, f"{did(record, RULE_VERBS)}: “{_excerpt(record.text)}”", rule=record)
    for version in versions:
        # Versions published before the time was kept have only a date: the tournament page
        # lists them; here they would sort before the entries they froze.
        if version.published_at is not None:
            what = f"published version {version.number}"
            keyed.append(
                (
                    version.published_at,
                    2,
                    version.number,
                    Event(version.published_at, version.published_by, what, public=True),
                )
            )
        if version.withdrawn_at is not None:
            event = Event(
                version.withdrawn_at,
                version.withdrawn_by,
                f"withdrew version {version.number}",
                version.withdrawal_reason,
                public=True,
            )
            keyed.append((version.withdrawn_at, 3, version.number, event))
    keyed.sort(key=lambda item: item[:3])
    return [event for *_, event in keyed]


def shown_to(events, reads_working_copy: bool) -> list[Event]:
    """The events someone may read. The working copy after the newest publish or withdrawal is
    a draft of the next version: its directors' (and staff's) alone, as a draft tournament is,
    so anyone else reads the history up to what players read. The numbers stay the same."""
    if reads_working_copy:
        return events
    last = max((number for number, event in enumerate(events, 1) if event.public), default=0)
    return events[:last]


def state_after(events, number) -> State:
    """The working copy just after the number-th event."""
    state = State()
    for event in events[:number]:
        if event.details is not None:
            state.details = _values(event.details, DETAIL_FIELDS)
        elif event.rule is not None:
            if event.rule.history_type == "-":
                state.rules.pop(event.rule.id, None)
            else:
                state.rules[event.rule.id] = _values(event.rule, RULE_FIELDS)
    return state


def state_now(tournament) -> State:
    rules = {rule.pk: _values(rule, RULE_FIELDS) for rule in tournament.house_rules.all()}
    return State(_values(tournament, DETAIL_FIELDS), rules)


def _in_order(state: State) -> list[dict]:
    return sorted(state.rules.values(), key=lambda r: (r["position"], r["text"]))


class _Names:
    """Rule sets and articles named in some states, fetched once, and card names as the
    reader may read them (a private card's name only by whoever may see the card)."""

    def __init__(self, user, *states):
        self.user = user
        rulesets = {s.details.get("ruleset_id") for s in states} - {None}
        articles = {r["departs_from_id"] for s in states for r in s.rules.values()} - {None}
        self.rulesets = RuleSet.objects.in_bulk(rulesets)
        self.articles = Article.objects.in_bulk(articles)

    def ruleset(self, pk):
        found = self.rulesets.get(pk)
        return str(found) if found else ("" if pk is None else f"#{pk} (deleted)")

    def card(self, name):
        return name_shown_to(self.user, name) if name else "—"

    def article(self, pk):
        found = self.articles.get(pk)
        return found.key if found else f"#{pk} (deleted)"


def _details_text(state: State, names: _Names) -> str:
    d = state.details
    if not d:
        return ""
    lines = [
        gettext("Name: %(value)s") % {"value": d["name"]},
        gettext("First day: %(value)s") % {"value": d["starts_on"] or "—"},
        gettext("Last day: %(value)s") % {"value": d["ends_on"] or "—"},
        gettext("League rules as of: %(value)s")
        % {"value": d.get("rules_as_of") or gettext("its first day")},
        gettext("Place: %(value)s") % {"value": d["place"] or "—"},
        gettext("Rule set: %(value)s") % {"value": names.ruleset(d["ruleset_id"])},
        gettext("Card: %(value)s") % {"value": names.card(d.get("card_name"))},
    ]
    if d.get("language", settings.LANGUAGE_CODE) != settings.LANGUAGE_CODE:
        language = get_language_info(d["language"])["name_local"]
        lines.append(gettext("Language: %(value)s") % {"value": language})
    return "\n".join(lines) + "\n"


def _rules_text(state: State, names: _Names) -> str:
    entries = []
    for number, rule in enumerate(_in_order(state), start=1):
        meta = []
        if rule["departs_from_id"]:
            meta.append(
                gettext("departs from %(article)s")
                % {"article": names.article(rule["departs_from_id"])}
            )
        if rule["option"]:
            meta.append(
                gettext("option %(name)s: %(value)s")
                % {"name": rule["option"], "value": rule["value"]}
            )
        else:
            meta.append(gettext("plain text"))
        entries.append(f"{number}. {rule['text'].strip()}\n({'; '.join(meta)})\n")
    return "\n".join(entries)


def parts_between(older: State, newer: State, user) -> list[Compared]:
    """The two versions' details, base rules and house rules, as `user` may read them."""
    names = _Names(user, older, newer)
    return [
        compared(gettext("Details"), _details_text(older, names), _details_text(newer, names)),
        compared(
            gettext("Base rules"),
            older.details.get("base_rules", ""),
            newer.details.get("base_rules", ""),
        ),
        compared(gettext("House rules"), _rules_text(older, names), _rules_text(newer, names)),
    ]


class Timeline(Records):
    """A tournament's versions for the history pages: the events of its two tables and its
    publishes, merged by time; restoring checks, under the lock publishing takes, that no
    event came since the page was shown."""

    def entries(self, entry, tournament):
        return events_of(tournament)

    def reads_working_copy(self, entry, tournament, user) -> bool:
        """Its directors and staff do; so does everyone while the working copy is what players
        read (a version imported with only its date has no publish in the timeline)."""
        return entry.may_restore(user, tournament) or not unpublished_changes(tournament)

    def rows(self, entry, tournament, events, user) -> dict[int, Version]:
        events = shown_to(events, self.reads_working_copy(entry, tournament, user))
        return {
            number: Version(
                number=number,
                date=event.date,
                who=person(event.user),
                what=event.what,
                summary=event.summary,
                restore_url=entry.reverse_restore(tournament, number),
            )
            for number, event in enumerate(events, start=1)
        }

    def state(self, entry, tournament, events, number, user):
        if number > len(shown_to(events, self.reads_working_copy(entry, tournament, user))):
            return None  # the working copy after the newest publish: its directors'
        return state_after(events, number)

    def now(self, entry, tournament):
        return state_now(tournament)

    def restore(self, entry, tournament, number, shown) -> Restored:
        with transaction.atomic():
            # The lock publishing takes: a restore and a publish never interleave.
            tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
            events = events_of(tournament)
            if shown != len(events):
                return Restored.STALE
            changed = _restore(tournament, state_after(events, number), number)
        return Restored.RESTORED if changed else Restored.UNCHANGED


def _restore(tournament, state: State, number: int) -> int:
    """Make the working copy what it was at version `number`; returns how many rows changed.

    Only rows that differ are saved, each with a summary naming the version, so each is one
    new history entry. A house rule removed since is made again under its old id, so its
    history reads on; the details' address and the published versions are left alone.
    Called under the tournament's row lock.
    """
    reason = f"Restored version {number} of the history"
    changed = 0
    details = dict(state.details)
    if details and not RuleSet.objects.filter(pk=details["ruleset_id"]).exists():
        details["ruleset_id"] = tournament.ruleset_id  # that rule set was deleted since
    if details and _values(tournament, DETAIL_FIELDS) != details:
        for name, value in details.items():
            setattr(tournament, name, value)
        tournament._change_reason = reason
        tournament.save()
        changed += 1
    current = {rule.pk: rule for rule in tournament.house_rules.all()}
    for pk, rule in current.items():
        if pk not in state.rules:
            rule._change_reason = reason
            rule.delete()
            changed += 1
    for pk, values in state.rules.items():
        rule = current.get(pk)
        if rule is None:
            taken = HouseRule.objects.filter(pk=pk).exists()
            rule = (
                HouseRule(tournament=tournament)
                if taken
                else HouseRule(pk=pk, tournament=tournament)
            )
        elif _values(rule, RULE_FIELDS) == values:
            continue
        if (
            values["departs_from_id"]
            and not Article.objects.filter(pk=values["departs_from_id"]).exists()
        ):
            values = {**values, "departs_from_id": None}  # the article was deleted since
        for name, value in values.items():
            setattr(rule, name, value)
        rule._change_reason = reason
        rule.save()
        changed += 1
    return changed
