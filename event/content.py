"""The event's part of import_content / export_content: each tournament's penalty schedule,
under `penalties` in the tournament's own file (tournaments/<slug>.json), which the
tournaments' part reads and writes first.

    "penalties": [{"name": "Misnamed discard", "description": "…", "article": "nmjl-calling",
                   "ruling": null, "points": 5, "second_points": 10, "position": 1}]

`second_points`, `third_points` and the two `…_head_td_decides` are written only when set.
An older file has no `penalties` but house rules with `penalty_points`: each becomes an
infraction (named by its first sentence, each offence alike, at its place on the sheet), as
migration 0002 made them, and the tournaments' part leaves such rules out.

Infractions are matched by their place in the schedule (the nth in the order the schedule
shows them: by `position`, then name, as the file lists them) and saved only when a field
really changed, so importing twice writes nothing, and one changed on the site since the
last import is kept (articles.imports). None is ever deleted: a director's schedule may have
grown on the site, and penalties already charged name theirs.
"""

import json
from pathlib import Path

from django.core.management.base import CommandError

from articles.imports import ContentImport
from articles.models import Article, Ruling
from tournaments.content import SUBFOLDER, read_file, validated
from tournaments.models import Tournament
from tournaments.versions import penalty_name

from .models import Infraction

# Event migration 0003 keeps a copy of these names: it remembers infractions as imported.
FIELDS = [
    "name",
    "description",
    "article_id",
    "ruling_id",
    "points",
    "second_points",
    "second_head_td_decides",
    "third_points",
    "third_head_td_decides",
    "position",
]
# Written only when set: a schedule without upgrades reads short.
UPGRADES = ["second_points", "second_head_td_decides", "third_points", "third_head_td_decides"]


def schedule_entries(path, data: dict) -> list[dict]:
    """The file's schedule, an older file's penalty house rules included, each with its
    position."""
    penalties = data.get("penalties", [])
    rules = data.get("house_rules", [])
    for name, entries in (("penalties", penalties), ("house_rules", rules)):
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise CommandError(f"{path}: {name} must be a list of objects.")
    found = [
        {
            "name": penalty_name(str(rule.get("text") or "")),
            "description": rule.get("text") or "",
            "article": rule.get("departs_from"),
            "ruling": rule.get("ruling"),
            "points": rule.get("penalty_points"),
            "position": position,
        }
        for position, rule in enumerate(rules, start=1)
        if rule.get("penalty_points") is not None
    ]
    found += [{"position": position, **entry} for position, entry in enumerate(penalties, 1)]
    return found


def import_content(folder, stdout, imports=None):
    root = Path(folder) / SUBFOLDER
    if not root.is_dir():
        return  # the tournaments' part said so
    imports = imports or ContentImport(str(folder))
    with imports.part("Penalty schedules", stdout):
        for path in sorted(root.glob("*.json")):
            data = read_file(path)
            entries = schedule_entries(path, data)
            tournament = Tournament.objects.filter(slug=data["slug"]).first()
            if entries and tournament is not None:  # None: deleted on the site, and stays so
                _import_schedule(path, tournament, entries, imports)


def _import_schedule(path, tournament, entries, imports):
    keys = {e.get("article") for e in entries if e.get("article")}
    articles = Article.objects.in_bulk(keys, field_name="key")
    slugs = {e.get("ruling") for e in entries if e.get("ruling")}
    rulings = Ruling.objects.in_bulk(slugs, field_name="slug")
    missing = sorted(keys - set(articles)) + sorted(slugs - set(rulings))
    if missing:
        raise CommandError(
            f"{path}: a penalty applies to {', '.join(missing)}: no such article or ruling."
        )
    found = []
    for entry in entries:
        values = {
            "name": entry.get("name") or "",
            "description": entry.get("description") or "",
            "article_id": getattr(articles.get(entry.get("article")), "pk", None),
            "ruling_id": getattr(rulings.get(entry.get("ruling")), "pk", None),
            "points": entry.get("points"),
            "second_points": entry.get("second_points"),
            "second_head_td_decides": entry.get("second_head_td_decides") or False,
            "third_points": entry.get("third_points"),
            "third_head_td_decides": entry.get("third_head_td_decides") or False,
            "position": entry.get("position"),
        }
        what = f"penalty {values['name'] or values['position']!r}: "
        found.append(validated(path, what, Infraction, values, ["tournament", "house_rule"]))
    # In the schedule's order (sorted here, not by the database, whose collation may order
    # names otherwise; a sort keeps the file's order of equals, as the export wrote them),
    # the nth of the file is the nth on the site.
    found.sort(key=lambda values: (values["position"], values["name"]))
    site = sorted(tournament.infractions.all(), key=schedule_order)
    for place, values in enumerate(found, start=1):
        infraction = site[place - 1] if place <= len(site) else Infraction(tournament=tournament)
        label = f"penalty {place} ({values['name']}) of {tournament.name}"
        imports.save(infraction, f"{tournament.slug}/{place}", values, label)


def schedule_order(infraction):
    return (infraction.position, infraction.name, infraction.pk)


def penalty_data(infraction) -> dict:
    data = {
        "name": infraction.name,
        "description": infraction.description,
        "article": infraction.article.key if infraction.article_id else None,
        "ruling": infraction.ruling.slug if infraction.ruling_id else None,
        "points": infraction.points,
    }
    for name in UPGRADES:
        value = getattr(infraction, name)
        if value not in (None, False):
            data[name] = value
    data["position"] = infraction.position
    return data


def export_content(folder, stdout):
    """Each schedule into its tournament's file, just after the house rules (the
    tournaments' part wrote the files a moment ago)."""
    root = Path(folder) / SUBFOLDER
    infractions = Infraction.objects.select_related("tournament", "article", "ruling")
    by_slug: dict[str, list] = {}
    for infraction in sorted(infractions, key=lambda i: (i.tournament.slug, schedule_order(i))):
        by_slug.setdefault(infraction.tournament.slug, []).append(penalty_data(infraction))
    for slug, penalties in by_slug.items():
        path = root / f"{slug}.json"
        if not path.is_file():
            continue
        data = read_file(path)
        ordered = {}
        for key, value in data.items():
            if key != "penalties":
                ordered[key] = value
            if key == "house_rules":
                ordered["penalties"] = penalties
        ordered.setdefault("penalties", penalties)
        text = json.dumps(ordered, ensure_ascii=False, indent=2) + "\n"
        path.write_text(text, encoding="utf-8")
    count = sum(len(p) for p in by_slug.values())
    stdout.write(f"Penalty schedules: {count} infractions written to {root}.")
