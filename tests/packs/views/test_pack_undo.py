"""Undo and redo in the pack editor (plain forms): every draft change is a step that
Undo takes back and Redo does again (a change of cells, a rename with its alias and
references, a row added or removed); the cells and the problem list follow; a new change
forgets what could be redone; the history is bounded; each member has his own; strangers
get 404 and the anonymous the login."""

import pytest

from armylists.packs import draft_history as pack_draft_history
from armylists.packs import drafts as pack_drafts
from armylists.packs.models import PackDraft, PackDraftStep
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
    assert client.post(f"/packs/{pack.id}/edit/row/", fields).status_code == 302


def undo(client, pack, section="cards"):
    return client.post(f"/packs/{pack.id}/edit/undo/", {"section": section})


def redo(client, pack, section="cards"):
    return client.post(f"/packs/{pack.id}/edit/redo/", {"section": section})


def points_of(page, row):
    return row_fields(page, f"row-form-{row}")["points"]


def buttons(page):
    return {name: "disabled" not in page.testid(name)[0].attrs for name in ("undo", "redo")}


def test_undo_takes_a_change_back_and_redo_does_it_again(clients, alices_pack):
    client = clients["alice"]
    save_row(client, alices_pack, CAPTAIN, points="44")
    save_row(client, alices_pack, CAPTAIN, points="46")
    page = editor(client, alices_pack)
    assert points_of(page, CAPTAIN) == "46" and buttons(page) == {"undo": True, "redo": False}
    assert f"change of {CAPTAIN}" in page.testid("undo-what")[0].text
    response = undo(client, alices_pack)
    assert response.status_code == 302 and response["Location"].endswith(f"#row-{CAPTAIN}")
    page = editor(client, alices_pack)
    assert points_of(page, CAPTAIN) == "44" and buttons(page) == {"undo": True, "redo": True}
    undo(client, alices_pack)
    page = editor(client, alices_pack)
    assert points_of(page, CAPTAIN) == "40" and buttons(page) == {"undo": False, "redo": True}
    redo(client, alices_pack)
    redo(client, alices_pack)
    page = editor(client, alices_pack)
    assert points_of(page, CAPTAIN) == "46" and buttons(page) == {"undo": True, "redo": False}


def test_the_problems_follow_undo_and_redo(clients, alices_pack):
    client = clients["alice"]
    save_row(client, alices_pack, CAPTAIN, faction="atlantis")
    assert editor(client, alices_pack).testid("draft-problems")
    undo(client, alices_pack)
    page = editor(client, alices_pack)
    assert page.testid("draft-problems") == []
    assert row_fields(page, f"row-form-{CAPTAIN}")["faction"] == "nordgaard"
    redo(client, alices_pack)
    page = editor(client, alices_pack)
    assert "unknown faction 'atlantis'" in page.testid("draft-problems")[0].text


def test_undoing_a_rename_takes_back_the_key_and_its_alias(clients, alices_pack, alice):
    client = clients["alice"]
    save_row(client, alices_pack, CAPTAIN, key="nordgaard-jarl")
    undo(client, alices_pack)
    cards = PackDraft.objects.get(author=alice).document["cards"]
    keys = [c["key"] for c in cards]
    assert CAPTAIN in keys and "nordgaard-jarl" not in keys
    captain = next(c for c in cards if c["key"] == CAPTAIN)
    assert "nordgaard-jarl" not in captain.get("aliases", [])
    assert captain == next(
        c for c in alices_pack.versions.get().document["cards"] if c["key"] == CAPTAIN
    )


def test_undo_brings_a_removed_row_back_and_takes_an_added_one_away(clients, alices_pack, alice):
    client = clients["alice"]
    client.post(f"/packs/{alices_pack.id}/edit/remove/", {"section": "items", "row": AXE})
    client.post(
        f"/packs/{alices_pack.id}/edit/add/",
        {"section": "items", "key": "nordgaard-spear", "name": "Spear", "points": "4"},
    )
    keys = lambda: [i["key"] for i in PackDraft.objects.get(author=alice).document["items"]]  # noqa: E731
    assert "nordgaard-spear" in keys() and AXE not in keys()
    response = undo(client, alices_pack, "items")
    assert response["Location"].endswith("section=items#row-nordgaard-spear")
    assert "nordgaard-spear" not in keys() and AXE not in keys()
    undo(client, alices_pack, "items")
    assert keys() == [i["key"] for i in alices_pack.versions.get().document["items"]]


def test_a_new_change_forgets_what_could_be_redone(clients, alices_pack):
    client = clients["alice"]
    save_row(client, alices_pack, CAPTAIN, points="44")
    undo(client, alices_pack)
    save_row(client, alices_pack, CAPTAIN, points="50")
    page = editor(client, alices_pack)
    assert buttons(page) == {"undo": True, "redo": False}
    response = redo(client, alices_pack)
    assert response.status_code == 302
    assert points_of(editor(client, alices_pack), CAPTAIN) == "50"


def test_nothing_to_undo_says_so_and_changes_nothing(clients, alices_pack):
    client = clients["alice"]
    response = client.post(f"/packs/{alices_pack.id}/edit/undo/", follow=True)
    assert response.status_code == 200 and "Nothing to undo." in response.content.decode()
    assert not PackDraft.objects.exists()
    save_row(client, alices_pack, CAPTAIN, points="44")
    response = client.post(f"/packs/{alices_pack.id}/edit/redo/", follow=True)
    assert "Nothing to redo." in response.content.decode()
    assert points_of(editor(client, alices_pack), CAPTAIN) == "44"


def test_the_history_is_bounded(alices_pack, alice):
    draft = pack_drafts.draft_start(pack=alices_pack, user=alice)
    for points in range(1, PackDraftStep.MAX_KEPT + 6):
        pack_drafts.draft_change_row(
            draft=draft, section="cards", key=CAPTAIN, values={"points": points}
        )
    assert PackDraftStep.objects.filter(draft=draft).count() == PackDraftStep.MAX_KEPT
    for _ in range(PackDraftStep.MAX_KEPT):
        pack_draft_history.draft_undo(draft=draft)
    captain = next(c for c in draft.document["cards"] if c["key"] == CAPTAIN)
    assert captain["points"] == 5  # the oldest steps were forgotten, the newest 20 kept
    with pytest.raises(pack_drafts.PackRefused):
        pack_draft_history.draft_undo(draft=draft)


def test_each_member_undoes_his_own_draft(clients, alices_pack):
    save_row(clients["alice"], alices_pack, CAPTAIN, points="44")
    save_row(clients["erik"], alices_pack, CAPTAIN, points="60")
    undo(clients["erik"], alices_pack)
    assert points_of(editor(clients["alice"], alices_pack), CAPTAIN) == "44"
    assert points_of(editor(clients["erik"], alices_pack), CAPTAIN) == "40"


def test_the_buttons_are_forms_that_say_german(clients, alices_pack):
    client = clients["alice"]
    assert editor(client, alices_pack).testid("draft-history") == []  # no draft: no history
    save_row(client, alices_pack, CAPTAIN, points="44")
    page = editor(client, alices_pack)
    for name in ("undo", "redo"):
        form = page.root.find("form", action=f"/packs/{alices_pack.id}/edit/{name}/")
        assert form.attrs["method"] == "post" and form.find("button", data_testid=name)
        assert form.find("input", type="hidden", name="csrfmiddlewaretoken") is not None
    german = Page(client.get(f"/packs/{alices_pack.id}/edit/", headers={"Accept-Language": "de"}))
    assert "Rückgängig" in german.testid("undo")[0].text
    assert "Wiederholen" in german.testid("redo")[0].text


@pytest.mark.parametrize("user", ["bob", "charlie"])
@pytest.mark.parametrize("action", ["undo", "redo"])
def test_strangers_get_404_and_anonymous_the_login(clients, alices_pack, user, action):
    save_row(clients["alice"], alices_pack, CAPTAIN, points="44")
    url = f"/packs/{alices_pack.id}/edit/{action}/"
    assert clients[user].post(url).status_code == 404
    assert clients["anonymous"].post(url).status_code == 302
    assert clients["alice"].get(url).status_code == 405
    assert points_of(editor(clients["alice"], alices_pack), CAPTAIN) == "44"
