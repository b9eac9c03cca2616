"""Racing real saves: two server processes, signed-in editors, and a count of what survived.

A lost update only shows when two processes write at once, so these tests do not call views
in-process: they start two gunicorn servers on the test database (PostgreSQL's test database,
or, for SQLite, a file copy of the in-memory one with the settings' busy timeout), sign
editors in, and have them all open an edit form and save it at the same moment, round after
round. An editor whose save meets a conflict does what a person would: opens the form again
(now holding the other edit) and makes the change again.

    def test_…(race_servers, …):
        browsers = race_servers.browsers([ada, bea])   # signed in, before sharing
        with race_servers.sharing():                  # the servers see the test data
            tally = race(browsers, url, edits, rounds=2)
        # read the result with the ORM, then compare it with tally.acknowledged

The fixture `race_servers` (tests/conftest.py) starts the servers once per test session.
"""

from __future__ import annotations

import html
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path

from django.db import connection
from django.test import Client

ROOT = Path(__file__).resolve().parents[1]
SERVER_THREADS = 8
START_TIMEOUT = 60  # seconds: two Django processes booting on two busy cores
REQUEST_TIMEOUT = 60  # longer than the busy timeout (settings: 20 s) a save may wait out


# --- The servers -----------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _database_url() -> str:
    """The test database as the servers reach it (SQLite: filled in by `RaceServers`)."""
    settings = connection.settings_dict
    user = urllib.parse.quote(settings.get("USER") or "")
    password = urllib.parse.quote(settings.get("PASSWORD") or "")
    credentials = f"{user}:{password}@" if password else f"{user}@" if user else ""
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or 5432
    return f"postgres://{credentials}{host}:{port}/{settings['NAME']}"


class RaceServers:
    """Two gunicorn processes serving the test database, each with several threads."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.sqlite_file = workdir / "race.sqlite3" if connection.vendor == "sqlite" else None
        self.ports = [_free_port(), _free_port()]
        self.processes: list[subprocess.Popen] = []

    def start(self):
        if self.sqlite_file is not None:
            self._copy(to_file=True)  # migrated and empty: the servers boot on a real schema
            url = f"sqlite:///{self.sqlite_file}"
        else:
            url = _database_url()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.test_settings",
            "DATABASE_URL": url,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_CONN_MAX_AGE": "0",  # nothing holds the test database when it is dropped
        }
        env.pop("DJANGO_DEBUG", None)
        for number, port in enumerate(self.ports):
            log = open(self.workdir / f"server-{number}.log", "wb")  # noqa: SIM115 (kept open)
            command = [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "1"]
            command += ["--threads", str(SERVER_THREADS), "--bind", f"127.0.0.1:{port}"]
            command += ["--timeout", str(REQUEST_TIMEOUT)]
            self.processes.append(
                subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
            )
        for port in self.ports:
            self._wait_for(port)

    def _wait_for(self, port):
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if any(process.poll() is not None for process in self.processes):
                break
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=5):
                    return
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)
        self.stop()
        logs = "\n".join(p.read_text() for p in sorted(self.workdir.glob("server-*.log")))
        raise RuntimeError(f"a race server did not start:\n{logs}")

    def stop(self):
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes = []

    def _copy(self, to_file: bool):
        """Copy the in-memory test database to the servers' file, or back (SQLite only)."""
        connection.ensure_connection()
        file = sqlite3.connect(self.sqlite_file)
        try:
            if to_file:
                connection.connection.backup(file)
                # As `migrate` leaves a site's file: in WAL mode already. Switching modes takes
                # a lock without waiting, which the servers' first connections would fail on.
                file.execute("PRAGMA journal_mode=WAL")
            else:
                file.backup(connection.connection)
        finally:
            file.close()

    @contextmanager
    def sharing(self):
        """While inside, the servers see what the test wrote; after, the test sees theirs."""
        if self.sqlite_file is not None:
            self._copy(to_file=True)
        try:
            yield
        finally:
            if self.sqlite_file is not None:
                self._copy(to_file=False)

    def browsers(self, users) -> list[Browser]:
        """One signed-in browser per user, taking turns between the two servers."""
        result = []
        for index, user in enumerate(users):
            client = Client()
            client.force_login(user)
            port = self.ports[index % len(self.ports)]
            result.append(Browser(f"http://127.0.0.1:{port}", client.cookies["sessionid"].value))
        return result


# --- A browser -------------------------------------------------------------------------------


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 302 itself is the answer to a save


@dataclass
class Response:
    status: int
    location: str
    text: str


class Browser:
    """Cookies, forms and posts against one server, as a browser would."""

    def __init__(self, base: str, session: str):
        self.base = base
        self.cookies = {"sessionid": session}
        self.opener = urllib.request.build_opener(_NoRedirects())

    def request(self, path: str, data: dict | None = None) -> Response:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body)
        request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        request.add_header("Referer", self.base + path)  # CSRF checks it on HTTPS only
        try:
            with self.opener.open(request, timeout=REQUEST_TIMEOUT) as answer:
                status, headers, raw = answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            status, headers, raw = error.code, error.headers, error.read()
        for header in headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel.value:
                    self.cookies[name] = morsel.value
                else:
                    self.cookies.pop(name, None)
        return Response(status, headers.get("Location", ""), raw.decode("utf-8", "replace"))

    def form(self, path: str, having: str) -> dict:
        """The fields of the form on `path` that has a field named `having`, as it would post."""
        page = self.request(path)
        if page.status != 200:
            raise AssertionError(f"GET {path} answered {page.status}")
        return form_fields(page.text, having)


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self._textarea = None
        self._select = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({ACTION: attrs.get("action") or ""})
        elif not self.forms:
            return
        elif tag == "input" and attrs.get("name"):
            kind = attrs.get("type", "text")
            if kind in ("submit", "button", "image", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in attrs:
                return
            self.forms[-1][attrs["name"]] = attrs.get("value") or ""
        elif tag == "textarea" and attrs.get("name"):
            self._textarea = attrs["name"]
            self.forms[-1][self._textarea] = ""
        elif tag == "select" and attrs.get("name"):
            self._select = attrs["name"]
        elif tag == "option" and self._select:
            value = attrs.get("value") or ""
            if "selected" in attrs or self._select not in self.forms[-1]:
                self.forms[-1][self._select] = value

    def handle_endtag(self, tag):
        if tag == "textarea" and self._textarea:
            text = self.forms[-1][self._textarea]
            self.forms[-1][self._textarea] = text[1:] if text.startswith("\n") else text
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data):
        if self._textarea:
            self.forms[-1][self._textarea] += data


ACTION = "(action)"  # where a form posts, kept with its fields (not a field name a form has)
# The site's messages (at the top, or beside the part saved: `versions/_said_here.html`), and
# the Django admin's (`<li class="success">`).
MESSAGE = re.compile(
    r'<(?:li|p) class="(?:message message--(\w+)(?: message--beside)?'
    r'|(success|error|warning|info))"(?: role="status")?>(.*?)</(?:li|p)>',
    re.S,
)


def form_fields(page: str, having: str) -> dict:
    """The fields of the page's form that has a field named `having`, with its ACTION."""
    parser = _Forms()
    parser.feed(page)
    for fields in parser.forms:
        if having in fields:
            return fields
    raise NoForm(f"no form with a field {having!r} on the page")


class NoForm(LookupError):
    """The page offers no such form now (a desk with nothing left to publish)."""


# --- Racing ----------------------------------------------------------------------------------


@dataclass
class Tally:
    """What the editors were told: each acknowledged edit's marker, and what else happened."""

    acknowledged: list[str] = field(default_factory=list)
    conflicts: int = 0  # a 409: both versions shown, nothing saved, the editor tries again
    refused: list[str] = field(default_factory=list)  # an error message, not tried again
    merged: int = 0
    errors: list[str] = field(default_factory=list)
    posted: dict = field(default_factory=dict)  # marker -> the fields of its acknowledged post
    told: dict = field(default_factory=dict)  # marker -> the message that acknowledged it
    lock: threading.Lock = field(default_factory=threading.Lock)


# An edit: (the form's fields, a marker unique to this edit) -> the fields to post.
Edit = Callable[[dict, str], dict]


def messages_in(page: str) -> list[tuple[str, str]]:
    """The page's messages as (level, text): what the site told the editor."""
    return [(site or admin, html.unescape(text)) for site, admin, text in MESSAGE.findall(page)]


def race(
    browsers: list[Browser],
    paths: str | list[str],
    edits: list[Edit],
    *,
    rounds: int = 2,
    having: str | list[str] = "base_version",
    extra: dict | None = None,
    saved: tuple[str, ...] = ("saved",),
    attempts: int = 12,
) -> Tally:
    """Each browser opens the form on its page and posts its edit at the same moment as the
    others, `rounds` times; a conflict (409) is answered by opening the form again and redoing
    the edit. A post is acknowledged when it redirects to a page whose success message says
    one of `saved`; one whose page has an error message instead, or a page that no longer
    offers the form, was refused."""
    count = len(browsers)
    paths = [paths] * count if isinstance(paths, str) else paths
    having = [having] * count if isinstance(having, str) else having
    tally = Tally()
    together = threading.Barrier(count, timeout=REQUEST_TIMEOUT * 2)

    def editor(number: int):
        browser, edit, path = browsers[number], edits[number], paths[number]
        for round_number in range(rounds):
            marker = f"edit-{number}-{round_number}"
            together.wait()  # everyone opens the form at once…
            fields = _open(browser, path, having[number])
            together.wait()  # …and posts at once
            for _ in range(attempts):
                if fields is None:  # nothing to do now: the page says so instead of a form
                    with tally.lock:
                        tally.refused.append(marker)
                    break
                target = fields.pop(ACTION) or path
                posted = {**edit(dict(fields), marker), **(extra or {})}
                answer = browser.request(target, posted)
                if answer.status == 409:
                    with tally.lock:
                        tally.conflicts += 1
                    fields = _open(browser, path, having[number])
                    continue
                if answer.status == 302:
                    told = messages_in(browser.request(answer.location).text)
                else:
                    told = [("status", f"{answer.status} {answer.text[:2000]}")]
                _count(tally, marker, posted, told, saved)
                break
            else:
                with tally.lock:
                    tally.errors.append(f"{marker}: still in conflict after {attempts} tries")

    def run(number):
        try:
            editor(number)
        except Exception as error:  # reported with the tally, not lost in a thread
            together.abort()
            with tally.lock:
                tally.errors.append(f"editor {number}: {error!r}")

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally


def _open(browser, path, having):
    try:
        return browser.form(path, having)
    except NoForm:
        return None


def _count(tally, marker, posted, told, saved):
    with tally.lock:
        success = [
            text
            for level, text in told
            if level == "success" and any(word in text.lower() for word in saved)
        ]
        if success:
            tally.acknowledged.append(marker)
            tally.posted[marker], tally.told[marker] = posted, success[0]
            tally.merged += "merged" in success[0]
        elif any(level == "error" for level, _ in told):
            tally.refused.append(marker)
        else:
            tally.errors.append(f"{marker}: told {told}")


# --- Edits -----------------------------------------------------------------------------------


def add_to_paragraph(name: str, paragraph: int, separator: str = " ") -> Edit:
    """Append the marker to one paragraph of a text field (paragraphs part at blank lines)."""

    def edit(fields, marker):
        paragraphs = fields[name].replace("\r\n", "\n").split("\n\n")
        paragraphs[paragraph] = paragraphs[paragraph].rstrip("\n") + separator + marker
        fields[name] = "\n\n".join(paragraphs)
        return fields

    return edit


def add_to_field(name: str) -> Edit:
    """Append the marker to a one-line field."""

    def edit(fields, marker):
        fields[name] = f"{fields[name]} {marker}".strip()
        return fields

    return edit
