"""The pack editor (plain forms): a section as a table with the game's columns, rows
changed, renamed, added and removed by key into a draft kept on the server, problems at
their cells, publishing the next version with its note (409 when someone else published
meanwhile); and the page of what changed between two versions."""

import pytest

from armylists.packs.models import PackDraft
from tests.support import pack_pages
from tests.support.pack_pages import AXE, CAPTAIN, row_fields
from tests.support.pages import Page

official, erik, alices_pack, clients = (
    pack_pages.official, pack_pages.erik, pack_pages.alices_pack, pack_pages.clients,
)  # fmt: skip


def editor(client, pack, section="cards"):
    return Page(client.get(f"/packs/{pack.id}/edit/?section={section}"))


def save_row(client, pack, row, section="cards", **changes):
    fields = row_fields(editor(client, pack, section), f"row-form-{row}")
    fields.update(changes)
    return client.post(f"/packs/{pack.id}/edit/row/", fields)


def publish(client, pack, note="from the printed cards"):
    return client.post(f"/packs/{pack.id}/edit/publish/", {"note": note})


def test_the_cards_show_with_godslayers_columns(clients, alices_pack):
    page = editor(clients["alice"], alices_pack)
    heads = [th.text for th in page.testid("pack-table")[0].find("thead").find_all("th")]
    assert heads[:4] == ["Key", "Name (English)", "Name (German)", "Faction"]
    for column in ("MOV", "MEL", "RAN", "MAG", "DEF", "ARM", "DIS", "ACT", "Hit points", "AAL"):
        assert column in heads
    assert "Items it may take" in heads and "Warlord" in heads
    fields = row_fields(page, f"row-form-{CAPTAIN}")
    assert fields["points"] == "40" and fields["stats__MOV"] == "4"
    assert fields["attributes__hit_points"] == "16" and fields["warlord"] == "1"
    assert fields["items"].startswith(AXE)
    items = editor(clients["alice"], alices_pack, "items")
    heads = [th.text for th in items.testid("pack-table")[0].find("thead").find_all("th")]
    assert "Cost" in heads and row_fields(items, f"row-form-{AXE}")["points"] == "5"


def test_a_change_goes_into_a_draft_kept_on_the_server(clients, alices_pack, alice):
    response = save_row(clients["alice"], alices_pack, CAPTAIN, points="44", aal="2")
    assert response.status_code == 302 and response["Location"].endswith(f"#row-{CAPTAIN}")
    draft = PackDraft.objects.get(pack=alices_pack, author=alice)
    card = next(c for c in draft.document["cards"] if c["key"] == CAPTAIN)
    assert (card["points"], card["aal"], draft.base_version) == (44, 2, 1)
    # A reload shows the draft; the version itself is unchanged.
    page = editor(clients["alice"], alices_pack)
    assert row_fields(page, f"row-form-{CAPTAIN}")["points"] == "44"
    assert "Draft from version 1" in page.testid("draft-status")[0].text
    assert alices_pack.versions.get().document["cards"][0]["points"] == 40
    # Each member has a draft of his own.
    assert row_fields(editor(clients["erik"], alices_pack), f"row-form-{CAPTAIN}")["points"] == "40"


def test_a_new_key_renames_and_keeps_the_old_one_as_an_alias(clients, alices_pack, alice):
    save_row(clients["alice"], alices_pack, CAPTAIN, key="nordgaard-jarl")
    cards = PackDraft.objects.get(author=alice).document["cards"]
    card = next(c for c in cards if c["key"] == "nordgaard-jarl")
    assert card["aliases"] == [CAPTAIN]


def test_a_problem_is_shown_at_its_cell_and_publishing_refuses_it(clients, alices_pack):
    save_row(clients["alice"], alices_pack, CAPTAIN, faction="atlantis", items="no-such-item")
    page = editor(clients["alice"], alices_pack)
    row = page.root.find("tr", data_key=CAPTAIN)
    cells = {
        td.find("input").attrs["name"]: [p.text for p in td.find_all(data_testid="cell-problem")]
        for td in row.find_all("td")
        if td.find("input") is not None and "name" in td.find("input").attrs
    }
    assert cells["faction"] == ["unknown faction 'atlantis'"]
    assert cells["items"] == ["unknown item 'no-such-item'"]
    summary = page.testid("draft-problems")[0]
    assert "2 problems to fix" in summary.text
    # Listed too, each linking to its row (on a phone the cell may be off screen).
    assert f"{CAPTAIN} · Faction: unknown faction 'atlantis'" in summary.text
    assert summary.find("a").attrs["href"] == f"#row-{CAPTAIN}"
    response = publish(clients["alice"], alices_pack)
    assert response.status_code == 400 and alices_pack.versions.count() == 1


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"points": "many"}, "points", "Enter a whole number."),
        ({"key": "Not A Key"}, "key", "Not a key"),
        ({"key": "nordgaard-ravenwitch"}, "key", "already the key of a row"),
        ({"name": "x\x00"}, "name", "cannot be stored"),
    ],
)
def test_a_refused_row_keeps_what_was_typed_with_the_reason(
    clients, alices_pack, changes, field, message
):
    response = save_row(clients["alice"], alices_pack, CAPTAIN, **changes)
    assert response.status_code == 400
    row = Page(response).root.find("tr", data_key=CAPTAIN)
    cell = next(td for td in row.find_all("td") if td.find("input", name=field) is not None)
    assert message in cell.text
    # Nothing of a refused row is kept (a draft, if started, holds the row as it was).
    for draft in PackDraft.objects.all():
        assert draft.document["cards"][0] == alices_pack.versions.get().document["cards"][0]


def test_rows_are_added_and_removed_by_key(clients, alices_pack, alice):
    url = f"/packs/{alices_pack.id}/edit/add/"
    added = clients["alice"].post(
        url, {"section": "items", "key": "nordgaard-spear", "name": "Spear", "points": "4"}
    )
    assert added.status_code == 302
    items = PackDraft.objects.get(author=alice).document["items"]
    spear = next(i for i in items if i["key"] == "nordgaard-spear")
    assert (spear["points"], spear["faction"], spear["kind"]) == (4, "nordgaard", "equipment")
    twice = clients["alice"].post(url, {"section": "items", "key": "nordgaard-spear", "name": "S"})
    assert twice.status_code == 400 and "already the key of a row" in twice.content.decode()
    remove = f"/packs/{alices_pack.id}/edit/remove/"
    clients["alice"].post(remove, {"section": "items", "row": "nordgaard-spear"})
    keys = [i["key"] for i in PackDraft.objects.get(author=alice).document["items"]]
    assert "nordgaard-spear" not in keys and AXE in keys


def test_publishing_makes_the_next_version_with_its_note_and_ends_the_draft(clients, alices_pack):
    save_row(clients["alice"], alices_pack, CAPTAIN, points="44")
    response = publish(clients["alice"], alices_pack, "points from the cards")
    assert response.status_code == 302
    latest = alices_pack.versions.order_by("-number").first()
    assert (latest.number, latest.note, latest.author.username) == (
        2,
        "points from the cards",
        "alice",
    )
    assert not PackDraft.objects.exists()
    assert publish(clients["alice"], alices_pack).status_code == 400  # no draft: nothing


def test_publishing_after_someone_else_did_is_a_409_that_says_so(clients, alices_pack):
    save_row(clients["alice"], alices_pack, CAPTAIN, points="44")
    save_row(clients["erik"], alices_pack, CAPTAIN, aal="3")
    assert publish(clients["erik"], alices_pack).status_code == 302
    response = publish(clients["alice"], alices_pack)
    assert response.status_code == 409
    text = Page(response).testid("publish-errors")[0].text
    assert "Someone else published version 2" in text and "from version 1" in text
    assert "Version 2 was published after your draft" in Page(response).testid("stale")[0].text
    assert alices_pack.versions.count() == 2
    clients["alice"].post(f"/packs/{alices_pack.id}/edit/discard/")
    assert not PackDraft.objects.exists()


@pytest.mark.parametrize("user", ["bob", "charlie"])
@pytest.mark.parametrize(
    "action", ["edit/", "edit/row/", "edit/add/", "edit/remove/", "edit/publish/", "edit/discard/"]
)
def test_strangers_get_404_and_anonymous_the_login(clients, alices_pack, user, action):
    url = f"/packs/{alices_pack.id}/{action}"
    send = clients[user].get if action == "edit/" else clients[user].post
    assert send(url).status_code == 404
    anonymous = clients["anonymous"].get if action == "edit/" else clients["anonymous"].post
    assert anonymous(url).status_code == 302
    assert not PackDraft.objects.exists()


def test_the_official_pack_is_edited_in_the_admin_not_here(clients, official):
    assert clients["alice"].get("/packs/godslayer/edit/").status_code == 404


def test_the_diff_page_shows_each_change_old_to_new(clients, alices_pack):
    save_row(clients["alice"], alices_pack, CAPTAIN, points="44", aal="2", key="nordgaard-jarl")
    save_row(clients["alice"], alices_pack, AXE, section="items", points="7")
    publish(clients["alice"], alices_pack)
    page = Page(clients["alice"].get(f"/packs/{alices_pack.id}/diff/?from=1&to=2"))
    changes = {
        (c.attrs["data-kind"], c.attrs["data-key"], c.attrs["data-change"]): [
            (
                tr.find(data_testid="field").attrs["data-field"],
                tr.find(data_testid="field").text,
                tr.find(data_testid="before").text,
                tr.find(data_testid="after").text,
            )
            for tr in c.find_all("tr")
        ]
        for c in page.testid("change")
    }
    assert changes == {
        ("item", AXE, "changed"): [("points", "Cost", "5", "7")],
        ("card", "nordgaard-jarl", "renamed"): [
            ("aal", "AAL", "1", "2"),
            ("key", "Key", CAPTAIN, "nordgaard-jarl"),
            ("points", "Model points", "40", "44"),
        ],
    }
    # Rows by their names, their keys beside them.
    names = [" ".join(n.text.split()) for n in page.testid("row-name")]
    assert sorted(names) == ["Card Gestir Captain nordgaard-jarl",
                             "Item Bearded Axe nordgaard-bearded-axe"]
    same = Page(clients["alice"].get(f"/packs/{alices_pack.id}/diff/?from=2&to=2"))
    assert same.testid("no-changes")
    assert clients["alice"].get(f"/packs/{alices_pack.id}/diff/?from=1&to=3").status_code == 404
    assert clients["bob"].get(f"/packs/{alices_pack.id}/diff/?from=1&to=2").status_code == 404
