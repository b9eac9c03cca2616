"""The casebook's tests share the tournament tests' module-wide seed content fixture."""

from tests.tournaments.conftest import content  # noqa: F401  (a fixture, found by pytest here)
