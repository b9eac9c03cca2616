"""Issue 15: a tournament plays under the League rules as of a date (`rules_as_of`), and a
house rule's value becomes the name of a reading of its option instead of on/off.

The readings are frozen here as they stood when the values moved (true/false → the reading
with that value), so this migration means the same whatever later options say. An option
without readings keeps "on"/"off". Reversible: each name goes back to its true/false.
"""

from django.db import migrations, models

# option → (the reading that is off, the reading that is on), as of this migration.
READINGS = {
    "touched-tile-is-taken": ("committed-when-racked-or-exposed", "touched-is-taken"),
    "joker-exchange-locks-exposure": ("open-until-discard", "closed-by-joker-exchange"),
    "one-joker-exchange-at-a-time": ("several-together", "one-at-a-time"),
    "two-wrong-counts-replay-the-hand": ("both-dead-play-continues", "thrown-in-and-replayed"),
    "only-north-takes-a-missing-tile": ("any-short-player", "north-only"),
    "misnamer-discards-the-named-tile": ("rename-only", "must-discard-the-named-tile"),
}


def name_for(option, value):
    if not option or value is None:
        return ""
    off, on = READINGS.get(option, ("off", "on"))
    return on if value else off


def value_for(option, name):
    if not option or not name:
        return None
    off, on = READINGS.get(option, ("off", "on"))
    if name in (on, "on"):
        return True
    if name in (off, "off"):
        return False
    return None  # a name this migration does not know: no value, as a plain-text rule has


def _each_rule(apps):
    for model in ("HouseRule", "HistoricalHouseRule"):
        yield apps.get_model("tournaments", model)


def to_readings(apps, schema_editor):
    for model in _each_rule(apps):
        for row in model.objects.exclude(option="").exclude(value__isnull=True).iterator():
            row.reading = name_for(row.option, row.value)
            row.save(update_fields=["reading"])


def to_on_off(apps, schema_editor):
    for model in _each_rule(apps):
        for row in model.objects.exclude(option="").exclude(reading="").iterator():
            row.value = value_for(row.option, row.reading)
            row.save(update_fields=["value"])


READING_FIELD = {
    "max_length": 80,
    "blank": True,
    "default": "",
    "help_text": "The option's value: the name of one of its readings (on or off for an "
    "option without readings).",
}


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_penalty_points"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicaltournament",
            name="rules_as_of",
            field=models.DateField(
                blank=True,
                help_text="It plays under the League's rulings in force on this day; blank: its first day (or today's rulings when it has no dates yet).",
                null=True,
                verbose_name="League rules as of",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="rules_as_of",
            field=models.DateField(
                blank=True,
                help_text="It plays under the League's rulings in force on this day; blank: its first day (or today's rulings when it has no dates yet).",
                null=True,
                verbose_name="League rules as of",
            ),
        ),
        # The house rule's value: a reading's name, moved over from on/off.
        migrations.AddField("houserule", "reading", models.CharField(**READING_FIELD)),
        migrations.AddField("historicalhouserule", "reading", models.CharField(**READING_FIELD)),
        migrations.RunPython(to_readings, to_on_off),
        migrations.RemoveField("houserule", "value"),
        migrations.RemoveField("historicalhouserule", "value"),
        migrations.RenameField("houserule", "reading", "value"),
        migrations.RenameField("historicalhouserule", "reading", "value"),
    ]
