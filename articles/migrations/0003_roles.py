"""Placeholder: filled by the roles work."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("articles", "0002_search_index")]

    operations = []
