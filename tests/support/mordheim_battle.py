"""Shared by the Mordheim battle tests (engine, services, API, pages): a Reikland warband
and its hand-computed figures, and a battle run on the shipped pack without a database.

The warband (the campaign services' WARBAND): Hans the Captain (sword, light armour,
90 gc), Otto the Champion (halberd, 45 gc), Kurt a Youngblood (15 gc), three Warriors
(sword, 105 gc), two Marksmen (bow, 70 gc), a Swordsman (35 gc): 360 of 500 gc, so the
treasury starts at 140 gc; 9 models and 20 + 8 experience: rating 9 x 5 + 28 = 73.
"""

from rules.engine import parse
from rules.systems.mordheim.battle import run_battle
from rules.systems.mordheim.roster import roster_rating, starting_roster
from tests.support.mordheim_postbattle import CATALOGUE

CAPTAIN, CHAMPION, YOUNGBLOOD = "reikland-mercenary-captain", "reikland-champion", "reikland-youngblood"
WARRIOR, MARKSMAN, SWORDSMAN = "reikland-warrior", "reikland-marksman", "reikland-swordsman"
WARBAND = {
    "format": "muster-list/1", "system": "mordheim", "name": "Reikland", "faction": "reikland",
    "battle_size": None,
    "entries": [
        {"card": CAPTAIN, "name": "Hans", "items": ["sword", "light-armour"]},
        {"card": CHAMPION, "name": "Otto", "items": ["halberd"]},
        {"card": YOUNGBLOOD, "name": "Kurt"},
        {"card": WARRIOR, "size": 3, "items": ["sword"]},
        {"card": MARKSMAN, "size": 2, "items": ["bow"]},
        {"card": SWORDSMAN, "size": 1},
    ],
}
HANS, OTTO, KURT, WARRIORS, MARKSMEN, SWORDSMEN = "e0", "e1", "e2", "e3", "e4", "e5"
WARRIORS_ID = WARRIORS
START_TREASURY, START_RATING = 140, 73


def document(data=None):
    data = data or WARBAND
    return parse({**data, "entries": [{"id": f"e{i}", **e} for i, e in enumerate(data["entries"])]})


DOCUMENT = document()


def start(doc=DOCUMENT):
    return starting_roster(CATALOGUE, doc)


class Cycle:
    """Dice that go 1, 2, 3, 4, 5, 6, 1...: six dice in a row are never a set of
    multiples (exploration finds no location unless a test asks for one)."""

    def __init__(self):
        self.face = 0

    def randint(self, low, high):
        assert (low, high) == (1, 6)
        self.face = self.face % 6 + 1
        return self.face


def battle(spec, roster=None, rng="cycle", doc=DOCUMENT, allow_pending=True, **options):
    """run_battle on ``roster`` (the starting roster); dice left out come from ``rng``
    (default: Cycle; None: none, as in a replay). Choices nobody made for an advance the
    test is not about are left pending."""
    rng = Cycle() if rng == "cycle" else rng
    return run_battle(CATALOGUE, doc, roster if roster is not None else start(doc), spec, rng,
                      allow_pending=allow_pending, **options)


def with_heroes(roster, more: int):
    """The roster with ``more`` promoted Warriors as heroes (ids p0, p1...)."""
    from dataclasses import replace

    from rules.systems.mordheim.roster import Fighter

    group = fighter(roster, WARRIORS_ID)
    added = tuple(Fighter(entry=None, entry_id=f"p{n}", card=group.card, name=f"Lad {n}",
                          hero=True, models=1, stats=dict(group.stats), joined=1,
                          skill_lists=("combat", "speed")) for n in range(more))
    return replace(roster, fighters=roster.fighters + added)


def rating(roster) -> int:
    return roster_rating(CATALOGUE, roster)


def fighter(roster, entry_id):
    return roster.fighters[roster.find(entry_id)]


# Battle 1 of the journey: won; Kurt out of action (41: full recovery), one Warrior out
# of action (D6 4: back); Hans put one enemy out of action; Kurt +1 from the scenario.
# Experience: Hans 20 + 1 survived + 1 winning leader + 1 enemy = 23; Otto 8 + 1 = 9;
# Kurt 0 + 1 + 1 = 2 (a hero's first threshold: an advance, 2D6 7, WS 2 -> 3); every
# henchman group + 1. Exploration: Hans and Otto not out of action (2 dice) + 1 for the
# win: 2 3 5 = 10, 2 shards; sold at once: 2 shards, 9 warriors: 50 gc.
# Treasury 140 + 50 = 190. Rating 9 x 5 + 23 + 9 + 2 + 3 x 1 + 2 x 1 + 1 = 85.
BATTLE_1 = {
    "won": True,
    "injuries": [{"entry_id": KURT, "roll": 41}, {"entry_id": WARRIORS, "rolls": [4]}],
    "enemies_out_of_action": [{"entry_id": HANS, "count": 1}],
    "experience": [{"entry_id": KURT, "amount": 1}],
    "advances": [{"entry_id": KURT, "roll": 7, "choice": "WS"}],
    "exploration": {"dice": [2, 3, 5]},
    "sell_shards": 2,
}
