"""A logged ruling's round becomes a number (it was free text): the appeal deadline counts
from the end of a numbered round, and a player's penalties are listed by round.

Each entry's text is read for its number ("2", "Round 2", "R2" → 2). Text with no number in
it ("the final") is not lost: it is put at the head of what happened, "(Round: the final)".
Past versions are read the same way, so history still shows what each version said.
"""

import re

import django.core.validators
from django.db import migrations, models

NUMBER = re.compile(r"\d{1,4}")


def number_in(text):
    found = NUMBER.search(text or "")
    return int(found.group()) if found and int(found.group()) > 0 else None


def to_numbers(apps, schema_editor):
    for name in ("LoggedRuling", "HistoricalLoggedRuling"):
        model = apps.get_model("toolkit", name)
        for row in model.objects.exclude(round="").iterator():
            row.round_number = number_in(row.round)
            if row.round_number is None:
                row.what_happened = f"(Round: {row.round.strip()}) {row.what_happened}"
            row.save(update_fields=["round_number", "what_happened"])


def to_text(apps, schema_editor):
    for name in ("LoggedRuling", "HistoricalLoggedRuling"):
        model = apps.get_model("toolkit", name)
        for row in model.objects.exclude(round_number=None).iterator():
            row.round = str(row.round_number)
            row.save(update_fields=["round"])


def round_field():
    return models.PositiveSmallIntegerField(
        blank=True,
        null=True,
        help_text="The round's number: 1, 2, 3…",
        validators=[django.core.validators.MinValueValidator(1)],
    )


class Migration(migrations.Migration):
    dependencies = [("toolkit", "0004_logged_ruling_names_the_ruling_applied")]

    operations = [
        *(
            migrations.AddField(model_name=model, name="round_number", field=round_field())
            for model in ("loggedruling", "historicalloggedruling")
        ),
        migrations.RunPython(to_numbers, to_text),
        *(
            migrations.RemoveField(model_name=model, name="round")
            for model in ("loggedruling", "historicalloggedruling")
        ),
        *(
            migrations.RenameField(model_name=model, old_name="round_number", new_name="round")
            for model in ("loggedruling", "historicalloggedruling")
        ),
    ]
