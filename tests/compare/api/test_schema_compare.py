"""The diff and snapshot endpoints are in the OpenAPI schema with their errors and
examples, and the diff example is what the API answers."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

# path -> {method: the statuses it documents}
DOCUMENTED = {
    "/api/v1/lists/{list_id}/diff/": {"get": {"200", "400", "403", "404"}},
    "/api/v1/diff/": {"post": {"200", "400", "413"}},  # 413: a body over the size bound
    "/api/v1/lists/{list_id}/snapshots/": {"get": {"200", "403", "404"},
                                           "post": {"200", "201", "403", "404"}},
    "/api/v1/snapshots/{code}/": {"get": {"200", "404"}},
    "/api/v1/snapshots/verify/": {"post": {"200", "400", "413"}},
}  # fmt: skip


def test_it_documents_every_endpoint_with_errors_and_examples(api, live_godslayer):
    paths = api.get("/api/schema/?format=json").json()["paths"]
    for path, methods in DOCUMENTED.items():
        for method, statuses in methods.items():
            operation = paths[path][method]
            assert set(operation["responses"]) == statuses, (path, method)
            success = operation["responses"]["200"]["content"]["application/json"]
            assert success["examples"], (path, method)
            if method == "post" and "requestBody" in operation:
                assert operation["requestBody"]["content"]["application/json"]["examples"]
    diff_query = {p["name"] for p in paths["/api/v1/lists/{list_id}/diff/"]["get"]["parameters"]}
    assert diff_query == {"list_id", "version", "to", "against", "shared"}


def test_the_diff_example_is_what_the_api_answers(api, live_godslayer):
    from armylists.compare.api.diff_schema import ANSWER_EXAMPLE, BODY_EXAMPLE

    r = api.post("/api/v1/diff/", json=BODY_EXAMPLE.value)
    assert r.status_code == 200, r.text
    assert r.json() == ANSWER_EXAMPLE.value


def test_the_snapshot_example_carries_the_hash_of_its_document():
    from armylists.compare.api.snapshot_schema import SNAPSHOT_EXAMPLE
    from armylists.compare.canonical import code_of, snapshot_hash
    from rules.engine import parse

    example = SNAPSHOT_EXAMPLE.value
    digest = snapshot_hash(document=parse(example["document"]), system=example["system"],
                           data_version=example["data_version"])  # fmt: skip
    assert (example["hash"], example["code"]) == (digest, code_of(digest))
