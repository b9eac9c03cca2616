"""Tournaments move to their own app: their tables are renamed, and rulings forgets them.

The tables are renamed to the `tournaments_` prefix here (a rename only: no row is copied,
on SQLite or PostgreSQL) rather than kept under their old names with `db_table`, so the
models, their simple-history tables and the directors' M2M table need no overrides and the
tables say which app owns them. `AlterModelTable` on Tournament also renames its directors
table (`rulings_tournament_directors` → `tournaments_tournament_directors`).

The state is removed here and created again, without touching the database, by
`tournaments.0001_initial`, which depends on this migration and also moves the content types.
"""

from django.db import migrations

MOVED = [
    "tournament",
    "houserule",
    "publishedversion",
    "historicaltournament",
    "historicalhouserule",
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0002_tournaments")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable(name=model, table=f"tournaments_{model}")
                for model in MOVED
            ],
            # Those that point at Tournament first.
            state_operations=[
                migrations.DeleteModel(name="HistoricalHouseRule"),
                migrations.DeleteModel(name="HistoricalTournament"),
                migrations.DeleteModel(name="PublishedVersion"),
                migrations.DeleteModel(name="HouseRule"),
                migrations.DeleteModel(name="Tournament"),
            ],
        )
    ]
