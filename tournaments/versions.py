"""House rules as players read them: snapshots, published versions, what changed.

A tournament director edits a working copy of the house rules (HouseRule rows) and of the
penalty schedule (the event app's infractions, added to the snapshot by the `sheet_snapshot`
hook); publishing freezes both as a numbered, dated `PublishedVersion` whose snapshot is
plain JSON. Players read and print the latest version, and the scenario checks run under its
options. Comparing two snapshots says what changed between them.

A snapshot's penalties come in two forms: `penalties`, the schedule as a list (each with its
name, description, article, ruling, points and upgrade path), and, in versions published
before the schedule existed, house rules carrying `penalty_points`. Both are read (`Sheet.
penalties`), the old ones exactly as they were shown, numbered among the house rules.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from dataclasses import dataclass, field
from datetime import date

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import hooks
from articles.models import Article
from tournaments import as_of
from tournaments.models import HouseRule, PublishedVersion, Tournament
from tournaments.option_values import boolean, stored_value


def rule_entry(rule: HouseRule, number: int) -> dict:
    return {
        "number": number,
        "option": rule.option,
        "value": rule.value if rule.option else None,  # a reading's name (old ones: true/false)
        "text": rule.text,
        "departs_from": rule.departs_from.key if rule.departs_from_id else None,
        # Only a rule linked to a ruling names it: the ruling's slug and its answer.
        **(
            {"ruling": rule.ruling.slug, "ruling_verdict": rule.ruling_verdict}
            if rule.ruling_id
            else {}
        ),
    }


def snapshot_of(tournament: Tournament) -> dict:
    """The working copy as plain data, in the form a published version keeps: with the day
    whose League rulings it plays under (None: today's), so a published sheet keeps it."""
    rules = tournament.house_rules.select_related("departs_from", "ruling").order_by(
        "position", "pk"
    )
    day = tournament.league_date
    snapshot = {
        "base_rules": tournament.base_rules,
        "rules_as_of": day.isoformat() if day else None,
        "house_rules": [rule_entry(rule, number) for number, rule in enumerate(rules, start=1)],
    }
    # The apps above add theirs (the event: its penalty schedule, when it has one), so a
    # version keeps everything players read on the sheet.
    for part in hooks.get_hooks("sheet_snapshot"):
        snapshot.update(part(tournament))
    return snapshot


def options_in(snapshot: dict | None) -> dict[str, bool]:
    """The rule options a snapshot sets: {option name: value}; plain-text rules set none."""
    if not snapshot:
        return {}
    found = {}
    for entry in snapshot.get("house_rules", []):
        option = entry.get("option")
        value = boolean(option, entry.get("value")) if option else None
        if value is not None:
            found[option] = value
    return found


def rules_date_in(snapshot: dict, tournament: Tournament) -> date | None:
    """The League rules date a snapshot keeps; one published before dates were kept plays
    under its tournament's (by default its first day)."""
    if "rules_as_of" not in snapshot:
        return tournament.league_date
    value = snapshot.get("rules_as_of")
    try:
        return date.fromisoformat(value) if value else None
    except (TypeError, ValueError):
        return tournament.league_date


def as_snapshot(value) -> dict:
    """A snapshot read through a JSON subquery: decoded on PostgreSQL, maybe text elsewhere."""
    if isinstance(value, str):
        return json.loads(value)
    return value or {}


def latest_version(tournament: Tournament) -> PublishedVersion | None:
    """The version players read: the newest one not withdrawn."""
    return tournament.versions.in_force().order_by("-number").first()


def options_for(tournament: Tournament) -> dict[str, bool]:
    """The rule options the tournament sets, as {name: value} (only those it sets).

    For a published tournament these are the options of its latest version in force, which
    is what players read; a tournament with none (a draft) gives its working copy, so a
    director can see what a draft would change. Merge with the engine's defaults for a full
    set; a scenario's own `Given the house rule …` steps still take precedence.
    """
    version = latest_version(tournament)
    snapshot = version.snapshot if version is not None else snapshot_of(tournament)
    return options_in(snapshot)


def checked_options(tournament: Tournament) -> dict[str, bool]:
    """What its checks run under: `options_for`, on top of the League rules as of its date
    where they differ from today's."""
    version = latest_version(tournament)
    snapshot = version.snapshot if version is not None else snapshot_of(tournament)
    day = rules_date_in(snapshot, tournament)
    return as_of.with_house_rules(tournament.ruleset.key, day, options_in(snapshot))


# --- Sheets: a snapshot with its articles, ready for a page or JSON ---------------------------


@dataclass
class SheetRule:
    number: int
    option: str
    value: str | bool | None  # a reading's name (a version published before readings: on/off)
    text: str
    departs_from: str | None  # the article key (for a penalty, the article it applies to)
    article: Article | None = None
    # Set for a penalty in a version published before the schedule (a house rule with points).
    penalty_points: int | None = None
    ruling: str | None = None  # the slug of the ruling its author says it answers
    ruling_verdict: str = ""  # its answer there: "allowed", "not_allowed" or "dead"

    @property
    def reading(self) -> str:
        """The reading it chooses, by name ("on"/"off" for an option without readings)."""
        return stored_value(self.option, self.value) if self.option else ""

    @property
    def is_on(self) -> bool | None:
        return boolean(self.option, self.value) if self.option else None


NAME_LENGTH = 120  # an infraction's name (event.models.Infraction.name)


def penalty_name(text: str) -> str:
    """A penalty rule's first sentence, shortened: "Misnamed discard: 25 points." →
    "Misnamed discard" (the name its infraction was given: event migration 0002)."""
    first = " ".join(str(text).split()).split(". ")[0].split(":")[0].strip(" .")
    if len(first) > NAME_LENGTH:
        first = first[: NAME_LENGTH - 1].rstrip() + "…"
    return first or "Penalty"


def offence_points(line, nth: int) -> int | None:
    """What the nth offence by one player costs under a line of a penalty schedule (an
    infraction, or a published version's copy of it); None: the head TD decides. Left empty,
    a second offence costs what the first does, a third what the second does."""
    if nth <= 1:
        return line.points
    second = None if line.second_head_td_decides else (line.second_points or line.points)
    if nth == 2:
        return second
    if line.third_head_td_decides:
        return None
    return line.third_points if line.third_points is not None else second


def cost_words(points: int | None) -> str:
    """ "25 points", "1 point"; None: the head TD decides."""
    if points is None:
        return _("the head TD decides")
    return ngettext("%(count)s point", "%(count)s points", points) % {"count": points}


@dataclass
class SheetPenalty:
    """One line of a published penalty schedule, as the sheet and the ruling box show it.

    `number` is set only for a penalty of a version published before the schedule: a house
    rule with points, shown numbered among the house rules as it always was."""

    name: str
    text: str  # the situation, in full
    points: int
    departs_from: str | None = None  # the key of the article it applies to
    article: Article | None = None
    ruling: str | None = None  # the slug of the ruling it applies to
    second_points: int | None = None  # empty: as the first
    second_head_td_decides: bool = False
    third_points: int | None = None  # empty: as the second
    third_head_td_decides: bool = False
    number: int | None = None

    def points_for(self, nth: int) -> int | None:
        """What the nth offence costs (None: the head TD decides)."""
        return offence_points(self, nth)

    @property
    def upgrade_path(self) -> list[str]:
        """What a repeat costs, where it differs: ["second offence: 50 points", "third and
        later offences: the head TD decides"]; empty when every offence costs the same."""
        first, second, third = self.points, self.points_for(2), self.points_for(3)
        if second == third:
            if second == first:
                return []
            return [_("second and later offences: %(cost)s") % {"cost": cost_words(second)}]
        path = (
            []
            if second == first
            else [_("second offence: %(cost)s") % {"cost": cost_words(second)}]
        )
        return [*path, _("third and later offences: %(cost)s") % {"cost": cost_words(third)}]

    @property
    def upgrade_words(self) -> str:
        return "; ".join(self.upgrade_path)


def penalty_entry(entry: dict) -> dict:
    """A snapshot's penalty as plain data, every key present (what publishing compares)."""

    def number(name):
        value = entry.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    return {
        "name": str(entry.get("name") or ""),
        "description": str(entry.get("description") or ""),
        "article": entry.get("article") or None,
        "ruling": entry.get("ruling") or None,
        "points": number("points") or 0,
        "second_points": number("second_points"),
        "second_head_td_decides": bool(entry.get("second_head_td_decides")),
        "third_points": number("third_points"),
        "third_head_td_decides": bool(entry.get("third_head_td_decides")),
    }


def old_penalty_entry(rule: dict) -> dict:
    """A house rule with points (a version published before the schedule) as the penalty
    its migration made of it: each offence alike."""
    return penalty_entry(
        {
            "name": penalty_name(rule.get("text") or ""),
            "description": rule.get("text") or "",
            "article": rule.get("departs_from"),
            "ruling": rule.get("ruling"),
            "points": rule.get("penalty_points"),
        }
    )


def _sheet_penalty(entry: dict, articles) -> SheetPenalty:
    e = penalty_entry(entry)
    return SheetPenalty(
        name=e["name"],
        text=e["description"],
        points=e["points"],
        departs_from=e["article"],
        article=articles.get(e["article"]),
        ruling=e["ruling"],
        second_points=e["second_points"],
        second_head_td_decides=e["second_head_td_decides"],
        third_points=e["third_points"],
        third_head_td_decides=e["third_head_td_decides"],
    )


def _old_sheet_penalty(rule: SheetRule) -> SheetPenalty:
    return SheetPenalty(
        name="",
        text=rule.text,
        points=rule.penalty_points or 0,
        departs_from=rule.departs_from,
        article=rule.article,
        ruling=rule.ruling,
        number=rule.number,
    )


@dataclass
class Sheet:
    """A tournament's house rules as one version (or the unpublished working copy) has them."""

    tournament: Tournament
    base_rules: str
    rules: list[SheetRule]
    number: int | None = None  # None for the working copy
    published_on: date | None = None
    rules_as_of: date | None = None  # the League rulings it plays under (None: today's)
    schedule: list[SheetPenalty] = field(default_factory=list)  # its penalty schedule

    @property
    def options(self) -> dict[str, bool]:
        """The options its house rules set."""
        return {r.option: r.is_on for r in self.rules if r.option and r.is_on is not None}

    @property
    def checked_options(self) -> dict[str, bool]:
        """What its checks run under: its date's League rulings, its house rules on top."""
        ruleset = self.tournament.ruleset.key
        return as_of.with_house_rules(ruleset, self.rules_as_of, self.options)

    @property
    def date_notes(self) -> list[as_of.DateNote]:
        """Where its date gives a ruling other than today's League ruling."""
        return as_of.date_notes(self.tournament.ruleset.key, self.rules_as_of, self.options)

    @property
    def rules_but_penalties(self) -> list[SheetRule]:
        """The house rules the sheet lists in words (penalties have their own table)."""
        return [rule for rule in self.rules if rule.penalty_points is None]

    @property
    def penalties(self) -> list[SheetPenalty]:
        """The penalty schedule: its infractions, or, in a version published before the
        schedule, the house rules that cost points (numbered as they always were)."""
        old = [_old_sheet_penalty(rule) for rule in self.rules if rule.penalty_points is not None]
        return old + self.schedule

    @property
    def penalties_numbered(self) -> bool:
        """Its penalties are house rules with numbers (a version before the schedule)."""
        return any(penalty.number is not None for penalty in self.penalties)

    def penalties_for(self, article_key) -> list[SheetPenalty]:
        """The penalties that apply to one article (shown beside its ruling)."""
        return [p for p in self.penalties if p.departs_from == article_key]

    def penalty_for_ruling(self, slug) -> SheetPenalty | None:
        """The first penalty the schedule applies to one ruling."""
        return next((p for p in self.penalties if p.ruling == slug), None)

    @property
    def numbers_by_option(self) -> dict[str, int]:
        """Per option a house rule sets, that rule's number on the sheet."""
        return {r.option: r.number for r in self.rules if r.option}

    @property
    def as_of_words(self) -> str:
        """ "League rules as of 1 June 2024" when it plays under a date's rulings."""
        day = self.rules_as_of
        if not day:
            return ""
        return _("League rules as of %(day)s") % {"day": date_format(day, "j F Y")}

    def departing_from(self, article_key) -> list[SheetRule]:
        """Its house rules (option-valued or plain text) that say they depart from an article."""
        return [rule for rule in self.rules if rule.departs_from == article_key]

    def rules_for_options(self, names) -> list[SheetRule]:
        """The house rules that set these options (to name the cause of a difference)."""
        names = set(names)
        return [rule for rule in self.rules if rule.option in names]


def sheet_from_snapshot(
    tournament, snapshot, *, number=None, published_on=None, articles=None
) -> Sheet:
    """The one reading of a snapshot's dict: every page and answer reads the Sheet.

    `articles` ({key: Article}) names the articles the rules depart from; without it they
    are looked up (one query). Pass {} where only their keys are wanted."""
    entries = snapshot.get("house_rules", [])
    penalties = [e for e in snapshot.get("penalties") or [] if isinstance(e, dict)]
    if articles is None:
        keys = {e["departs_from"] for e in entries if e.get("departs_from")}
        keys |= {e["article"] for e in penalties if isinstance(e.get("article"), str)}
        articles = Article.objects.in_bulk(keys, field_name="key") if keys else {}
    rules = [
        SheetRule(
            number=e.get("number", index),
            option=e.get("option") or "",
            value=e.get("value"),
            text=e.get("text", ""),
            departs_from=e.get("departs_from"),
            article=articles.get(e.get("departs_from")),
            # Only versions published before the schedule have penalty house rules.
            penalty_points=e.get("penalty_points"),
            ruling=e.get("ruling") or None,
            ruling_verdict=e.get("ruling_verdict") or "",
        )
        for index, e in enumerate(entries, start=1)
    ]
    return Sheet(
        tournament,
        snapshot.get("base_rules", ""),
        rules,
        number,
        published_on,
        rules_date_in(snapshot, tournament),
        [_sheet_penalty(e, articles) for e in penalties],
    )


def published_sheets(ruleset_id=None) -> list[Sheet]:
    """The sheet in force of each published tournament (of one rule set, if given), in one
    query however many tournaments there are; the rules' articles by key only."""
    tournaments = (
        Tournament.objects.published()
        .with_published_rules()
        .select_related("ruleset")
        .filter(published_number__isnull=False)
        .order_by("starts_on", "name")
    )
    if ruleset_id is not None:
        tournaments = tournaments.filter(ruleset_id=ruleset_id)
    return [
        sheet_from_snapshot(
            t,
            as_snapshot(t.published_snapshot),
            number=t.published_number,
            published_on=t.published_on,
            articles={},
        )
        for t in tournaments
    ]


def published_sheet(tournament, version: PublishedVersion | None = None) -> Sheet | None:
    version = version or latest_version(tournament)
    if version is None:
        return None
    return sheet_from_snapshot(
        tournament, version.snapshot, number=version.number, published_on=version.published_on
    )


def working_sheet(tournament) -> Sheet:
    return sheet_from_snapshot(tournament, snapshot_of(tournament))


# --- What changed between two versions -------------------------------------------------------


@dataclass
class Change:
    """One difference between two versions of the house rules."""

    kind: str  # "added", "removed", "changed", "base rules", "rules date", "penalty added"…
    before: dict | None = None  # a snapshot entry (or {"text": base rules}; for a penalty,
    after: dict | None = None  # its entry with "text": the line a player reads)

    @property
    def summary(self) -> str:
        if self.kind.startswith("penalty "):
            entry = self.after if self.after is not None else self.before
            what = self.kind.removeprefix("penalty ")
            name = entry["name"]
            if what == "added":
                return _("Penalty “%(name)s” added.") % {"name": name}
            if what == "removed":
                return _("Penalty “%(name)s” removed.") % {"name": name}
            if what == "changed":
                return _("Penalty “%(name)s” changed.") % {"name": name}
            return f"Penalty “{name}” {what}."
        if self.kind == "base rules":
            return _("The base rules changed.")
        if self.kind == "rules date":
            day = self.after.get("text")
            if day:
                return _("Now played under the League rules as of %(day)s.") % {"day": day}
            return _("Now played under today's League rules.")
        if self.kind == "added":
            return _("House rule %(number)s added.") % {"number": self.after["number"]}
        if self.kind == "removed":
            return _("House rule %(number)s (as it was) removed.") % {
                "number": self.before["number"]
            }
        if self.before["number"] == self.after["number"]:
            return _("House rule %(number)s changed.") % {"number": self.after["number"]}
        return _("House rule %(number)s changed (now number %(now)s).") % {
            "number": self.before["number"],
            "now": self.after["number"],
        }


def _content(entry: dict) -> tuple:
    # Numbering is not content: removing rule 1 must not report every later rule as changed.
    # An old true/false and the reading it stands for are the same value.
    option = entry.get("option")
    value = stored_value(option, entry.get("value")) if option else None
    return (
        option,
        value,
        entry.get("text"),
        entry.get("departs_from"),
        entry.get("penalty_points"),
    )


def penalty_line(entry: dict) -> str:
    """A penalty entry as one line: "Misnamed discard: 25 points; second offence: 50 points.
    A discard named as another tile." """
    penalty = _sheet_penalty(entry, {})
    cost = "; ".join([cost_words(penalty.points), *penalty.upgrade_path])
    line = f"{penalty.name}: {cost}."
    return f"{line} {penalty.text}" if penalty.text and penalty.text != penalty.name else line


def has_schedule(snapshot: dict | None) -> bool:
    return bool(snapshot) and "penalties" in snapshot


def schedule_in(snapshot: dict | None) -> list[dict]:
    """A snapshot's penalties in the schedule's form, an old version's house rules with
    points included (as migration 0002 made infractions of them)."""
    if not snapshot:
        return []
    old = [
        old_penalty_entry(e)
        for e in snapshot.get("house_rules", [])
        if e.get("penalty_points") is not None
    ]
    return old + [penalty_entry(e) for e in snapshot.get("penalties") or [] if isinstance(e, dict)]


def _rules_without_penalties(snapshot: dict) -> list[dict]:
    return [e for e in snapshot.get("house_rules", []) if e.get("penalty_points") is None]


def _pair_up(kinds, old, new, key) -> list[Change]:
    """The edits that turn `old` into `new` (lists of entries), in order; `key` is what
    counts as content (not a rule's number)."""
    added, removed, changed = kinds
    changes = []
    matcher = difflib.SequenceMatcher(
        a=[key(e) for e in old], b=[key(e) for e in new], autojunk=False
    )
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        olds, news = old[i1:i2], new[j1:j2]
        # A replaced run pairs up as edits; whatever is left over was added or removed.
        for a, b in zip(olds, news, strict=False):
            changes.append(Change(changed, a, b))
        changes.extend(Change(removed, a, None) for a in olds[len(news) :])
        changes.extend(Change(added, None, b) for b in news[len(olds) :])
    return changes


def _penalty_content(entry: dict) -> tuple:
    return tuple(sorted((k, v) for k, v in entry.items() if k != "text"))


def changes_between(before: dict | None, after: dict) -> list[Change]:
    """What a player must know changed from one version to the next, in sheet order: the
    house rules, then the penalty schedule. Between two versions from before the schedule,
    a penalty is a house rule with points and changes as one."""
    first = before is None  # a first version's date is on its sheet, not a change
    before = before or {"base_rules": "", "house_rules": []}
    changes = []
    if before.get("base_rules", "") != after.get("base_rules", ""):
        changes.append(
            Change(
                "base rules",
                {"text": before.get("base_rules", "")},
                {"text": after.get("base_rules", "")},
            )
        )
    # A snapshot published before dates were kept plays under its tournament's date, which
    # is the working copy's: no change to report.
    dated = not first and "rules_as_of" in before
    if dated and before.get("rules_as_of") != after.get("rules_as_of"):
        changes.append(
            Change(
                "rules date",
                {"text": before.get("rules_as_of")},
                {"text": after.get("rules_as_of")},
            )
        )
    rule_kinds = ("added", "removed", "changed")
    if not (has_schedule(before) or has_schedule(after)):
        old, new = before.get("house_rules", []), after.get("house_rules", [])
        return changes + _pair_up(rule_kinds, old, new, _content)
    # An old version's penalty house rules are read as the schedule they became, so moving
    # them into the schedule is no change a player must learn.
    old, new = _rules_without_penalties(before), _rules_without_penalties(after)
    changes += _pair_up(rule_kinds, old, new, _content)
    old_penalties = [{**e, "text": penalty_line(e)} for e in schedule_in(before)]
    new_penalties = [{**e, "text": penalty_line(e)} for e in schedule_in(after)]
    penalty_kinds = ("penalty added", "penalty removed", "penalty changed")
    return changes + _pair_up(penalty_kinds, old_penalties, new_penalties, _penalty_content)


def unpublished_changes(tournament) -> list[Change]:
    """How the working copy differs from the latest published version (all of it if none)."""
    version = latest_version(tournament)
    return changes_between(version.snapshot if version else None, snapshot_of(tournament))


def changes_in(version: PublishedVersion) -> list[Change]:
    """What this version changed since the one before it in force (everything, for the first)."""
    previous = (
        version.tournament.versions.in_force()
        .filter(number__lt=version.number)
        .order_by("-number")
        .first()
    )
    return changes_between(previous.snapshot if previous else None, version.snapshot)


class NothingToPublish(Exception):
    """The working copy is the latest published version: a new number would mean nothing."""


class WorkingCopyChanged(Exception):
    """The working copy changed since the director looked: they would publish unseen rules."""


def same_rules(published: dict, working: dict) -> bool:
    """The working copy is the published version (one published before dates were kept
    plays under the working copy's date: not a difference)."""
    if "rules_as_of" not in published:
        working = {k: v for k, v in working.items() if k != "rules_as_of"}
    return _as_named(published) == _as_named(working)


def _as_named(snapshot: dict) -> dict:
    """A snapshot with each house rule's value as a reading's name (old ones: true/false),
    its penalties as the schedule (an old version's penalty house rules taken out of the
    numbered rules and read as the infractions they became)."""
    rules = [
        {
            **e,
            "number": number,
            "value": stored_value(e.get("option"), e.get("value")) if e.get("option") else None,
        }
        for number, e in enumerate(_rules_without_penalties(snapshot), start=1)
    ]
    return {**snapshot, "house_rules": rules, "penalties": schedule_in(snapshot)}


def fingerprint(snapshot: dict) -> str:
    """A short digest of a working copy, so publishing can tell it is the one the director saw."""
    text = json.dumps(snapshot, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def publish(
    tournament, user=None, on: date | None = None, seen: str | None = None
) -> PublishedVersion:
    """Freeze the working copy as the next version and make the tournament public.

    `seen` is the fingerprint of the working copy the director reviewed (the confirmation
    page carries it); when the working copy is no longer that one, WorkingCopyChanged is
    raised and nothing is published. Raises NothingToPublish when nothing changed since the
    version players read (a published tournament only; a draft with no version is always
    publishable). Numbers are never reused: after a withdrawn version 2, the next is 3.
    """
    with transaction.atomic():
        # Lock the tournament row so two directors publishing at once get two numbers, and
        # house-rule saves (which lock it too: saving.py) wait until the snapshot is taken.
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        snapshot = snapshot_of(tournament)
        if seen is not None and seen != fingerprint(snapshot):
            raise WorkingCopyChanged(
                _(
                    "The house rules changed since you opened this page, so nothing was "
                    "published. Review the changes below and publish again."
                )
            )
        previous = latest_version(tournament)
        highest = tournament.versions.order_by("-number").values_list("number", flat=True).first()
        if previous is not None and same_rules(previous.snapshot, snapshot):
            if tournament.is_published:
                raise NothingToPublish(
                    _("Nothing has changed since version %(number)s; there is nothing to publish.")
                    % {"number": previous.number}
                )
            # A draft whose rules are already a version: make it public under that number.
            tournament.status = Tournament.Status.PUBLISHED
            tournament.save()
            return previous
        version = PublishedVersion.objects.create(
            tournament=tournament,
            number=(highest or 0) + 1,
            published_on=on or timezone.localdate(),
            published_at=timezone.now(),
            published_by=user if user is not None and user.is_authenticated else None,
            snapshot=snapshot,
        )
        if not tournament.is_published:
            tournament.status = Tournament.Status.PUBLISHED
            tournament.save()
    return version


class NotInForce(Exception):
    """Only the version players read can be withdrawn (an older one is not being read)."""


def withdraw(version: PublishedVersion, user, reason: str) -> PublishedVersion | None:
    """Withdraw the version players read, recording who, when and why.

    Players then read the newest version still in force, which is returned; when none is
    left the tournament becomes a draft again (seen only by its directors and staff) and
    None is returned. The working copy is left alone, and numbers are never reused.
    """
    reason = (reason or "").strip()
    if not reason:
        raise ValueError("A withdrawal needs its reason.")
    with transaction.atomic():
        # The same lock as publishing: a withdrawal and a publish never interleave.
        tournament = Tournament.objects.select_for_update().get(pk=version.tournament_id)
        current = latest_version(tournament)
        if current is None or current.pk != version.pk:
            raise NotInForce(
                _("Version %(number)s is not the version players read, so it cannot be withdrawn.")
                % {"number": version.number}
            )
        current.withdrawn_at = timezone.now()
        current.withdrawn_by = user if user is not None and user.is_authenticated else None
        current.withdrawal_reason = reason
        current.save()
        now_read = latest_version(tournament)
        if now_read is None and tournament.is_published:
            tournament.status = Tournament.Status.DRAFT
            tournament._change_reason = f"Version {current.number} withdrawn: {reason}"[:100]
            tournament.save()
    return now_read


@dataclass
class VersionEntry:
    """One published version with what it changed since the one before it in force."""

    version: PublishedVersion
    changes: list[Change]


def version_history(tournament) -> list[VersionEntry]:
    """Every published version, withdrawn ones too, newest first, each with its changes.

    A version's changes are counted from the version before it that is still in force: a
    withdrawn version is one players were told to forget (one query).
    """
    entries, previous = [], None
    for version in tournament.versions.select_related("withdrawn_by").order_by("number"):
        before = previous.snapshot if previous else None
        entries.append(VersionEntry(version, changes_between(before, version.snapshot)))
        if not version.is_withdrawn:
            previous = version
    return list(reversed(entries))
