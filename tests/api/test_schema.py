"""The API's OpenAPI document is valid and describes every resource."""

import pytest
import yaml
from openapi_spec_validator import validate

pytestmark = pytest.mark.django_db


def test_the_schema_is_a_valid_openapi_document_listing_every_resource(client):
    response = client.get("/api/v1/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    validate(schema)
    paths = set(schema["paths"])
    for resource in ("articles", "questions", "sources", "glossary", "scenarios", "tournaments"):
        assert f"/api/v1/{resource}/" in paths
    assert "/api/v1/articles/{key}/" in paths and "/api/v1/search/" in paths
    judge = schema["paths"]["/api/v1/judge/"]["get"]
    assert {"200", "400"} <= set(judge["responses"])
    assert {p["name"] for p in judge["parameters"] if p.get("required")} == {"table", "action"}
    article = schema["components"]["schemas"]["Article"]["properties"]
    assert {"ruling", "commentary", "answers", "citations", "scenario_checks"} <= set(article)
