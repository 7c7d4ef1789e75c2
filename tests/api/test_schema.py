"""The OpenAPI schema documents every endpoint and its errors; the docs page loads."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_documents_the_endpoints_with_their_errors(api, live_godslayer):
    r = api.get("/api/schema/?format=json")
    assert r.status_code == 200
    schema = r.json()
    paths = schema["paths"]
    validate = paths["/api/v1/validate/"]["post"]
    assert {"200", "400"} <= set(validate["responses"])
    assert validate["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ListDocument"
    }
    assert "404" in paths["/api/v1/systems/{system}/"]["get"]["responses"]
    components = schema["components"]["schemas"]
    assert {"ListDocument", "ListDocumentEntry", "CustomUnit", "Errors", "ValidationResult"} <= set(components)
    assert components["ListDocument"]["properties"]["entries"]["items"] == {
        "$ref": "#/components/schemas/ListDocumentEntry"
    }


def test_it_serves_the_browsable_docs(api, live_godslayer):
    r = api.get("/api/docs/")
    assert r.status_code == 200 and "swagger" in r.text.lower()
    # Served by us (drf-spectacular-sidecar): the docs work offline and behind a strict CSP.
    assert "cdn.jsdelivr.net" not in r.text and "/static/drf_spectacular_sidecar/" in r.text
