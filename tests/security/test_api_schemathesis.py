"""schemathesis checks the read API against its own OpenAPI document (/api/v1/schema/): a
few generated requests per operation, through the WSGI application (no server), on the seed
content; every answer is what the schema says (status, content type, body), never a 5xx.

schemathesis' pytest loader (`from_fixture`) does not run under pytest 9 (it sets the
node's `_nodeid`), so the operations are driven through its Python API, each with
Hypothesis' `given` and a small example budget.
"""

import warnings

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance, status_code_conformance

from tests.tournaments.conftest import content  # noqa: F401  (the seed content, per module)

EXAMPLES = 8  # per operation (15 of them)
# (operation, failure) pairs schemathesis finds on today's main, skipped with a warning until
# their fixes merge and the lead empties the list. (With this budget it finds none: the
# generated keys rarely name a stored row, so finding 7's nullable fields go unseen here.)
KNOWN_UNTIL_FIXED: set[tuple[str, str]] = set()
# Operations whose parameters are written in a notation the schema cannot describe (a table,
# an action): a string the schema allows may still be no table, and is rightly answered 400
# (documented); their answers are checked all the same, and never a 5xx.
WRITTEN_IN_NOTATION = {"GET /api/v1/judge/"}


def documented_or_not_found(ctx, response, case):
    """The status is one the schema documents, or a 404 (an unknown key, a page past the last),
    which the schema leaves undocumented as drf-spectacular does. (A key that is no slug gets
    the site's HTML 404 from the URL resolver, not the API's JSON: reported to the lead.)"""
    if response.status_code == 404:
        return None
    return status_code_conformance(ctx, response, case)


def failures_of(operation) -> list[tuple[str, str]]:
    """(operation, failure title) for what schemathesis finds in the operation's generated
    cases (Hypothesis stops at the first distinct failures it shrinks)."""

    @given(case=operation.as_strategy())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(case):
        notation = operation.label in WRITTEN_IN_NOTATION
        case.call_and_validate(
            # Answers are gzip-compressed for a client that accepts it, and the WSGI
            # transport hands schemathesis the bytes as sent: ask for them plain.
            headers={"Accept-Encoding": "identity"},
            excluded_checks=[status_code_conformance]
            + ([positive_data_acceptance] if notation else []),
            additional_checks=[documented_or_not_found],
        )

    try:
        check()
    except (Exception, BaseExceptionGroup) as failure:  # schemathesis' FailureGroup
        found = getattr(failure, "exceptions", None) or [failure]
        found = [(operation.label, getattr(e, "title", repr(e)[:300])) for e in found]
        print(operation.label, str(failure)[:2000])  # the reproducing request, for the log
        return found
    return []


@pytest.fixture
def connection_kept():
    """Requests through the WSGI application keep the test's database connection open, as
    Django's test client does (closing it would end the test's transaction on PostgreSQL)."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.mark.django_db
@override_settings(API_REQUESTS_PER_MINUTE=1_000_000)  # every case comes from one address
def test_the_api_answers_as_its_schema_says(content, connection_kept):  # noqa: F811
    schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", get_wsgi_application())
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 13  # every list and detail, and the search
    failed = [failure for operation in operations for failure in failures_of(operation)]
    known = [failure for failure in failed if failure in KNOWN_UNTIL_FIXED]
    if known:
        warnings.warn(f"known schema failures skipped: {known}", stacklevel=1)
    unknown = [failure for failure in failed if failure not in KNOWN_UNTIL_FIXED]
    assert not unknown, "\n".join(map(str, unknown))
