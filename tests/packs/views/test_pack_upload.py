"""Uploading a pack file: as a new pack, or as the next version of one's own; refused
whole, every problem's path shown, nothing stored."""

import copy
import json

import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile

from armylists.packs.models import Pack, PackVersion
from tests.support import pack_pages
from tests.support.pack_pages import CAPTAIN
from tests.support.pages import Page

official, erik, alices_pack, clients = (
    pack_pages.official, pack_pages.erik, pack_pages.alices_pack, pack_pages.clients,
)  # fmt: skip


def upload(client, url, text, filename="pack.yaml", **data):
    file = SimpleUploadedFile(filename, text.encode() if isinstance(text, str) else text)
    return client.post(url, {"file": file, **data})


def problems(response) -> list[str]:
    return [li.text for li in Page(response).testid("problems")[0].find_all("li")]


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_a_pack_file_uploads_as_a_new_private_pack(clients, official, alice, fmt):
    text = json.dumps(official.document) if fmt == "json" else yaml.safe_dump(official.document)
    data = {"name": "From my cards", "system": "godslayer", "note": "typed in"}
    response = upload(clients["alice"], "/packs/upload/", text, f"p.{fmt}", **data)
    pack = Pack.objects.get(owner=alice)
    assert response.status_code == 302 and response["Location"] == f"/packs/{pack.id}/"
    assert (pack.name, pack.visibility) == ("From my cards", "private")
    assert pack.versions.get().document == official.document


def test_a_file_uploads_as_the_next_version_of_ones_pack(clients, alices_pack, official):
    document = copy.deepcopy(official.document)
    next(c for c in document["cards"] if c["key"] == CAPTAIN)["points"] = 44
    url = f"/packs/{alices_pack.id}/upload/"
    response = upload(clients["erik"], url, yaml.safe_dump(document), note="points")
    assert response.status_code == 302
    latest = alices_pack.versions.order_by("-number").first()
    assert (latest.number, latest.note, latest.author.username) == (2, "points", "erik")


def test_a_broken_file_is_refused_whole_with_every_path(clients, alices_pack, official):
    document = copy.deepcopy(official.document)
    document["cards"][0]["points"] = "many"
    document["cards"][1]["faction"] = "atlantis"
    document["items"][0]["kind"] = ""
    url = f"/packs/{alices_pack.id}/upload/"
    response = upload(clients["alice"], url, yaml.safe_dump(document))
    assert response.status_code == 400
    shown = problems(response)
    assert any(p.startswith("document.cards[0].points") for p in shown)
    assert any(p.startswith("document.items[0].kind") for p in shown)
    assert PackVersion.objects.filter(pack=alices_pack).count() == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"format: [unclosed", "is not valid YAML"),
        (b"{not json", "is not valid JSON"),
        (b"- a list\n- of things\n", "does not hold a pack"),
        (b"\xff\xfe", "is not UTF-8"),
        (b"a: &x [1, 2]\nb: *x\n", "anchors or aliases"),
        (b"format: x\x00", "NUL"),
    ],
)
def test_what_is_no_pack_file_is_refused_with_the_reason(
    clients, official, alice, content, message
):
    data = {"name": "x", "system": "godslayer"}
    response = upload(clients["alice"], "/packs/upload/", content, **data)
    assert response.status_code == 400
    assert any(message in p for p in problems(response))
    assert not Pack.objects.filter(owner=alice).exists()


def test_a_pack_of_another_game_is_refused(clients, official, alice, load_system):
    from rules import selectors

    load_system("trupp")
    selectors.forget()
    data = {"name": "x", "system": "trupp"}
    response = upload(clients["alice"], "/packs/upload/", yaml.safe_dump(official.document), **data)
    assert response.status_code == 400
    assert any("document.system.key" in p for p in problems(response))


def test_the_form_needs_a_file_a_name_and_a_known_game(clients, official):
    response = clients["alice"].post("/packs/upload/", {"name": "", "system": "chess"})
    assert response.status_code == 400
    text = Page(response).text
    assert "This field is required." in text and "Select a valid choice." in text


def test_upload_needs_a_login_and_a_pack_one_may_publish_to(clients, alices_pack):
    assert clients["anonymous"].get("/packs/upload/").status_code == 302
    assert clients["bob"].get(f"/packs/{alices_pack.id}/upload/").status_code == 404
    assert clients["bob"].get("/packs/godslayer/upload/").status_code == 404
