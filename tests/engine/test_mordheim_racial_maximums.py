"""Racial maximums (docs/rules/mordheim.md, "Campaign"), per race the shipped pack uses: a
fighter of each race may raise a characteristic up to his race's maximum (legal) and not
past it (illegal), his maximums found through his card's race."""

import pytest

from rules.systems.mordheim.advances import fighter_facts, hero_advance
from tests.support.mordheim_postbattle import CATALOGUE, TABLES, refused


def _fighter_of_each_race() -> dict[str, str]:
    """Race -> a card of that race (a hero where the race has one)."""
    found: dict[str, str] = {}
    for card in sorted(CATALOGUE.cards.values(), key=lambda c: c.attributes.get("fighter") !=
                       "hero"):
        race = card.attributes.get("race")
        if race and card.attributes.get("gains_experience", True):
            found.setdefault(race, card.key)
    return found


RACES = _fighter_of_each_race()


def test_every_race_a_card_of_the_pack_has_is_tested():
    used = {c.attributes.get("race") for c in CATALOGUE.cards.values()} - {None}
    assert set(RACES) == used and len(RACES) >= 25


def _profile(maxima: dict, weapon_skill: int) -> dict:
    """A profile of 1s (every other characteristic below any maximum) with this WS."""
    return {**{stat: 1 for stat in TABLES["stat_order"]}, "WS": weapon_skill}


@pytest.mark.parametrize("race", sorted(RACES))
def test_a_seven_raises_weapon_skill_up_to_the_races_maximum(race):
    facts = fighter_facts(CATALOGUE, RACES[race])
    top = facts["maxima"]["WS"]
    assert facts["race"] == race and top == TABLES["maxima"][race]["WS"]
    step = hero_advance(TABLES, stats=_profile(facts["maxima"], top - 1),
                        maxima=facts["maxima"], spec={"roll": 7, "stat": "WS"})
    assert step["stat"] == "WS" and step["stats"]["WS"] == top


@pytest.mark.parametrize("race", sorted(RACES))
def test_a_seven_may_not_raise_weapon_skill_past_the_races_maximum(race):
    facts = fighter_facts(CATALOGUE, RACES[race])
    top = facts["maxima"]["WS"]
    path, _message, code = refused(hero_advance, TABLES, stats=_profile(facts["maxima"], top),
                                   maxima=facts["maxima"], spec={"roll": 7, "stat": "WS"})
    assert (path, code) == ("stat", "not_allowed")
