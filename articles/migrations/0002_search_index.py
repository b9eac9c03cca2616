"""Placeholder: filled by the search_index work."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("articles", "0001_initial")]

    operations = []
