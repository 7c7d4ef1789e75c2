"""The builder offers a warband the hired swords it may hire, in a group of their own, and
treats one as a named model of his own (no group size); plain form posts, no JS."""

import pytest

from tests.support.pages import Builder, field

START, BUILD = "/g/mordheim/", "/g/mordheim/build/"
SCOUT = "hired-halfling-scout"


def start(client, faction):
    response = client.post(START, {"faction": faction, "battle_size": "", "name": "Band"})
    assert response.status_code == 302 and response.url == BUILD
    builder = Builder(client, BUILD)
    builder.open()
    return builder


def offered(builder):
    catalogue = builder.page.root.find(id="cards")
    groups = [h.text for h in catalogue.find_all("h3")]
    added = [b.attrs["value"].removeprefix("add:")
             for b in catalogue.find_all("button", name="action")]
    return groups, added


@pytest.mark.django_db
def test_witch_hunters_are_offered_only_the_hired_swords_they_may_hire(client, load_system):
    load_system("mordheim")
    groups, added = offered(start(client, "witch-hunters"))
    assert groups == ["Heroes", "Henchmen", "Hired swords"]
    assert {SCOUT, "hired-gaoler", "hired-ogre-bodyguard"} <= set(added)
    # a Warlock never serves Witch Hunters; a Highwayman neither; the Gaoler only them
    assert "hired-warlock" not in added and "hired-highwayman" not in added


@pytest.mark.django_db
def test_a_warband_that_hires_none_gets_no_hired_swords_group(client, load_system):
    load_system("mordheim")
    groups, added = offered(start(client, "amazons-lustria"))
    assert "Hired swords" not in groups
    assert not any(key.startswith("hired-") for key in added)
    _groups, skaven = offered(start(client, "skaven"))
    assert SCOUT not in skaven and "hired-warlock" in skaven


@pytest.mark.django_db
def test_a_hired_sword_is_named_not_sized_and_raises_the_size(client, load_system):
    load_system("mordheim")
    builder = start(client, "witch-hunters")
    builder.add("witch-hunters-witch-hunter-captain", SCOUT)
    page = builder.page
    scout = page.entries[1]["node"]
    assert scout.find("input", name=field(page, 1, "name")) is not None
    assert scout.find("input", name=field(page, 1, "size")) is None
    assert page.entries[1]["points"] == 15
    assert "(3–13)" in page.testid("warband-summary")[0].text
