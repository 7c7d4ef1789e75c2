"""Bases not from the catalogue, in Boarding Action's pack editor: a card made from a
BattleScribe catalogue shows the marker beside its base; saving the row with its base
(kept or corrected) confirms it, and so does unticking the box. Cards that never had the
marker gain nothing from a save."""

import pytest

from armylists.packs import catalogue_import as pack_catalogues
from armylists.packs.models import PackDraft
from tests.support.battlescribe_catalogues import CAT, GST
from tests.support.pack_pages import client_of, row_fields
from tests.support.pages import Page
from tests.support.paths import FIXTURES

MARKER = "attributes__base_unconfirmed"


@pytest.fixture
def imported(db, alice):
    from armylists.packs.versions import load_official_pack_file

    load_official_pack_file(FIXTURES / "boarding-action.yaml")
    return pack_catalogues.pack_from_catalogue(
        user=alice, catalogue=CAT, game_system=GST, name="Club Marines"
    ).pack


def cards_page(client, pack):
    return Page(client.get(f"/packs/{pack.id}/edit/?section=cards"))


def draft_card(pack, key) -> dict:
    document = PackDraft.objects.get(pack=pack).document
    return next(c for c in document["cards"] if c["key"] == key)


def test_the_marker_shows_beside_the_base(imported, alice):
    page = cards_page(client_of(alice), imported)
    heads = [th.text for th in page.testid("pack-table")[0].find("thead").find_all("th")]
    assert heads.index("Base not from the catalogue") == heads.index("Base (mm)") + 1
    fields = row_fields(page, "row-form-assault-marines")
    assert (fields["base_mm"], fields[MARKER]) == ("32", "1")


@pytest.mark.parametrize("base", ["32", "40"], ids=["kept", "corrected"])
def test_saving_the_row_with_a_base_confirms_it(imported, alice, base):
    client = client_of(alice)
    fields = row_fields(cards_page(client, imported), "row-form-assault-marines")
    assert fields[MARKER] == "1"  # the box still ticked: the save is the check
    fields["base_mm"] = base
    assert client.post(f"/packs/{imported.id}/edit/row/", fields).status_code == 302
    card = draft_card(imported, "assault-marines")
    assert (card["base_mm"], card["attributes"]["base_unconfirmed"]) == (int(base), False)
    assert "checked" not in [
        i for i in cards_page(client, imported).root.find_all("input", name=MARKER,
                                                              form="row-form-assault-marines")
    ][0].attrs
    # The other cards keep their marker.
    assert draft_card(imported, "tactical-marines")["attributes"]["base_unconfirmed"] is True


def test_a_row_saved_without_a_base_keeps_the_marker(imported, alice):
    client = client_of(alice)
    fields = row_fields(cards_page(client, imported), "row-form-assault-marines")
    fields["base_mm"] = ""
    assert client.post(f"/packs/{imported.id}/edit/row/", fields).status_code == 302
    assert draft_card(imported, "assault-marines")["attributes"]["base_unconfirmed"] is True


def test_confirmed_bases_survive_the_next_import(imported, alice):
    client = client_of(alice)
    fields = row_fields(cards_page(client, imported), "row-form-assault-marines")
    fields["base_mm"] = "40"
    client.post(f"/packs/{imported.id}/edit/row/", fields)
    publish = client.post(f"/packs/{imported.id}/edit/publish/", {"note": "bases"})
    assert publish.status_code == 302
    changed = CAT.replace(b'value="17.0"', b'value="16.0"')
    pack_catalogues.pack_from_catalogue(
        user=alice, catalogue=changed, game_system=GST, name="Club Marines", pack=imported
    )
    cards = {c["key"]: c for c in imported.versions.order_by("-number").first().document["cards"]}
    assert (cards["assault-marines"]["base_mm"],
            cards["assault-marines"]["attributes"]["base_unconfirmed"]) == (40, False)
    assert cards["tactical-marines"]["attributes"]["base_unconfirmed"] is True
