"""An address under /api/v1/ that names nothing is answered by the API, in JSON, as a 404."""

import pytest
from django.test import Client


@pytest.mark.parametrize(
    "address",
    ["/api/v1/articles/not a slug!/", "/api/v1/questions/abc/", "/api/v1/nothing-here/"],
)
def test_an_api_address_that_names_nothing_is_a_json_404(db, address):
    response = Client().get(address)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}
