"""Tournaments' part of import_content / export_content: one JSON file per tournament.

Layout under the content folder (``fixtures/`` by default)::

    tournaments/<slug>.json   the tournament, its house rules (working copy, in sheet order)
                              and every published version with its snapshot (and, for a
                              withdrawn one, when and why it was withdrawn); its penalty
                              schedule (`penalties`) is the event's part (event.content)

Rows are matched by stable keys (tournament slug, a house rule's place on the sheet, a
version's number) and saved only when a field really changed, so importing twice writes
nothing; a row changed on the site since the last import is kept (articles.imports).
Directors and who published a version are people, not content: never exported, and left as
they are on import. Import never deletes a tournament or a version missing from the folder
(a TD may have made it on the site); house rules past the end of the file's list go only if
still as imported.
"""

import json
from datetime import UTC, date, datetime
from pathlib import Path

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.core.management.base import CommandError
from django.utils import timezone

from articles.imports import ContentImport
from articles.models import Article, RuleSet, Ruling

from .models import HouseRule, PublishedVersion, Tournament
from .option_values import stored_value

SUBFOLDER = "tournaments"
TOURNAMENT_FIELDS = [
    "name", "starts_on", "ends_on", "rules_as_of", "place", "base_rules", "status", "language",
]  # fmt: skip
DATE_FIELDS = {"starts_on", "ends_on", "rules_as_of", "published_on"}
# Written only when not the default: a file from before the field existed reads the same.
OMITTED_WHEN = {"rules_as_of": None, "language": Tournament._meta.get_field("language").default}
HOUSE_RULE_FIELDS = [
    "option",
    "value",
    "text",
    "departs_from_id",
    "position",
    "ruling_id",
    "ruling_verdict",
]


def read_file(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CommandError(f"{path}: not valid JSON ({error}).") from error
    if not isinstance(data, dict) or not data.get("slug") or not data.get("name"):
        raise CommandError(f"{path}: a tournament needs at least a slug and a name.")
    return data


def _date_in(path, field, value):
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError) as error:
        raise CommandError(f"{path}: {field} must be a date like 2027-03-12.") from error


def validated(path, what, model, values, exclude=()):
    """The values as the model's own validation cleans them (field types, lengths, choices,
    its clean()), or a CommandError naming the file and the field, not a traceback."""
    candidate = model(**values)
    try:
        candidate.full_clean(exclude=list(exclude), validate_unique=False)
    except ValidationError as error:
        problems = "; ".join(
            message if field == NON_FIELD_ERRORS else f"{field}: {message}"
            for field, messages in error.message_dict.items()
            for message in messages
        )
        raise CommandError(f"{path}: {what}{problems}") from error
    return {name: getattr(candidate, name) for name in values}


def import_content(folder: Path, stdout, imports: ContentImport | None = None):
    imports = imports or ContentImport(str(folder))
    root = Path(folder) / SUBFOLDER
    if not root.is_dir():
        stdout.write(f"No tournaments in {root}; skipped.")
        return
    with imports.part("Tournaments", stdout):
        for path in sorted(root.glob("*.json")):
            _import_tournament(path, read_file(path), imports)


def _import_tournament(path, data, imports):
    try:
        ruleset = RuleSet.objects.get(key=data.get("ruleset", "nmjl"))
    except RuleSet.DoesNotExist as error:
        raise CommandError(f"{path}: no rule set with key {data.get('ruleset')!r}.") from error
    values = {name: data.get(name) or "" for name in TOURNAMENT_FIELDS}  # null as blank
    for name in ("starts_on", "ends_on", "rules_as_of"):
        values[name] = _date_in(path, name, values[name])
    values["status"] = values["status"] or Tournament.Status.DRAFT
    values["language"] = values["language"] or OMITTED_WHEN["language"]
    if values["status"] not in Tournament.Status.values:
        raise CommandError(f"{path}: status must be draft or published.")
    values["ruleset_id"] = ruleset.pk
    values = validated(path, "", Tournament, {"slug": data["slug"], **values})
    slug = data["slug"]
    tournament = Tournament.objects.filter(slug=slug).first() or Tournament(slug=slug)
    tournament = imports.save(tournament, slug, values, f"tournament {values['name']}")
    if tournament is None:
        return  # deleted on the site, and it stays so
    _import_house_rules(path, tournament, data.get("house_rules", []), imports)
    for entry in data.get("versions", []):
        _import_version(path, tournament, entry, imports)


def _import_house_rules(path, tournament, entries, imports):
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CommandError(f"{path}: house_rules must be a list of objects.")
    # An older file's penalties are house rules with points: the event's part makes them
    # infractions of the schedule, so they are no house rules here.
    entries = [e for e in entries if e.get("penalty_points") is None]
    keys = {e.get("departs_from") for e in entries if e.get("departs_from")}
    articles = Article.objects.in_bulk(keys, field_name="key")
    missing = sorted(keys - set(articles))
    if missing:
        raise CommandError(f"{path}: no article with key {', '.join(missing)}.")
    slugs = {e.get("ruling") for e in entries if e.get("ruling")}
    rulings = Ruling.objects.in_bulk(slugs, field_name="slug")
    if slugs - set(rulings):
        raise CommandError(
            f"{path}: no ruling with slug {', '.join(sorted(slugs - set(rulings)))}."
        )
    options = [e.get("option") for e in entries if e.get("option")]
    twice = sorted({name for name in options if options.count(name) > 1})
    if twice:
        raise CommandError(f"{path}: more than one house rule for {', '.join(twice)}.")
    by_position, extra = {}, []
    for rule in tournament.house_rules.order_by("position", "pk"):
        # Two rules at one place on the sheet (set on the site): the second is extra.
        if rule.position in by_position:
            extra.append(rule)
        else:
            by_position[rule.position] = rule
    for position, entry in enumerate(entries, start=1):
        rule = by_position.pop(position, None) or HouseRule(tournament=tournament)
        values = {
            "option": entry.get("option") or "",
            # A file from before readings says true/false: the reading it stands for.
            "value": stored_value(entry.get("option"), entry.get("value"))
            if entry.get("option")
            else "",
            "text": entry.get("text", ""),
            "departs_from_id": getattr(articles.get(entry.get("departs_from")), "pk", None),
            "position": position,
            "ruling_id": getattr(rulings.get(entry.get("ruling")), "pk", None),
            "ruling_verdict": entry.get("ruling_verdict") or "",
        }
        # Without its tournament: rows about to be rewritten must not count as twins.
        values = validated(path, f"house rule {position}: ", HouseRule, values, ["tournament"])
        imports.save(
            rule, _rule_key(tournament, position), values, _rule_label(tournament, position)
        )
    for surplus in sorted([*by_position.values(), *extra], key=lambda r: (r.position, r.pk)):
        imports.remove(
            surplus,
            _rule_key(tournament, surplus.position),
            HOUSE_RULE_FIELDS,
            _rule_label(tournament, surplus.position),
        )


def _rule_key(tournament, position):
    return f"{tournament.slug}/{position}"


def _rule_label(tournament, position):
    return f"house rule {position} of {tournament.name}"


def _import_version(path, tournament, entry, imports):
    try:
        number = int(entry["number"])
    except (KeyError, TypeError, ValueError) as error:
        raise CommandError(f"{path}: every version needs a number.") from error
    values = {
        "published_on": _date_in(path, "published_on", entry.get("published_on")),
        "snapshot": _snapshot_in(path, number, entry.get("snapshot") or {}),
    }
    if values["published_on"] is None:
        raise CommandError(f"{path}: version {number} needs its published_on date.")
    if entry.get("withdrawn") is not None:
        values.update(_withdrawal_in(path, number, entry["withdrawn"]))
    # A version withdrawn on the site stays withdrawn when a file does not say so: a file
    # without the key never puts a withdrawn version back in force.
    version = PublishedVersion.objects.filter(tournament=tournament, number=number).first()
    if version is None:
        version = PublishedVersion(tournament=tournament, number=number)
    label = f"version {number} of {tournament.name}"
    imports.save(version, f"{tournament.slug}/{number}", values, label)


def _withdrawal_in(path, number, withdrawn):
    """A withdrawn version's when and why (who is a person: not content, never imported)."""
    try:
        when = datetime.fromisoformat(withdrawn["at"])
        reason = str(withdrawn["reason"]).strip()
    except (KeyError, TypeError, ValueError) as error:
        raise CommandError(
            f"{path}: version {number}'s withdrawal needs its time (at) and its reason."
        ) from error
    if not reason:
        raise CommandError(f"{path}: version {number}'s withdrawal needs its reason.")
    if timezone.is_naive(when):
        when = timezone.make_aware(when, UTC)
    return {"withdrawn_at": when, "withdrawal_reason": reason}


def _snapshot_in(path, number, snapshot):
    """A version's snapshot as the sheet, its changes and the article matrix read it: its
    house rules are numbered, so a hand-edited file cannot break those pages later."""
    rules = snapshot.get("house_rules", []) if isinstance(snapshot, dict) else None
    numbered = isinstance(rules, list) and all(
        isinstance(rule, dict) and isinstance(rule.get("number"), int) for rule in rules
    )
    if not numbered:
        raise CommandError(
            f"{path}: version {number}'s snapshot needs a list of house_rules, "
            "each with its number on the sheet."
        )
    penalties = snapshot.get("penalties", [])
    named = isinstance(penalties, list) and all(
        isinstance(p, dict)
        and isinstance(p.get("name"), str)
        and isinstance(p.get("points"), int)
        and not isinstance(p.get("points"), bool)
        for p in penalties
    )
    if not named:
        raise CommandError(
            f"{path}: version {number}'s penalties must be a list, each with its name and "
            "its points."
        )
    return snapshot


def export_content(folder: Path, stdout):
    root = Path(folder) / SUBFOLDER
    root.mkdir(parents=True, exist_ok=True)
    tournaments = Tournament.objects.select_related("ruleset").prefetch_related(
        "house_rules__departs_from", "house_rules__ruling", "versions"
    )
    count = 0
    for tournament in tournaments.order_by("slug"):
        path = root / f"{tournament.slug}.json"
        text = json.dumps(tournament_data(tournament), ensure_ascii=False, indent=2) + "\n"
        path.write_text(text, encoding="utf-8")
        count += 1
    stdout.write(f"Tournaments: {count} written to {root}.")


def tournament_data(tournament) -> dict:
    """A tournament as its file has it (directors left out: people are not content)."""
    data = {"slug": tournament.slug}
    for name in TOURNAMENT_FIELDS:
        value = getattr(tournament, name)
        if name in OMITTED_WHEN and (value or None) == OMITTED_WHEN[name]:
            continue
        data[name] = value.isoformat() if name in DATE_FIELDS and value else value
    data["ruleset"] = tournament.ruleset.key
    rules = sorted(tournament.house_rules.all(), key=lambda r: (r.position, r.pk))
    data["house_rules"] = [
        {
            "option": rule.option or None,
            "value": rule.value if rule.option else None,  # a reading's name
            "text": rule.text,
            "departs_from": rule.departs_from.key if rule.departs_from else None,
            # Only a rule that answers a ruling names it, with the answer its author chose.
            **(
                {"ruling": rule.ruling.slug, "ruling_verdict": rule.ruling_verdict}
                if rule.ruling
                else {}
            ),
        }
        for rule in rules
    ]
    versions = sorted(tournament.versions.all(), key=lambda v: v.number)
    data["versions"] = [_version_data(version) for version in versions]
    return data


def _version_data(version) -> dict:
    data = {
        "number": version.number,
        "published_on": version.published_on.isoformat(),
        "snapshot": _in_sheet_order(version.snapshot),
    }
    if version.is_withdrawn:  # left out while in force, as fields at their default are
        data["withdrawn"] = {
            "at": version.withdrawn_at.astimezone(UTC).isoformat(),
            "reason": version.withdrawal_reason,
        }
    return data


SNAPSHOT_KEYS = ["base_rules", "rules_as_of", "house_rules", "penalties"]
PENALTY_KEYS = [
    "name",
    "description",
    "article",
    "ruling",
    "points",
    "second_points",
    "second_head_td_decides",
    "third_points",
    "third_head_td_decides",
]
# An old version's snapshot: a penalty was a house rule with points.
RULE_KEYS = [
    "number",
    "option",
    "value",
    "text",
    "departs_from",
    "penalty_points",
    "ruling",
    "ruling_verdict",
]


def _ordered(data: dict, keys: list[str]) -> dict:
    # PostgreSQL's jsonb does not keep key order; files must not change with the database.
    return {
        **{k: data[k] for k in keys if k in data},
        **{k: data[k] for k in sorted(data) if k not in keys},
    }


def _in_sheet_order(snapshot: dict) -> dict:
    ordered = _ordered(snapshot, SNAPSHOT_KEYS)
    if isinstance(ordered.get("house_rules"), list):
        ordered["house_rules"] = [_ordered(rule, RULE_KEYS) for rule in ordered["house_rules"]]
    if isinstance(ordered.get("penalties"), list):
        ordered["penalties"] = [_ordered(p, PENALTY_KEYS) for p in ordered["penalties"]]
    return ordered
