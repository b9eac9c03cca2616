"""The infractions are the one penalty schedule: the house rules' penalty points retire.

Each house rule with `penalty_points` is first made sure of its infraction (migration 0002
made them; a rule saved since gets one here, as 0002 would have). Then the penalty house
rules leave the working copy. They are removed, not kept without their points: kept, the
working copy would show each penalty twice (as a plain house rule and as a line of the
schedule), and the next version would publish both. Nothing players read changes: every
published version keeps its snapshot, whose house rules with points still read as that
version's penalty table, and the infraction carries the rule's text, article, ruling and
points. A penalty house rule that also sets a rule option (no form ever offered both) keeps
its option as a house rule and loses only its points.

Each removal is written into the house rules' history ("moved into the penalty schedule"),
and the content import forgets the rows it had written at those places on the sheet, so a
later file with a house rule there makes it instead of keeping it "deleted on the site". An
infraction made from an imported rule and unchanged since is remembered as imported (with
the digest event.content would have written), so the content files' schedule replaces it
on the next import instead of keeping it as "edited on the site"; one a director changed is
kept, as every edit on the site is.
The column goes in tournaments migration 0007; old history rows keep their points.
"""

import hashlib
import json

from django.db import migrations
from django.utils import timezone

NAME_LENGTH = 120
MOVED = "Moved into the penalty schedule"
# What event.content imports of an infraction, as its digest names them (articles.imports).
IMPORTED_FIELDS = [
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


def digest(values: dict) -> str:
    """articles.imports.digest, as it is today (a migration keeps its own copy)."""
    text = json.dumps(values, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def infraction_name(text: str) -> str:
    """The rule's first sentence, shortened: "Misnamed discard: 25 points." → "Misnamed discard"."""
    first = " ".join(text.split()).split(". ")[0].split(":")[0].strip(" .")
    if len(first) > NAME_LENGTH:
        first = first[: NAME_LENGTH - 1].rstrip() + "…"
    return first or "Penalty"


def forwards(apps, schema_editor):
    HouseRule = apps.get_model("tournaments", "HouseRule")
    HistoricalHouseRule = apps.get_model("tournaments", "HistoricalHouseRule")
    Infraction = apps.get_model("event", "Infraction")
    ImportedRow = apps.get_model("articles", "ImportedRow")
    penalties = list(
        HouseRule.objects.filter(penalty_points__isnull=False)
        .select_related("tournament")
        .order_by("tournament_id", "position", "pk")
    )
    linked = set(
        Infraction.objects.filter(house_rule__in=penalties).values_list("house_rule_id", flat=True)
    )
    Infraction.objects.bulk_create(
        Infraction(
            tournament_id=rule.tournament_id,
            name=infraction_name(rule.text),
            description=rule.text,
            article_id=rule.departs_from_id,
            ruling_id=rule.ruling_id,
            points=rule.penalty_points,
            house_rule_id=rule.pk,
            position=rule.position,
        )
        for rule in penalties
        if rule.pk not in linked
    )
    _remember_as_imported(apps, penalties)
    now = timezone.now()
    fields = [f.attname for f in HouseRule._meta.concrete_fields]
    for rule in penalties:
        if rule.option:
            rule.penalty_points = None
            rule.save(update_fields=["penalty_points"])
            continue
        HistoricalHouseRule.objects.create(
            **{name: getattr(rule, name) for name in fields},
            history_date=now,
            history_type="-",
            history_change_reason=MOVED,
        )
        ImportedRow.objects.filter(
            model="tournaments.houserule", key=f"{rule.tournament.slug}/{rule.position}"
        ).delete()
        rule.delete()  # its infraction's link to it is emptied (on_delete=SET_NULL)


def _remember_as_imported(apps, penalties):
    Infraction = apps.get_model("event", "Infraction")
    ImportedRow = apps.get_model("articles", "ImportedRow")
    imported = set(
        ImportedRow.objects.filter(model="tournaments.houserule").values_list("key", flat=True)
    )
    taken = set(ImportedRow.objects.filter(model="event.infraction").values_list("key", flat=True))
    # event.content's key: the tournament's slug and the infraction's place in its schedule
    # (sorted as event.content sorts it: by position, name and id, in Python).
    places, counted = {}, {}
    tournaments = {rule.tournament_id for rule in penalties}
    schedules = Infraction.objects.filter(tournament_id__in=tournaments)
    for infraction in sorted(schedules, key=lambda i: (i.tournament_id, i.position, i.name, i.pk)):
        counted[infraction.tournament_id] = counted.get(infraction.tournament_id, 0) + 1
        places[infraction.pk] = counted[infraction.tournament_id]
    by_rule = {i.house_rule_id: i for i in Infraction.objects.filter(house_rule__in=penalties)}
    for rule in penalties:
        infraction = by_rule.get(rule.pk)
        if infraction is None or f"{rule.tournament.slug}/{rule.position}" not in imported:
            continue
        made = {
            "name": infraction_name(rule.text),
            "description": rule.text,
            "article_id": rule.departs_from_id,
            "ruling_id": rule.ruling_id,
            "points": rule.penalty_points,
            "second_points": None,
            "second_head_td_decides": False,
            "third_points": None,
            "third_head_td_decides": False,
            "position": rule.position,
        }
        now = {name: getattr(infraction, name) for name in IMPORTED_FIELDS}
        key = f"{rule.tournament.slug}/{places[infraction.pk]}"
        if now == made and key not in taken:
            ImportedRow.objects.create(model="event.infraction", key=key, digest=digest(now))
            taken.add(key)


def backwards(apps, schema_editor):
    apps.get_model("articles", "ImportedRow").objects.filter(model="event.infraction").delete()
    # Each infraction becomes a penalty house rule again, after the tournament's other rules,
    # linked to it (as migration 0002 left them).
    HouseRule = apps.get_model("tournaments", "HouseRule")
    Infraction = apps.get_model("event", "Infraction")
    for infraction in Infraction.objects.filter(house_rule__isnull=True).order_by(
        "tournament_id", "position", "name", "pk"
    ):
        last = (
            HouseRule.objects.filter(tournament_id=infraction.tournament_id)
            .order_by("-position")
            .values_list("position", flat=True)
            .first()
        )
        infraction.house_rule = HouseRule.objects.create(
            tournament_id=infraction.tournament_id,
            text=infraction.description or infraction.name,
            departs_from_id=infraction.article_id,
            ruling_id=infraction.ruling_id,
            penalty_points=infraction.points,
            position=(last or 0) + 1,
        )
        infraction.save(update_fields=["house_rule"])


class Migration(migrations.Migration):
    dependencies = [
        ("articles", "0011_rulings"),
        ("event", "0002_penalties_from_house_rules"),
        ("tournaments", "0006_house_rule_answers_a_ruling"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
