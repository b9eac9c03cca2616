"""Shared test setup: tests run with debug on and plain static storage.

Hypothesis profiles: "dev" (the default) explores with fresh random examples each run;
"ci" (HYPOTHESIS_PROFILE=ci, set by .ci/run) is derandomized, so a CI run is repeatable and
a failure reproduces from its log, keeps no example database in a fresh clone, and has no
deadline, since CI shares its two cores with a database server and a browser.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def english_to_begin_with():
    """Each test starts in English: a request for a Dutch page activates Dutch for the rest
    of its thread (Django's LocaleMiddleware does not switch back), and the test client runs
    in the test's thread, so a later `reverse()` would name /nl/ addresses."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(scope="session")
def race_servers(django_db_setup, django_db_blocker, tmp_path_factory):
    """Two real server processes on the test database, for racing saves (tests/racing.py)."""
    from tests.racing import RaceServers

    with django_db_blocker.unblock():
        servers = RaceServers(tmp_path_factory.mktemp("race"))
        servers.start()
    yield servers
    servers.stop()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database as `migrate` made it, its rows kept: a backup test empties the
    database and puts them back, to restore as the README says (after `migrate`).
    Taken here, before any test, since a transactional test's flush drops some of them."""
    from django.db import connection

    from tests.seeding import capture

    with django_db_blocker.unblock():
        connection.rows_migrate_made = connection.creation.serialize_db_to_string()
        capture()  # the seed content's rows, for every test that asks for them (seed())
    return django_db_setup
