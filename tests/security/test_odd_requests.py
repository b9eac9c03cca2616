"""The odd-request sweep: every URL pattern (one address each, from the privacy walk's
planted world) asked with wrong methods; overlong, non-numeric, negative, unicode and NUL
values in its path segments and query parameters; a malformed chosen-tournament cookie; a
bad If-None-Match; malformed form bodies; and the admin's pages with ids that do not exist
or do not parse. Nothing answers 5xx. Runs on both databases (PostgreSQL refuses a NUL)."""

import re
import warnings
from urllib.parse import quote

import pytest
from django.contrib import admin
from django.core.cache import cache
from django.db import transaction
from django.test import Client, override_settings

from tests.security.privacy import plant
from tests.security.walking import ARGUMENT, EXEMPT, addresses, patterns, unplaced
from tests.tournaments.tournament_factories import user
from tournaments.chosen import COOKIE_NAME

BAD = ["\x00", "9" * 40, "-1", "ñ漢字\U0001f004\u202e", "x" * 3000]
# The query parameters the site's views read (any of them, on any page).
PARAMETERS = [
    "q", "a", "b", "n", "page", "format", "tournament", "card", "tiles", "exposures",
    "from", "to", "next", "key", "kind", "version", "as_of", "sort", "o", "p",
]  # fmt: skip
METHODS = ["post", "delete"]
HEADERS = ['"', "W/", "*, W/", "x" * 9000, '"a", W/"', "\x00"]
FORMS = [  # (content type, body) a browser or a script might send
    ("application/json", b"{not json"),
    ("multipart/form-data; boundary=zz", b"--zz\r\nContent-Disposition: form-data; na"),
    ("multipart/form-data", b"no boundary at all"),
    ("application/x-www-form-urlencoded", b"a=%zz&&=&\x00=\xff"),
    ("application/x-www-form-urlencoded", b"text=" + b"y" * 3_000_000),
]
# Findings a walk knows and skips with a warning, each with its issue: empty, and kept so.
KNOWN_UNTIL_FIXED: set = set()


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    # The API's rate limit counts every test client as one address: lifted for the walk.
    with (
        django_db_blocker.unblock(),
        transaction.atomic(),
        override_settings(API_REQUESTS_PER_MINUTE=1_000_000),
    ):
        cache.clear()
        made = plant()
        made.people["superuser"] = user("walk-super", is_staff=True, is_superuser=True)
        yield made
        transaction.set_rollback(True)
    cache.clear()


class Sweep:
    """Asks, and keeps every 5xx as (kind of request, pattern, method, address, status)."""

    def __init__(self, person):
        self.client = Client(raise_request_exception=False)
        if person is not None:
            self.client.force_login(person)
        self.failures = []
        self.asked = 0

    def ask(self, kind, name, method, url, **extra):
        self.asked += 1
        response = getattr(self.client, method)(url, **extra)
        if response.status_code >= 500:
            self.failures.append((kind, name, method.upper(), url[:160], response.status_code))
        return response

    def unknown(self):
        known = [f for f in self.failures if self.is_known(f)]
        if known:
            warnings.warn(f"{len(known)} known 5xx skipped: {known}", stacklevel=2)
        return [f for f in self.failures if not self.is_known(f)]

    @staticmethod
    def is_known(failure):
        return failure[:2] in KNOWN_UNTIL_FIXED or (failure[0], "*") in KNOWN_UNTIL_FIXED


def one_each(world):
    walked = addresses(world.values)
    assert not unplaced(walked, EXEMPT), "place the new URL patterns (tests/security)"
    return {name: urls[0] for name, urls in walked.items()}


def bad_paths(route, url):
    """The address with each path argument in turn replaced by each bad value."""
    segments = ARGUMENT.split(route)  # literal, name, literal, name, …
    good = re.fullmatch(_as_regex(segments), url.split("?")[0])
    if good is None:
        return
    for which in range(len(good.groups())):
        for bad in BAD:
            parts = [quote(v) for v in good.groups()]
            parts[which] = quote(bad, safe="")
            literals = segments[0::2]
            yield "/" + "".join(
                literal + (parts[i] if i < len(parts) else "") for i, literal in enumerate(literals)
            )


def _as_regex(segments):
    literals = segments[0::2]
    return "/" + "([^/]+?)".join(re.escape(literal) for literal in literals)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["anonymous", "superuser"])
def test_no_odd_request_to_any_page_is_a_server_error(world, role):
    """Every pattern with odd query values; as a superuser (who gets furthest into every
    view) also with wrong methods and odd path segments."""
    sweep = Sweep(world.people[role])
    routes = dict(patterns())
    deep = role == "superuser"
    for name, url in one_each(world).items():
        for bad in BAD:
            label = "query \\x00" if bad == "\x00" else "query"
            sweep.ask(label, name, "get", url, data=dict.fromkeys(PARAMETERS, bad))
        for method in METHODS if deep else []:
            sweep.ask("method", name, method, url)
        for path in bad_paths(routes[name], url) if deep else []:
            sweep.ask("path", name, "get", path)
    assert sweep.unknown() == []
    assert sweep.asked > (1200 if deep else 600)


@pytest.mark.django_db
def test_odd_cookies_headers_and_form_bodies_are_no_server_errors(world):
    sweep = Sweep(world.people["superuser"])
    pages = one_each(world)
    readers = ["articles:home", "articles:detail", "cards:hand", "tournaments:tournament"]
    for bad in [*BAD, "../../etc", '"', "walk-draft"]:
        anonymous = Sweep(None)
        # As a WSGI server hands it over: the cookie's UTF-8 bytes read as Latin-1.
        anonymous.client.cookies[COOKIE_NAME] = bad.encode().decode("latin-1")
        for name in readers:
            anonymous.ask("cookie", name, "get", pages[name])
        sweep.failures += anonymous.failures
    for name in ["api:article-list", "api:tournament-detail", "articles:detail"]:
        for header in HEADERS:
            sweep.ask("if-none-match", name, "get", pages[name], HTTP_IF_NONE_MATCH=header)
    forms = [
        "login",
        "articles:article-edit",
        "rulings:scenario-edit",
        "tournaments:tournament-edit",
        "tournaments:house-rule-add",
        "toolkit:log-add",
        "cards:card-new",
        "community:reply-edit",
        "community:preferences",
    ]
    for name in forms:
        for content_type, body in FORMS:
            sweep.ask("form body", name, "post", pages[name], data=body, content_type=content_type)
    assert sweep.unknown() == []


@pytest.mark.django_db
def test_the_admin_answers_ids_that_do_not_exist_or_parse_with_no_server_error(world):
    sweep = Sweep(world.people["superuser"])
    for model in admin.site._registry:
        base = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        sweep.ask("admin", base, "get", base)
        sweep.ask("admin", base, "get", base, data={"q": "\x00", "o": "abc", "p": "-1"})
        sweep.ask("admin", base, "get", base + "add/")
        for key in ("abc", "999999", "9" * 30, quote("\x00")):
            for page in ("change/", "history/", "delete/"):
                sweep.ask(f"admin {page}", base, "get", f"{base}{key}/{page}")
    assert sweep.unknown() == []
    assert sweep.asked > 100
