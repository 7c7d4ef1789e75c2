"""Every result the post-battle sequence applies is in the campaign log, in words
(issue 18, item 5): equipment moved between fighters and the stash, an item found by
exploration, a location's test, a recruit's cost explained; and a choice the player owes
names the fighter it is his. Without a database: the shipped pack, the journey's
warband."""

import pytest

from rules.engine.violations import Phrase
from tests.support.mordheim_battle import HANS, KURT, MARKSMEN, OTTO, WARRIORS, battle


def lines(out) -> list[str]:
    return [line.render() for line in out["lines"]]


def exploration_line(out) -> str:
    [line] = [text for text in lines(out) if text.startswith("Exploration:")]
    return line


TRADING = {
    "won": True,
    "purchases": [{"item": "shield", "entry_id": WARRIORS},  # 3 x 5
                  {"item": "helmet", "entry_id": None}],  # 10, into the stash
    "recruits": [{"card": "reikland-youngblood", "name": "Max", "items": ["sword"]},  # 15 + 10
                 {"card": "reikland-warrior", "name": "Jan"},  # 25
                 {"join_entry_id": MARKSMEN, "size": 1}],  # 25 + 10 bow + 2 x 1 experience
    "moves": [{"item": "helmet", "from_entry_id": None, "to_entry_id": OTTO},
              {"item": "sword", "from_entry_id": HANS, "to_entry_id": None},
              {"item": "shield", "from_entry_id": WARRIORS, "to_entry_id": None}],
}


@pytest.mark.parametrize("line", [
    "Moved: Helmet from the stash to Otto",
    "Moved: Sword from Hans to the stash",
    "Moved: 3 x Shield from Warrior to the stash",  # a group of three gives one per model
    "Hired: Max (Youngblood), 25 gc (15 gc fighter + 10 gc equipment)",
    "Hired: Jan (Warrior), 25 gc",  # his cost alone: nothing to explain
    "Hired: 1 more for Marksman, 37 gc (25 gc fighter + 10 gc equipment + 2 gc for 1 "
    "experience)",
])
def test_trading_says_every_move_and_every_recruits_cost(line):
    assert line in lines(battle(TRADING))


def test_a_group_joined_by_two_says_the_cost_per_model():
    seasoned = battle({"won": True})["roster"]  # every group: 1 experience
    out = battle({"won": True, "recruits": [{"join_entry_id": WARRIORS, "size": 2}],
                  "veterans": {"dice": [6, 6]}}, seasoned)
    # the Warriors have 2 experience when they trade: 25 + 10 (sword) + 2 x 2 per model
    assert ("Hired: 2 more for Warrior, 78 gc (2 × 39 gc: 25 gc fighter + 10 gc equipment + "
            "4 gc for 2 experience)") in lines(out)


@pytest.mark.parametrize(("recruit", "said"), [
    # issue 32: it read "Zealot (Zealot, 2), 40 gc (2 x (20 cost))"
    ({"card": "reikland-warrior", "size": 2}, "Hired: 2 × Warrior, 50 gc (2 × 25 gc)"),
    ({"card": "reikland-warrior", "size": 2, "name": "The Lads"},
     "Hired: The Lads (2 × Warrior), 50 gc (2 × 25 gc)"),
    ({"card": "reikland-warrior", "size": 2, "items": ["sword"]},
     "Hired: 2 × Warrior, 70 gc (2 × 35 gc: 25 gc fighter + 10 gc equipment)"),
    ({"card": "reikland-youngblood"}, "Hired: Youngblood, 15 gc"),
])
def test_a_recruits_line_names_him_once_and_a_group_by_its_models(recruit, said):
    assert said in lines(battle({"won": True, "recruits": [recruit]}))


@pytest.mark.parametrize(("location", "said"), [
    # Corpse (2 x 3), D6 4: an axe, into the stash
    ({"d6": {"roll": 4}}, "2 x 3: Corpse; found: Axe"),
    # Corpse, D6 6: light armour
    ({"d6": {"roll": 6}}, "2 x 3: Corpse; found: Light armour"),
])
def test_an_item_found_by_exploration_is_in_the_log(location, said):
    out = battle({"won": True, "exploration": {"dice": [3, 3, 1, 5], "location": location}})
    assert said in exploration_line(out)


@pytest.mark.parametrize(("roll", "said"), [
    (2, "2 x 1: Well; test of T 3: rolled 2, passed; shards found at the location: 1"),
    (5, "2 x 1: Well; test of T 3: rolled 5, failed"),
])
def test_a_locations_test_is_in_the_log(roll, said):
    out = battle({"won": True, "exploration": {
        "dice": [1, 1, 5, 6], "location": {"test": {"value": 3, "roll": {"dice": [roll]}}}}})
    assert said in exploration_line(out)


def test_a_test_not_yet_made_says_so():
    out = battle({"won": True, "exploration": {"dice": [1, 1, 5, 6]}})
    assert "test of T: still to be rolled" in exploration_line(out)
    assert out["pending"] == [{"path": "exploration.location.test.value", "options": [],
                               "stat": "T", "who": "hero"}]


def test_an_advance_owed_names_the_fighter():
    out = battle({"won": True, "experience": [{"entry_id": KURT, "amount": 1}],
                  "advances": [{"entry_id": KURT, "roll": 7}]})
    assert out["pending"] == [{"path": "advances[0].choice", "options": ["WS", "BS"],
                               "fighter": "Kurt"}]


def test_names_in_a_line_are_said_in_the_readers_words():
    line = Phrase("Moved: {item} from {source} to {target}",
                  {"item": "Helmet", "source": Phrase("the stash"), "target": "Otto"})
    german = {"Helmet": "Helm", "the stash": "das Lager"}
    assert line.render(lambda t: german.get(t, t), lambda t: german.get(t, t)) == \
        "Moved: Helm from das Lager to Otto"
