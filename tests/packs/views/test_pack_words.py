"""Issue 32 on the pack pages: "What changed" names rows by their names and fields by
the editor's labels, in German under German; the note the site writes on a fork is
shown in the reader's language (stored, and answered by the API, in English); the
settings page offers to renew the link only for a pack shared by link; the versions
table stacks into one block per version on a phone (each cell labelled)."""

import pytest

from armylists.packs.models import Pack
from tests.support import pack_pages
from tests.support.pack_pages import AXE, CAPTAIN, row_fields
from tests.support.pages import Page

official, erik, alices_pack, clients = (
    pack_pages.official, pack_pages.erik, pack_pages.alices_pack, pack_pages.clients,
)  # fmt: skip


def save_row(client, pack, row, section="cards", **changes):
    page = Page(client.get(f"/packs/{pack.id}/edit/?section={section}"))
    fields = row_fields(page, f"row-form-{row}")
    fields.update(changes)
    assert client.post(f"/packs/{pack.id}/edit/row/", fields).status_code == 302


def german(client):
    client.cookies["django_language"] = "de"
    return client


def test_what_changed_in_german_names_rows_and_fields(clients, alices_pack):
    alice = clients["alice"]
    save_row(alice, alices_pack, CAPTAIN, points="44", aal="2", names__de="Gestir-Hauptmann")
    save_row(alice, alices_pack, AXE, section="items", points="7")
    assert alice.post(f"/packs/{alices_pack.id}/edit/publish/", {"note": "v2"}).status_code == 302
    page = Page(german(alice).get(f"/packs/{alices_pack.id}/diff/?from=1&to=2",
                                  HTTP_ACCEPT_LANGUAGE="de"))
    fields = sorted((f.attrs["data-field"], f.text) for f in page.testid("field"))
    assert fields == [("aal", "ASL"), ("names.de", "Name (Deutsch)"), ("points", "Kosten"),
                      ("points", "Modellpunkte")]
    names = sorted(" ".join(n.text.split()) for n in page.testid("row-name"))
    # Each row by its German name (the card's new in version 2), its key beside it.
    assert names[0] == f"Gegenstand Bartaxt {AXE}"
    assert names[1] == f"Karte Gestir-Hauptmann {CAPTAIN}"


def test_the_fork_note_is_shown_in_the_readers_language(clients, alices_pack):
    version = alices_pack.versions.get(number=1)
    assert version.note == "forked from Godslayer v1"  # stored (and answered) in English
    english = Page(clients["alice"].get(f"/packs/{alices_pack.id}/"))
    assert english.testid("version-note")[0].text == "forked from Godslayer v1"
    page = Page(german(clients["alice"]).get(f"/packs/{alices_pack.id}/",
                                             HTTP_ACCEPT_LANGUAGE="de"))
    assert page.testid("version-note")[0].text == "abgeleitet von Godslayer v1"


def test_a_typed_note_is_shown_as_typed(clients, alices_pack):
    from armylists.packs.templatetags.pack_notes import pack_note

    assert pack_note("Points from the printed cards") == "Points from the printed cards"
    assert pack_note("") == "" and pack_note(None) == ""


@pytest.mark.parametrize("visibility,offered", [
    (Pack.PRIVATE, False), (Pack.PUBLIC, False), (Pack.LINK, True),
])  # fmt: skip
def test_renew_the_link_only_for_a_pack_shared_by_link(clients, alices_pack, visibility,
                                                        offered):
    Pack.objects.filter(pk=alices_pack.pk).update(visibility=visibility)
    page = Page(clients["alice"].get(f"/packs/{alices_pack.id}/settings/"))
    assert bool(page.testid("renew-link")) is offered
    old = alices_pack.share_token
    response = clients["alice"].post(f"/packs/{alices_pack.id}/link/", {"action": "renew"})
    assert response.status_code == 302
    alices_pack.refresh_from_db()
    assert (alices_pack.share_token != old) is offered
    assert alices_pack.visibility == visibility


def test_the_versions_table_stacks_on_a_phone_with_labelled_cells(clients, alices_pack):
    page = Page(german(clients["alice"]).get(f"/packs/{alices_pack.id}/",
                                             HTTP_ACCEPT_LANGUAGE="de"))
    [table] = page.testid("pack-versions")
    assert "stack" in table.attrs["class"].split()
    [row] = page.testid("version-row")
    labels = [td.attrs.get("data-label") for td in row.find_all("td")]
    assert labels == ["Version", "Hinweis", "Autor", "Veröffentlicht", "Herunterladen",
                      "Änderungen"]
