"""The language tests read seed pages: the tournament tests' module-wide content fixture."""

from tests.tournaments.conftest import content  # noqa: F401  (a fixture, found by pytest here)
