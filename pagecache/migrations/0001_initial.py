import time

from django.db import migrations, models


def first_generation(apps, schema_editor):
    """Started from the clock, so a generation never repeats one a process may remember."""
    ContentGeneration = apps.get_model("pagecache", "ContentGeneration")
    ContentGeneration.objects.get_or_create(pk=1, defaults={"value": time.time_ns()})


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="ContentGeneration",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("value", models.BigIntegerField()),
            ],
            options={"verbose_name": "content generation"},
        ),
        migrations.RunPython(first_generation, migrations.RunPython.noop),
    ]
