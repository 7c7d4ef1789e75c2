"""Issue 32 in the pack editor: a refused publish is summed up at the top of the page
(focused by autofocus, so without JavaScript too, and linking to the publish form), in English and German; a row saved unchanged
starts no draft and no step; the impact panel says whose lists it counts, and its
counts add up to the pack page's "used by"."""

import pytest

from armylists.lists import services as lists
from armylists.packs import drafts
from armylists.packs.models import PackDraft, PackDraftStep
from armylists.packs.services import pack_update
from tests.support.pack_pages import CAPTAIN, client_of, row_fields
from tests.support.pages import OGRE, Page
from tests.support.pinned import alices_dearer_pack, official_pack, on

pytestmark = pytest.mark.django_db


@pytest.fixture
def pack(alice):
    return alices_dearer_pack(alice, official_pack())


def editor(client, pack, section="cards", **headers):
    return Page(client.get(f"/packs/{pack.id}/edit/?section={section}", **headers))


def save_row(client, pack, key, **changes):
    fields = row_fields(editor(client, pack), f"row-form-{key}")
    fields.update(changes)
    return client.post(f"/packs/{pack.id}/edit/row/", fields)


def test_a_row_saved_unchanged_starts_no_draft(alice, pack):
    client = client_of(alice)
    response = save_row(client, pack, CAPTAIN)
    assert response.status_code == 302 and response.url.endswith(f"#row-{CAPTAIN}")
    assert not PackDraft.objects.filter(pack=pack).exists()
    assert f"Nothing changed in {CAPTAIN}." in Page(client.get(response.url))


def test_a_row_saved_unchanged_adds_no_step_to_a_draft(alice, pack):
    client = client_of(alice)
    assert save_row(client, pack, OGRE, points="61").status_code == 302
    assert save_row(client, pack, CAPTAIN).status_code == 302
    assert save_row(client, pack, OGRE).status_code == 302  # as the draft now holds it
    assert PackDraftStep.objects.filter(draft__pack=pack).count() == 1
    page = editor(client, pack)
    assert page.testid("undo-what")[0].text == f"Undo takes back: change of {OGRE}."


def refused_publish(client, pack, alice, **headers):
    """alice's draft changed and changed back: the same as version 2."""
    draft = drafts.draft_start(pack=pack, user=alice)
    [ogre] = [c for c in draft.document["cards"] if c["key"] == OGRE]
    for points in (99, ogre["points"]):
        drafts.draft_change_row(draft=draft, section="cards", key=OGRE, values={"points": points})
    return client.post(f"/packs/{pack.id}/edit/publish/", {"note": "again"}, **headers)


@pytest.mark.parametrize("language,said", [
    ("en", ["Not published:", "Nothing to publish: your draft is the same as version 2."]),
    ("de", ["Nicht veröffentlicht:",
            "Nichts zu veröffentlichen: dein Entwurf ist derselbe wie Version 2."]),
])  # fmt: skip
def test_a_refused_publish_is_summed_up_at_the_top_and_focused(alice, pack, language, said):
    client = client_of(alice)
    client.cookies["django_language"] = language
    response = refused_publish(client, pack, alice, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    page = Page(response)
    [summary] = page.testid("publish-errors")
    for text in said:
        assert text in summary.text
    assert summary.attrs["id"] == "publish-errors" and "autofocus" in summary.attrs
    assert summary.attrs["tabindex"] == "-1" and summary.attrs["role"] == "alert"
    assert summary.find("a").attrs["href"] == "#publish"
    assert page.root.find("h2", id="publish") is not None
    # At the top, where the page comes back: before the table of rows.
    assert page.html.index('id="publish-errors"') < page.html.index('data-testid="pack-table"')
    assert PackDraft.objects.filter(pack=pack).exists()  # kept, to change or discard


def test_a_missing_note_is_summed_up_and_links_to_its_field(alice, pack):
    client = client_of(alice)
    assert save_row(client, pack, OGRE, points="61").status_code == 302
    response = client.post(f"/packs/{pack.id}/edit/publish/", {"note": ""})
    assert response.status_code == 400
    [summary] = Page(response).testid("publish-errors")
    link = summary.find("a")
    assert link.attrs["href"] == "#publish-note" and link.text.startswith("What changed (the version's note)")


def impact_text(client, pack) -> str:
    return editor(client, pack).testid("impact-others")[0].text


def test_the_impact_panel_says_whose_lists_it_counts(alice, bob, pack):
    pack_update(pack=pack, visibility="public")
    lists.list_create(owner=alice, data={**on(pack, 2), "name": "alice on v2"})
    lists.list_create(owner=alice, data={**on(pack, 1), "name": "alice on v1"})
    lists.list_create(owner=bob, data={**on(pack, 2), "name": "bob on v2"})
    lists.list_create(owner=bob, data={**on(pack, 2), "name": "bob's second on v2"})
    client = client_of(alice)
    assert save_row(client, pack, OGRE, points="61").status_code == 302
    text = " ".join(impact_text(client, pack).split())
    assert text == ("Not counted above: 2 lists of other players on version 2. "
                    "1 list on an older version. "
                    "Each keeps its version until its owner updates it.")
    panel = editor(client, pack).testid("draft-impact")[0].text
    assert "Publishing changes these of your lists on version 2" in panel
    # 1 of alice's on version 2 + 2 of bob's + 1 on an older version: the pack page's count.
    assert Page(client.get(f"/packs/{pack.id}/")).testid("pack-lists")[0].text == (
        "used by 4 lists")


def test_the_panel_says_so_when_no_other_list_uses_the_pack(alice, bob, pack):
    client = client_of(alice)
    client.cookies["django_language"] = "de"
    assert save_row(client, pack, OGRE, points="61").status_code == 302
    page = editor(client, pack, HTTP_ACCEPT_LANGUAGE="de")
    assert page.testid("impact-others")[0].text == "Keine andere Liste nutzt dieses Paket."
    assert "Keine deiner Listen nutzt Version 2" in page.testid("draft-impact")[0].text
