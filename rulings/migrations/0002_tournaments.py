"""Placeholder: filled by the tournaments work."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("rulings", "0001_initial")]

    operations = []
