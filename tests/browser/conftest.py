"""Browser fixtures: Debian's Chromium driven by Playwright, and a live server with the seed
content imported.

Use them in any test marked ``@pytest.mark.browser``::

    @pytest.mark.browser
    def test_something(page, seeded_server):
        page.goto(seeded_server + "/articles/nmjl-6/")

Without Chromium the tests skip with the reason; with REQUIRE_BROWSER=1 (CI) that is a failure.
"""

import io
import os
import sqlite3
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
PHONE = {"width": 375, "height": 740}


def _no_browser(reason):
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"REQUIRE_BROWSER=1 but the browser tests cannot run: {reason}")
    pytest.skip(f"Browser tests skipped: {reason} (make test installs chromium when root)")


# Module scope, not session: Playwright's sync API allows one instance per thread at a time,
# so a test module that starts its own must find none running.
@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the test module."""
    if not os.access(CHROMIUM, os.X_OK):
        _no_browser(f"{CHROMIUM} is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("the playwright package is not installed")
    # Playwright's sync API runs an event loop in this thread; Django then refuses database
    # calls from it unless told the code is in fact synchronous.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Exception as error:  # a broken install: say why, once
            _no_browser(f"Chromium did not start ({error})")
        yield chromium
        chromium.close()
    finally:
        playwright.stop()
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser):
    """A fresh page; page.console_errors collects console errors (CSP violations among them)."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone_page(browser):
    """A page the size of a phone held at the table."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


# This worker's copy of the test database just after fixtures/ was imported, by its name.
_SEEDED = {}


def seed_database():
    """The database as `make run` leaves it: fixtures/ imported.

    The import runs once per test worker. On SQLite the seeded database is then copied
    aside with SQLite's backup API and copied back for each later test (milliseconds
    instead of a whole import); other databases import each time (the browser tests run in
    the SQLite pass).
    """
    if connection.vendor != "sqlite":
        call_command("import_content", str(FIXTURES), stdout=io.StringIO())
        return
    connection.ensure_connection()
    name = connection.settings_dict["NAME"]
    snapshot = _SEEDED.get(name)
    if snapshot is None:
        call_command("import_content", str(FIXTURES), stdout=io.StringIO())
        snapshot = sqlite3.connect(":memory:", check_same_thread=False)
        connection.connection.backup(snapshot)
        _SEEDED[name] = snapshot
    else:
        snapshot.backup(connection.connection)


@pytest.fixture
def seeded_server(live_server, transactional_db):
    """The live server's URL, with fixtures/ imported as `make run` imports it."""
    seed_database()
    cache.clear()  # no page cached before the content was there
    yield live_server.url
    cache.clear()
