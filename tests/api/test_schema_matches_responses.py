"""The API's OpenAPI schema says what the API returns: every list and detail answer over the
seed content validates against the schema's own description of it, types and nulls included,
with no field the schema does not name."""

import json
from urllib.parse import urlsplit

import pytest
from django.test import override_settings
from django.utils import timezone
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from articles.models import Ruling
from casebook.models import Case
from tournaments.models import Tournament
from tournaments.versions import publish

pytestmark = pytest.mark.django_db

# A detail address and the list field that names its items.
DETAILS = {
    "/api/v1/articles/{key}/": ("/api/v1/articles/", "key"),
    "/api/v1/questions/{id}/": ("/api/v1/questions/", "id"),
    "/api/v1/rulings/{slug}/": ("/api/v1/rulings/", "slug"),
    "/api/v1/sources/{key}/": ("/api/v1/sources/", "key"),
    "/api/v1/glossary/{slug}/": ("/api/v1/glossary/", "slug"),
    "/api/v1/scenarios/{slug}/": ("/api/v1/scenarios/", "slug"),
    "/api/v1/tournaments/{slug}/": ("/api/v1/tournaments/", "slug"),
    "/api/v1/cases/{id}/": ("/api/v1/cases/", "id"),
}
SEARCHES = ["joker", "7", "kong exposure"]
# The engine asked: a touched called tile given back, under League rules and at Harbour
# Lights, and questions it cannot judge (each answered 400).
TOUCHED = (
    "nmjl play turn=S must=expose first-discard taken-by=S / E +13 / S 7D 7D +11 / W +13 / "
    "N +13 / call S on E:7D touched before=(7D 7D +11)"
)
JUDGED = [
    {"table": TOUCHED, "action": "S withdraw-call"},
    {"table": TOUCHED, "action": "S withdraw-call", "tournament": "harbour-lights-open-2027"},
    {"table": TOUCHED, "action": "S withdraw-call", "date": "1990-01-01"},
]
NOT_JUDGED = [{"table": TOUCHED}, {"table": "nmjl", "action": "S call"}]
DOCUMENT = "urn:api-schema"
# jsonschema checks "uri" only with an optional package; an absolute URL is what it means here.
FORMATS = Draft202012Validator.FORMAT_CHECKER
FORMATS.checks("uri")(lambda value: not isinstance(value, str) or bool(urlsplit(value).scheme))


def as_json_schema(node):
    """OpenAPI 3.0's schema objects as JSON Schema: `nullable` becomes a null alternative,
    and an object with properties admits no other field (an undeclared one is a finding)."""
    if isinstance(node, list):
        return [as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: as_json_schema(value) for key, value in node.items()}
    if "properties" in node and node.get("type") == "object":
        node.setdefault("additionalProperties", False)
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


@pytest.fixture(scope="module")
def schema(django_db_setup, django_db_blocker):
    from django.test import Client

    with django_db_blocker.unblock():
        document = json.loads(Client().get("/api/v1/schema/", {"format": "json"}).content)
    return as_json_schema(document)


def validator_for(schema, path, status="200"):
    """The validator of a GET's answer (200 unless told), its $refs read in the whole
    document."""
    answer = schema["paths"][path]["get"]["responses"][status]["content"]["application/json"]
    registry = Registry().with_resource(DOCUMENT, DRAFT202012.create_resource(schema))
    return Draft202012Validator(
        _rooted(answer["schema"]),
        registry=registry,
        format_checker=FORMATS,
    )


def _rooted(node):
    """Point the answer's local $refs ("#/components/…") at the whole document."""
    if isinstance(node, list):
        return [_rooted(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {
        key: (DOCUMENT + value if key == "$ref" and value.startswith("#") else _rooted(value))
        for key, value in node.items()
    }


def findings(validator, answer, address):
    found = []
    for error in validator.iter_errors(answer):
        # Of "valid under none of anyOf/oneOf", the alternative that came closest says why.
        error = best_match(error.context) if error.context else error
        found.append(f"{address} {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
    return found


def every_page(client, address):
    while address:
        response = client.get(address)
        assert response.status_code == 200, address
        body = response.json()
        yield address, body
        address = body.get("next")
        address = urlsplit(address)._replace(scheme="", netloc="").geturl() if address else None


# Every list page and item is read: more than a minute's allowance of one address.
@override_settings(API_REQUESTS_PER_MINUTE=1_000_000)
def test_every_answer_over_the_seed_content_is_what_the_schema_says(content, client, schema):
    # The seed's versions keep an option's value as true/false; one published now keeps the
    # name of the reading it chooses, as the article's tournament differences then show.
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    harbour.base_rules += " Reprinted."
    harbour.save()
    publish(harbour)
    # The seed has no case: two published ones, with a ruling and a decision and without.
    ruling = Ruling.objects.get(slug="give-back-a-racked-call")
    for applies, decision in ((ruling, "The first ruling stands."), (None, "")):
        Case.objects.create(
            ruleset=harbour.ruleset,
            ruling=applies,
            title="A racked call",
            what_happened="A player racked a called tile.",
            ruling_given="She must use it.",
            decision=decision,
            status=Case.Status.PUBLISHED,
            published_at=timezone.now(),
        )
    found = []
    read = {}
    for path in schema["paths"]:
        if "{" in path or "get" not in schema["paths"][path]:
            continue
        validator = validator_for(schema, path)
        if path == "/api/v1/judge/":
            refused = validator_for(schema, path, "400")
            for params in JUDGED:
                found += findings(validator, client.get(path, params).json(), str(params))
            for params in NOT_JUDGED:
                answer = client.get(path, params)
                assert answer.status_code == 400, params
                found += findings(refused, answer.json(), str(params))
            continue
        if path == "/api/v1/search/":
            for words in SEARCHES:
                address = f"{path}?q={words}"
                found += findings(validator, client.get(address).json(), address)
            continue
        for address, body in every_page(client, path):
            found += findings(validator, body, address)
            read.setdefault(path, []).extend(body["results"])
        if path == "/api/v1/rulings/":  # with a tournament's answers in them
            answered = []
            for address, body in every_page(client, f"{path}?tournament={harbour.slug}"):
                found += findings(validator, body, address)
                answered += [r for r in body["results"] if r["tournament_answer"]]
            assert answered, "Harbour Lights answers some rulings otherwise"
    for path, (listed, field) in DETAILS.items():
        assert read.get(listed), f"the seed content has nothing at {listed}"
        validator = validator_for(schema, path)
        for item in read[listed]:
            address = path.replace("{" + path.split("{")[1].split("}")[0] + "}", str(item[field]))
            response = client.get(address)
            assert response.status_code == 200, address
            found += findings(validator, response.json(), address)
    detail_paths = {path for path in schema["paths"] if "{" in path}
    assert detail_paths == set(DETAILS), "a new detail address: name its list in DETAILS"
    assert found == []
