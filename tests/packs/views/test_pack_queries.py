"""The pack pages cost a fixed number of queries, whatever the size of the pack: the
editor of a pack with 500 cards asks the database what the one with 5 asks (it pages the
table, 100 rows a page), and so do the pack page, the diff and the directory. Names a
player typed are escaped wherever they show."""

import copy

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from armylists.packs.models import Pack, PackVersion
from armylists.packs.versions import content_hash
from tests.support import pack_pages
from tests.support.pack_pages import CAPTAIN, client_of
from tests.support.pages import Page

official = pack_pages.official


def pack_with(owner, official, cards: int, name="Big") -> Pack:
    document = copy.deepcopy(official.document)
    captain = next(c for c in document["cards"] if c["key"] == CAPTAIN)
    document["cards"] = [{**copy.deepcopy(captain), "key": f"card-{i}"} for i in range(cards)]
    pack = Pack.objects.create(system="godslayer", name=name, owner=owner)
    for number in (1, 2):
        document["cards"][0]["points"] = 40 + number
        PackVersion.objects.create(pack=pack, number=number, content_hash=content_hash(document),
                                   document=copy.deepcopy(document), author=owner)  # fmt: skip
    return pack


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize(
    "page", ["/packs/{id}/", "/packs/{id}/edit/?section=cards", "/packs/{id}/diff/?from=1&to=2"]
)
def test_a_page_of_500_cards_costs_what_one_of_5_costs(official, alice, page):
    client = client_of(alice)
    small, large = pack_with(alice, official, 5, "Small"), pack_with(alice, official, 500)
    queries(client, page.format(id=small.id))  # warm: sessions, game data
    assert queries(client, page.format(id=large.id)) == queries(client, page.format(id=small.id))
    assert queries(client, page.format(id=large.id)) <= 12


def test_the_editor_pages_the_table_100_rows_at_a_time(official, alice):
    pack = pack_with(alice, official, 500)
    page = Page(client_of(alice).get(f"/packs/{pack.id}/edit/?section=cards&page=5"))
    keys = [row.attrs["data-key"] for row in page.testid("pack-row")]
    assert keys == [f"card-{i}" for i in range(400, 500)]
    assert "Page 5 of 5" in page.text


def test_the_directory_costs_the_same_for_3_packs_and_30(official, alice, bob):
    client = client_of(bob)
    for i in range(3):
        Pack.objects.filter(pk=pack_with(alice, official, 1, f"P{i}").pk).update(
            visibility="public"
        )
    few = queries(client, "/packs/g/godslayer/")
    for i in range(3, 30):
        Pack.objects.filter(pk=pack_with(alice, official, 1, f"P{i}").pk).update(
            visibility="public"
        )
    assert queries(client, "/packs/g/godslayer/") == few


def test_a_packs_name_and_note_are_escaped(official, alice, bob):
    pack = pack_with(alice, official, 1, "<script>alert(1)</script>")
    Pack.objects.filter(pk=pack.pk).update(visibility="public", description="<b>bold</b>")
    for url in (f"/packs/{pack.id}/", "/packs/g/godslayer/", f"/packs/{pack.id}/diff/"):
        html = client_of(bob).get(url).content.decode()
        assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)" in html
    assert "<b>bold</b>" not in client_of(bob).get(f"/packs/{pack.id}/").content.decode()


def test_the_editor_escapes_every_cell_and_problem(official, alice):
    """The cells are built in Python (armylists/packs/views/cells.py): a name, and a problem naming
    an item key, with markup come out as text."""
    from armylists.packs import drafts as pack_drafts

    pack = pack_with(alice, official, 2)
    draft = pack_drafts.draft_start(pack=pack, user=alice)
    document = copy.deepcopy(draft.document)
    document["cards"][0]["name"] = '"><script>alert(1)</script>'
    document["cards"][1]["items"] = [{"key": "<img src=x onerror=alert(2)>"}]
    draft.document = document
    draft.save()
    html = client_of(alice).get(f"/packs/{pack.id}/edit/?section=cards").content.decode()
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)" in html
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(2)&gt;" in html
    assert 'data-testid="cell-problem"' in html
