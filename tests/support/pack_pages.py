"""Shared by the pack page tests: the official Godslayer pack recorded as version 1,
alice's fork of it (private), erik an editor of it, and clients for each user."""

import pytest
from django.test import Client

from tests.support.paths import FIXTURES
from tests.support.users import make_user

OFFICIAL = "godslayer"
CAPTAIN = "nordgaard-gestir-captain"
AXE = "nordgaard-bearded-axe"


@pytest.fixture
def official(db):
    from armylists.packs.versions import load_official_pack_file

    _, version, _ = load_official_pack_file(FIXTURES / "godslayer.yaml")
    return version


@pytest.fixture
def erik(db):
    return make_user("erik")


@pytest.fixture
def alices_pack(official, alice, erik):
    from armylists.packs import services as packs

    pack = packs.pack_fork(user=alice, source=official, name="Club Godslayer")
    packs.pack_update(pack=pack, editors=["erik"])
    return pack


def client_of(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def clients(alice, bob, charlie, erik):
    """Owner, editor, strangers and anonymous, by name."""
    return {
        "alice": client_of(alice),
        "erik": client_of(erik),
        "bob": client_of(bob),
        "charlie": client_of(charlie),
        "anonymous": client_of(None),
    }


def row_fields(page, form_id: str) -> dict[str, str]:
    """What a browser submits for the editor's row form ``form_id``: the inputs that
    name it with ``form=`` (checked boxes only) and the hidden fields inside it."""
    data = {}
    for node in page.root.find_all("input", form=form_id):
        if node.attrs.get("type") == "checkbox":
            if "checked" in node.attrs:
                data[node.attrs["name"]] = node.attrs.get("value", "on")
            continue
        data[node.attrs["name"]] = node.attrs.get("value", "")
    form = page.root.find("form", id=form_id)
    for node in form.find_all("input", type="hidden"):
        data[node.attrs["name"]] = node.attrs.get("value", "")
    return data
