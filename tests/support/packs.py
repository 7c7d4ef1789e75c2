"""Shared by the pack API tests: the official Godslayer pack recorded as version 1, and
users over real HTTP (alice owns, erik edits, bob and charlie are strangers)."""

import copy

import pytest

from tests.support.http import Http, token_client
from tests.support.paths import FIXTURES
from tests.support.users import make_user

OFFICIAL = "godslayer"


@pytest.fixture
def official(transactional_db, live_server):
    from armylists.packs.versions import load_official_pack_file

    system, version, _ = load_official_pack_file(FIXTURES / "godslayer.yaml")
    return version


@pytest.fixture
def alice(api, official, alice):
    return token_client(api, alice)


@pytest.fixture
def bob(api, official, bob):
    return token_client(api, bob)


@pytest.fixture
def charlie(api, official):
    return token_client(api, make_user("charlie"))


@pytest.fixture
def erik(api, official):
    return token_client(api, make_user("erik"))


@pytest.fixture
def anonymous(api, official):
    return Http(api.base)


def fork(client, name="Club Godslayer", version=1, pack_id=OFFICIAL, **more):
    return client.post(
        "/api/v1/packs/", json={"fork": {"id": pack_id, "version": version, **more}, "name": name}
    )


@pytest.fixture
def alices_pack(alice):
    r = fork(alice)
    assert r.status_code == 201, r.text
    return r.json()


def document_of(client, pack_id, number=1, **params):
    r = client.get(f"/api/v1/packs/{pack_id}/versions/{number}/", params=params)
    assert r.status_code == 200, r.text
    return copy.deepcopy(r.json()["document"])


def card(document, key):
    return next(c for c in document["cards"] if c["key"] == key)
