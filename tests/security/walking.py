"""What the security walks share: every URL pattern of the site, one real address for each
(from the objects a walk planted), and the patterns left out, each with its reason.

A walk asks `addresses(values)` for its addresses; `unplaced(addresses, exempt)` names every
pattern that is neither walked nor exempt, so a new view fails the walks until it is placed.
"""

import re
from itertools import product

from django.urls import NoReverseMatch, reverse

from tests.tournaments.test_card_privacy import named_patterns

ARGUMENT = re.compile(r"<(?:\w+:)?(\w+)>")

# Patterns no walk opens, with the reason. Everything else is walked by every walk.
EXEMPT = {
    "toolkit:service-worker": "a script with no stored text (its offline copies are walked)",
    "toolkit:web-manifest": "a fixed manifest with no stored text",
    "cards:hand-engine-module": "the hand check module's source code, no stored text",
    "api:not-found": "the API's JSON 404 for an address naming nothing (tests/api/)",
    "switch-language": "a redirect that sets the language cookie, no stored text (tests/languages)",
    # The throwaway model of the test settings (tests/versioned_app): no site content.
    **{
        f"notes:note-{page}": "the test settings' throwaway versioned model"
        for page in ("edit", "history", "compare", "restore")
    },
}


def patterns() -> list[tuple[str, str]]:
    """(name, route) of every named pattern of the URLconf, the admin's left out (the
    odd-request sweep walks the admin's pages on its own)."""
    return list(named_patterns())


def addresses(values, queries=None) -> dict[str, list[str]]:
    """Each pattern's addresses: its arguments filled from `values`, a dict of lists keyed
    by (route prefix, argument) or by the argument alone (the longest prefix of the route
    that names the argument wins), in every combination.

    `queries` adds query strings by pattern name (a compare page needs two versions).
    """
    queries = queries or {}
    found = {}
    for name, route in patterns():
        arguments = ARGUMENT.findall(route)
        choices = [_values_for(values, route, argument) for argument in arguments]
        urls = []
        for combination in product(*choices):
            try:
                url = reverse(name, kwargs=dict(zip(arguments, combination, strict=True)))
            except NoReverseMatch:
                continue
            urls += [url + query for query in queries.get(name, [""])]
        if urls:
            found[name] = urls
    return found


def _values_for(values, route, argument):
    prefixes = [
        key[0]
        for key in values
        if isinstance(key, tuple) and key[1] == argument and route.startswith(key[0])
    ]
    if prefixes:
        return values[(max(prefixes, key=len), argument)]
    return values.get(argument, [])


def unplaced(walked, exempt) -> list[str]:
    """The pattern names a walk neither walked nor exempted."""
    return [name for name, _ in patterns() if name not in walked and name not in exempt]


def body_of(response) -> str:
    """A response's text as a reader receives it: body (streamed too) and redirect target."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return body.decode("utf-8", "replace") + response.get("Location", "")
