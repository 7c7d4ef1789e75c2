"""Before publishing, the pack editor says which of the author's lists on the pack's
latest version the draft would change (name, points before → after, legal before →
after); lists on older versions, other players' lists and unchanged lists are not
listed; its queries do not grow with the number of lists."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from armylists.lists import services as lists
from tests.support.pack_pages import client_of, row_fields
from tests.support.pages import OGRE, Page
from tests.support.pinned import DEARER_BY, RAID_POINTS, alices_dearer_pack, official_pack, on

pytestmark = pytest.mark.django_db


@pytest.fixture
def pack(alice):
    return alices_dearer_pack(alice, official_pack())


def editor(client, pack):
    return Page(client.get(f"/packs/{pack.id}/edit/?section=cards"))


def change_ogre(client, pack, **changes):
    fields = row_fields(editor(client, pack), f"row-form-{OGRE}")
    fields.update(changes)
    assert client.post(f"/packs/{pack.id}/edit/row/", fields).status_code == 302


def impact_rows(page):
    return [[td.text.strip() for td in tr.find_all("td")] for tr in page.testid("impact-row")]


def test_a_dearer_card_lists_the_authors_list_with_its_points(alice, bob, pack):
    on_latest = lists.list_create(owner=alice, data={**on(pack, 2), "name": "Raid on v2"})
    lists.list_create(owner=alice, data={**on(pack, 1), "name": "Raid on v1"})
    client = client_of(alice)
    change_ogre(client, pack, points=str(38 + DEARER_BY + 5))
    page = editor(client, pack)
    before = RAID_POINTS + DEARER_BY
    assert impact_rows(page) == [["Raid on v2", f"{before} → {before + 5}", "legal → legal"]]
    link = page.testid("impact-row")[0].find("a")
    assert link.attrs["href"] == f"/lists/{on_latest.pk}/"


def test_a_change_that_makes_a_list_illegal_says_so(alice, pack):
    lists.list_create(owner=alice, data={**on(pack, 2), "name": "Raid"})
    client = client_of(alice)
    change_ogre(client, pack, points="500")
    [[name, points, legal]] = impact_rows(editor(client, pack))
    assert name == "Raid" and points.endswith("→ " + str(RAID_POINTS + DEARER_BY + 500 - 48))
    assert legal == "legal → not legal"


def test_lists_the_draft_does_not_change_are_counted_not_listed(alice, pack):
    lists.list_create(owner=alice, data={**on(pack, 2), "name": "Raid"})
    client = client_of(alice)
    change_ogre(client, pack, names__de="Oger-Huskarl (neu)")
    section = editor(client, pack).testid("draft-impact")[0]
    assert section.find(attrs={"data-testid": "impact-row"}) is None
    assert "keeps its points and verdict" in section.text


def test_an_editors_draft_speaks_of_his_own_lists_only(alice, pack):
    from armylists.packs.services import pack_update
    from tests.support.users import make_user

    erik = make_user("erik")
    pack_update(pack=pack, editors=["erik"])
    lists.list_create(owner=alice, data={**on(pack, 2), "name": "alice's raid"})
    client = client_of(erik)
    change_ogre(client, pack, points="99")
    section = editor(client, pack).testid("draft-impact")[0]
    assert "None of your lists is on version 2" in section.text


def test_a_draft_with_problems_asks_to_fix_them_first(alice, pack):
    lists.list_create(owner=alice, data={**on(pack, 2), "name": "Raid"})
    client = client_of(alice)
    change_ogre(client, pack, faction="atlantis")
    section = editor(client, pack).testid("draft-impact")[0]
    assert "Fix the problems above" in section.text


def test_no_draft_no_impact_section(alice, pack):
    assert editor(client_of(alice), pack).testid("draft-impact") == []


def queries_of_editor(client, pack) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/packs/{pack.id}/edit/?section=cards").status_code == 200
    return len(queries)


def test_the_impact_costs_the_same_queries_for_one_list_or_many(alice, pack):
    client = client_of(alice)
    lists.list_create(owner=alice, data={**on(pack, 2), "name": "Raid 1"})
    change_ogre(client, pack, points="60")
    one = queries_of_editor(client, pack)
    for n in range(2, 8):
        lists.list_create(owner=alice, data={**on(pack, 2), "name": f"Raid {n}"})
    many = queries_of_editor(client, pack)
    assert len(impact_rows(editor(client, pack))) == 7
    assert many == one
