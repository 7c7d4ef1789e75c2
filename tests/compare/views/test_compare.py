"""The compare page: "compare with previous" from every history row, "compare with..."
one of the owner's lists or a pasted share link; added, removed and changed entries, the
points delta; the owner's only (a stranger gets 404, anonymous the login page); without
JavaScript (a plain GET form)."""

import copy

import pytest
from django.test import Client

from armylists.lists import services as lists
from tests.support.pages import CAPTAIN, MAIL, OGRE, SHIELDWALL, Page, document
from tests.support.pinned import official_pack

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})
BIGGER = copy.deepcopy(RAID)
BIGGER["entries"][1]["count"] = 2
BIGGER["entries"][0]["items"] = [MAIL]
BIGGER["entries"].append({"id": "wall", "card": SHIELDWALL, "size": 4, "count": 1,
                          "items": [], "options": []})  # fmt: skip
SMALLER = copy.deepcopy(BIGGER)
del SMALLER["entries"][1]


@pytest.fixture
def raid(godslayer, alice):
    army_list = lists.list_create(owner=alice, data=RAID)
    army_list = lists.list_update(army_list=army_list, data=BIGGER, expected_version=1, user=alice)
    return lists.list_update(army_list=army_list, data=SMALLER, expected_version=2, user=alice)


def compare_url(army_list, query=""):
    return f"/lists/{army_list.id}/compare/{query}"


def test_every_history_row_but_the_first_compares_with_the_previous(alice_client, raid):
    history = Page(alice_client.get(f"/lists/{raid.id}/history/"))
    links = {
        row.attrs["data-version"]: row.find(data_testid="compare-previous")
        for row in history.testid("version")
    }
    assert links["1"] is None
    assert links["2"].attrs["href"] == compare_url(raid, "?version=1&to=2")
    assert links["3"].attrs["href"] == compare_url(raid, "?version=2&to=3")


def test_it_shows_added_changed_and_the_points_delta(alice_client, raid):
    page = Page(alice_client.get(compare_url(raid, "?version=1&to=2")))
    assert page.status == 200
    [added] = page.testid("diff-added")
    assert added.attrs["data-entry-id"] == "wall" and "Huscarl Shieldwall" in added.text
    assert "added" in added.attrs["class"]
    changed = {node.attrs["data-entry-id"]: node.text for node in page.testid("diff-changed")}
    assert "Count: 1 → 2" in changed["ogre"]
    assert "Items: + Chainmail" in changed["cpt"]
    # A changed row shows its lines of words, nothing of the data behind them.
    assert not any("('" in text or "dict_items" in text for text in changed.values())
    assert any("(+" in node.find("span", **{"class": "pts"}).text for node in page.testid("diff-changed"))
    [delta] = page.testid("points-delta")
    assert delta.text.startswith("(+")
    assert "version 1" in page.testid("diff-sides")[0].text


def test_it_shows_removed_entries_in_red(alice_client, raid):
    page = Page(alice_client.get(compare_url(raid, "?version=2")))  # to the current, 3
    [removed] = page.testid("diff-removed")
    assert removed.attrs["data-entry-id"] == "ogre" and removed.attrs["class"] == "removed"
    [delta] = page.testid("points-delta")
    assert delta.text.startswith("(-")


def test_it_compares_with_another_of_the_owners_lists(alice_client, alice, raid):
    other = lists.list_create(owner=alice, data=RAID)
    form = Page(alice_client.get(compare_url(raid)))
    options = [o.attrs["value"] for o in form.root.find("select", name="against").find_all("option")]
    assert str(other.id) in options and str(raid.id) not in options
    page = Page(alice_client.get(compare_url(raid, f"?against={other.id}")))
    assert page.status == 200
    assert [n.attrs["data-entry-id"] for n in page.testid("diff-added")] == ["wall"]


def test_it_compares_with_a_pasted_share_link(alice_client, bob, raid):
    theirs = lists.list_create(owner=bob, data=SMALLER)
    link = f"http://testserver/s/{theirs.share_token}/"
    page = Page(alice_client.get(compare_url(raid), {"shared": link}))
    assert page.status == 200
    assert page.testid("no-changes")
    assert "(shared)" in page.testid("diff-sides")[0].text


def test_it_compares_equal_lists_with_no_differences(alice_client, raid):
    page = Page(alice_client.get(compare_url(raid, "?version=3&to=3")))
    assert page.testid("no-changes") and not page.testid("diff-added")


@pytest.mark.parametrize(
    "query",
    ["?shared=not a link!", "?against=1&shared=abc", "?version=abc", "?against=-4"],
    ids=["bad link", "two choices", "bad version", "bad id"],
)
def test_it_says_why_a_choice_is_refused(alice_client, raid, query):
    page = Page(alice_client.get(compare_url(raid, query)))
    assert page.status == 400
    assert page.testid("compare-form") and not page.testid("diff")


def test_it_answers_404_for_lists_and_versions_the_owner_may_not_read(
    alice_client, bob, raid
):
    theirs = lists.list_create(owner=bob, data=RAID)
    revoked = lists.list_create(owner=bob, data=RAID)
    token = revoked.share_token
    lists.list_share_revoke(army_list=revoked)
    for query in (f"?against={theirs.id}", "?version=9", f"?shared={token}", "?shared=nope"):
        assert alice_client.get(compare_url(raid, query)).status_code == 404, query


def test_a_stranger_gets_404_and_anonymous_the_login_page(bob_client, raid):
    for query in ("", "?version=1"):
        response = bob_client.get(compare_url(raid, query))
        assert response.status_code == 404
        assert "Nordgaard raid" not in response.content.decode()
        anonymous = Client().get(compare_url(raid, query))
        assert anonymous.status_code == 302 and anonymous.url.startswith("/accounts/login/")


def test_the_list_page_links_to_compare(alice_client, raid):
    page = Page(alice_client.get(f"/lists/{raid.id}/"))
    [link] = page.testid("compare-link")
    assert link.attrs["href"] == compare_url(raid)


def test_the_compare_page_speaks_german(alice, raid):
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(alice)
    page = Page(german.get(compare_url(raid, "?version=1&to=2")))
    assert "Vergleichen mit …" in page and "Eine meiner Listen" in page
    changed = " ".join(node.text for node in page.testid("diff-changed"))
    assert "Anzahl: 1 → 2" in changed
    assert "Gegenstände: + Kettenhemd" in changed and "Chainmail" not in changed


def test_it_shows_special_actions_and_custom_units(alice_client, alice, load_system):
    load_system("boarding-action")
    base = {
        "format": "muster-list/1", "system": "boarding-action", "name": "Breach",
        "faction": None, "battle_size": 500, "role": "attacker",
        "entries": [{"id": "vets", "custom": {"name": "Veterans", "points": 100}}],
        "special_actions": [{"id": "hatch", "action": "attacker-hatch-access-code"}],
    }  # fmt: skip
    after = copy.deepcopy(base)
    after["entries"][0]["custom"]["points"] = 120
    after["special_actions"] = [{"id": "smoke", "action": "attacker-smoke-grenades"}]
    army_list = lists.list_create(owner=alice, data=base)
    lists.list_update(army_list=army_list, data=after, expected_version=1, user=alice)
    page = Page(alice_client.get(compare_url(army_list, "?version=1")))
    assert page.status == 200
    [unit] = page.testid("diff-changed")
    assert "Custom unit: Veterans (100) → Veterans (120)" in unit.text
    assert "Smoke grenades" in page.testid("diff-added")[0].text
    assert "Hatch access code" in page.testid("diff-removed")[0].text


def test_the_history_goes_a_page_at_a_time_and_compares_across_pages(
    alice_client, alice, raid, monkeypatch
):
    from armylists.lists.views import lists as list_views

    monkeypatch.setattr(list_views, "HISTORY_PAGE_SIZE", 2)
    first = Page(alice_client.get(f"/lists/{raid.id}/history/"))
    rows = first.testid("version")
    assert [r.attrs["data-version"] for r in rows] == ["3", "2"]
    # Version 1 is on the next page, and still the one version 2 compares with.
    assert rows[1].find(data_testid="compare-previous").attrs["href"] == compare_url(
        raid, "?version=1&to=2"
    )
    assert first.root.find("a", rel="next").attrs["href"] == "?page=2"
    second = Page(alice_client.get(f"/lists/{raid.id}/history/?page=2"))
    assert [r.attrs["data-version"] for r in second.testid("version")] == ["1"]


def test_it_compares_only_lists_of_the_same_game(alice_client, alice, raid, load_system):
    load_system("mordheim")
    warband = lists.list_create(owner=alice, data={
        "format": "muster-list/1", "system": "mordheim", "name": "Warband",
        "faction": "reikland", "entries": []})  # fmt: skip
    form = Page(alice_client.get(compare_url(raid)))
    options = [o.attrs["value"] for o in form.root.find("select", name="against").find_all("option")]
    assert str(warband.id) not in options
    page = Page(alice_client.get(compare_url(raid, f"?against={warband.id}")))
    assert page.status == 400 and not page.testid("diff")
    assert "Only lists of the same game can be compared." in page


@pytest.fixture
def on_a_pack(alice):
    """alice's list on her own fork of the Godslayer pack, and a list on the official data."""
    from armylists.packs.services import pack_fork

    pack = pack_fork(user=alice, source=official_pack(), name="House rules")
    pinned = lists.list_create(owner=alice, data={**RAID, "pack": {"id": pack.id, "version": 1}})
    plain = lists.list_create(owner=alice, data=BIGGER)
    return pinned, plain


def test_a_list_on_a_pack_compares_with_another_list_either_way(alice_client, on_a_pack):
    # It was a 500: the saved lists were judged as if an anonymous reader had sent them.
    pinned, plain = on_a_pack
    for this, other in ((plain, pinned), (pinned, plain)):
        page = Page(alice_client.get(compare_url(this, f"?against={other.id}")))
        assert page.status == 200
        assert page.testid("diff-added") or page.testid("diff-removed")
