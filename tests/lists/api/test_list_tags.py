"""Tags on saved lists over real HTTP: "tags" on every list the lists API answers with
(POST, GET, PUT, PATCH, the pages of GET /api/v1/lists/), set by PUT and PATCH, bounded
and normalised (every error by path), ``?tag=`` filtering the owner's lists, in the
OpenAPI schema; a stranger's list is 404, an anonymous caller 403."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

CAPTAIN = {"card": "nordgaard-gestir-captain"}


def doc(name="Nordgaard raid"):
    return {"format": "muster-list/1", "system": "godslayer", "name": name,
            "faction": "nordgaard", "battle_size": 160, "role": None,
            "entries": [CAPTAIN], "special_actions": []}


def create(client, name="Nordgaard raid"):
    r = client.post("/api/v1/lists/", json=doc(name))
    assert r.status_code == 201, r.text
    return r.json()


def at(made) -> str:
    return f"/api/v1/lists/{made['id']}/"


def errors_of(response, status=400):
    assert response.status_code == status, response.text
    return {(e["path"], e["code"]) for e in response.json()["errors"]}


def test_a_new_list_has_no_tags_and_every_answer_carries_them(alice_api):
    made = create(alice_api)
    assert made["tags"] == []
    assert alice_api.get(at(made)).json()["tags"] == []
    [summary] = alice_api.get("/api/v1/lists/").json()["results"]
    assert summary["tags"] == []


def test_put_sets_the_tags_normalised_and_keeps_them_when_not_sent(alice_api):
    made = create(alice_api)
    r = alice_api.put(at(made), json={"version": 1, "document": doc(),
                                         "tags": ["  Club   Night ", "club night", "Tourney"]})
    assert r.status_code == 200, r.text
    assert r.json()["tags"] == ["club night", "tourney"]
    assert r.json()["version"] == 2
    r = alice_api.put(at(made), json={"version": 2, "document": doc("Renamed")})
    assert r.json()["tags"] == ["club night", "tourney"]
    assert r.json()["name"] == "Renamed"
    assert alice_api.get(at(made)).json()["tags"] == ["club night", "tourney"]


def test_patch_sets_the_tags_and_an_empty_list_clears_them(alice_api):
    made = create(alice_api)
    r = alice_api.patch(at(made), json={"version": 1, "tags": ["Kill Team", "ÄRGER"]})
    assert r.status_code == 200, r.text
    assert r.json()["tags"] == ["kill team", "ärger"]
    r = alice_api.patch(at(made), json={"version": 2, "name": "Other"})
    assert (r.json()["tags"], r.json()["name"]) == (["kill team", "ärger"], "Other")
    r = alice_api.patch(at(made), json={"version": 3, "tags": []})
    assert r.json()["tags"] == []


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        ("club", {("tags", "not_a_list")}),
        ([""], {("tags[0]", "blank")}),
        (["ok", "   "], {("tags[1]", "blank")}),
        (["x" * 41], {("tags[0]", "max_length")}),
        (["bell\x07"], {("tags[0]", "invalid")}),
        (["tab\there"], {("tags[0]", "invalid")}),
        # The body parser refuses NUL anywhere in a body, by path.
        (["nul\x00"], {("tags[0]", "nul_character")}),
        ([7, None], {("tags[0]", "invalid"), ("tags[1]", "invalid")}),
        ([f"t{n}" for n in range(21)], {("tags", "max_length")}),
    ],
)
def test_bad_tags_are_refused_by_path_and_nothing_is_saved(alice_api, tags, expected):
    made = create(alice_api)
    assert errors_of(alice_api.patch(at(made), json={"version": 1, "tags": tags})) == expected
    put = {"version": 1, "document": doc("Changed"), "tags": tags}
    assert errors_of(alice_api.put(at(made), json=put)) == expected
    now = alice_api.get(at(made)).json()
    assert (now["tags"], now["version"], now["name"]) == ([], 1, "Nordgaard raid")


def test_the_bounds_themselves_are_tags(alice_api):
    made = create(alice_api)
    tags = ["x" * 40] + [f"t{n}" for n in range(19)]
    r = alice_api.patch(at(made), json={"version": 1, "tags": tags})
    assert r.status_code == 200, r.text
    assert r.json()["tags"] == tags
    # Twenty-one sent, but two are one tag: twenty kept.
    r = alice_api.patch(at(made), json={"version": 2, "tags": [*tags, "T0"]})
    assert r.status_code == 200 and len(r.json()["tags"]) == 20


def test_a_stale_edit_sets_no_tags(alice_api):
    made = create(alice_api)
    alice_api.patch(at(made), json={"version": 1, "name": "Moved on"})
    r = alice_api.patch(at(made), json={"version": 1, "tags": ["late"]})
    assert errors_of(r, 409) == {("version", "conflict")}
    assert alice_api.get(at(made)).json()["tags"] == []


def test_tag_filters_the_owners_lists_case_insensitively(alice_api, bob_api):
    club = create(alice_api, "Club list")
    alice_api.patch(at(club), json={"version": 1, "tags": ["Club", "Nordgaard"]})
    other = create(alice_api, "Other list")
    alice_api.patch(at(other), json={"version": 1, "tags": ["nordgaard"]})
    create(alice_api, "Untagged")
    bobs = create(bob_api, "Bob's club list")
    bob_api.patch(at(bobs), json={"version": 1, "tags": ["club"]})

    def names(query):
        r = alice_api.get(f"/api/v1/lists/{query}")
        assert r.status_code == 200, r.text
        return sorted(x["name"] for x in r.json()["results"])

    assert names("?tag=club") == ["Club list"]
    assert names("?tag=%20CLUB%20") == ["Club list"]
    assert names("?tag=nordgaard") == ["Club list", "Other list"]
    assert names("?tag=nordgaard&q=other") == ["Other list"]
    assert names("?tag=nothing") == []
    assert names("?tag=") == ["Club list", "Other list", "Untagged"]


@pytest.mark.parametrize(("tag", "code"), [("x" * 41, "max_length"), ("a%07b", "invalid"),
                                           ("a%00b", "invalid")])
def test_a_bad_tag_filter_is_a_400_naming_it(alice_api, tag, code):
    assert errors_of(alice_api.get(f"/api/v1/lists/?tag={tag}")) == {("tag", code)}


def test_strangers_get_404_and_anonymous_callers_403(alice_api, bob_api, anonymous):
    made = create(alice_api)
    body = {"version": 1, "tags": ["mine"]}
    assert errors_of(bob_api.patch(at(made), json=body), 404)
    assert errors_of(bob_api.put(at(made), json={**body, "document": doc()}), 404)
    assert errors_of(anonymous.patch(at(made), json=body), 403)
    assert errors_of(anonymous.get("/api/v1/lists/?tag=mine"), 403)
    assert bob_api.get("/api/v1/lists/?tag=mine").json()["results"] == []
    assert alice_api.get(at(made)).json()["tags"] == []


def test_the_schema_documents_the_tags(anonymous):
    schema = anonymous.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    for name in ("ListSummary", "ListDetail", "ListPutRequest", "ListPatchRequest"):
        tags = components[name]["properties"]["tags"]
        assert tags["type"] == "array" and tags["maxItems"] == 20, (name, tags)
        assert tags["items"]["maxLength"] == 40
    assert "tags" in components["ListSummary"]["required"]
    assert "tags" not in components["ListPatchRequest"].get("required", [])
    parameters = schema["paths"]["/api/v1/lists/"]["get"]["parameters"]
    assert "tag" in {p["name"] for p in parameters}
