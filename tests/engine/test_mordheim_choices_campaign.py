"""A warband's choice in its campaign (docs/rules/mordheim.md, "Choices a warband makes"),
on the shipped pack: a Tilean warband of Remas, of Trantio and of no city yet; its
fighters' profiles and skill lists and its treasury follow the city, recruits too."""

import pytest

from rules.engine import parse
from rules.systems.mordheim.roster import roster_from_json, roster_to_json, starting_roster
from tests.support.mordheim_battle import battle, fighter
from tests.support.mordheim_postbattle import CATALOGUE


def tileans(city):
    return parse({
        "format": "muster-list/1", "system": "mordheim", "name": "Tileans",
        "faction": "tileans", "role": city, "battle_size": None,
        "entries": [{"id": "c", "card": "tileans-captain", "name": "Lorenzo"},
                    {"id": "h", "card": "tileans-champion", "name": "Marco"},
                    {"id": "w", "card": "tileans-warrior", "size": 3}],
    })


@pytest.mark.parametrize(("city", "ld", "lists", "treasury"), [
    ("remas", (9, 8, 7), ("combat", "academic", "strength"), 500 - 60 - 35 - 75),
    ("trantio", (8, 7, 7), ("combat", "shooting", "speed"), 600 - 60 - 35 - 75),
    (None, (8, 7, 7), (), 500 - 60 - 35 - 75),  # no city yet: the list says so
])
def test_the_starting_roster_follows_the_city(city, ld, lists, treasury):
    roster = starting_roster(CATALOGUE, tileans(city))
    captain, champion, warriors = roster.fighters
    assert (captain.stats["Ld"], champion.stats["Ld"], warriors.stats["Ld"]) == ld
    assert champion.skill_lists == lists
    assert roster.treasury == treasury and roster.choice == city
    assert roster_from_json(roster_to_json(roster)) == roster


def test_a_recruit_of_remas_gets_his_citys_leadership_and_lists():
    doc = tileans("remas")
    out = battle({"won": False, "recruits": [{"card": "tileans-youngblood", "name": "Gino"}]},
                 starting_roster(CATALOGUE, doc), doc=doc)
    [gino] = [f for f in out["roster"].fighters if f.name == "Gino"]
    assert gino.stats["Ld"] == 7  # 6 + 1 for Remas
    assert gino.skill_lists == ("combat", "academic", "speed")
    assert fighter(out["roster"], "c").stats["Ld"] == 9
