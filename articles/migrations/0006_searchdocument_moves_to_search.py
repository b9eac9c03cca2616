"""SearchDocument leaves the articles app for the search app (search/0001_initial).

Only Django's picture of the models changes: the table, its FTS5 index or PostgreSQL
trigger stay as they are, and search/0001 takes the model over under the same table name.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("articles", "0005_links")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="SearchDocument")],
            database_operations=[],
        ),
    ]
