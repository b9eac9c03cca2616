"""Today's penalties — house rules with points — become the tournaments' penalty schedules.

Each house rule with `penalty_points` becomes an infraction with those points, linked to the
rule (`house_rule`), with the article and ruling the rule names; a repeat costs the same (no
upgrade path: a director adds one). The house rules stay as they are, so every published
version of a tournament's sheet reads the same and a ruling's box at a chosen tournament
still shows the penalty.
"""

from django.db import migrations

NAME_LENGTH = 120


def infraction_name(text: str) -> str:
    """The rule's first sentence, shortened: "Misnamed discard: 25 points." → "Misnamed discard"."""
    first = " ".join(text.split()).split(". ")[0].split(":")[0].strip(" .")
    if len(first) > NAME_LENGTH:
        first = first[: NAME_LENGTH - 1].rstrip() + "…"
    return first or "Penalty"


def forwards(apps, schema_editor):
    HouseRule = apps.get_model("tournaments", "HouseRule")
    Infraction = apps.get_model("event", "Infraction")
    penalties = HouseRule.objects.filter(penalty_points__isnull=False).order_by(
        "tournament_id", "position", "pk"
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
    )


def backwards(apps, schema_editor):
    # The house rules were never changed: only the infractions made from them go.
    apps.get_model("event", "Infraction").objects.filter(house_rule__isnull=False).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("event", "0001_initial"),
        ("tournaments", "0006_house_rule_answers_a_ruling"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
