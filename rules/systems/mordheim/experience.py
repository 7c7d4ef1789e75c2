"""Mordheim experience (post-battle step 2, docs/rules/mordheim.md): the campaign facts
of a fighter card, the experience a battle earns and the advance thresholds it crosses.
The advance rolls themselves are ``advances``."""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.catalogue import Catalogue
from rules.systems.mordheim import is_hero
from rules.systems.mordheim.dice import campaign_tables, fail, flag, whole

TRACKS = ("hero", "henchman")


# -- what a fighter is ----------------------------------------------------------------


def fighter_facts(catalogue: Catalogue, card_key: str) -> dict:
    """The campaign facts of a fighter card (``unverified``: its disputed attributes)."""
    card = catalogue.cards.get(card_key)
    if card is None:
        fail("card", f"the game data has no fighter {card_key!r}", "unknown_key")
    tables = campaign_tables(catalogue)
    race = card.attributes.get("race")
    return {
        "card": card.key,
        "hero": is_hero(card),
        "race": race,
        "maxima": dict(tables["maxima"][race]) if race in tables["maxima"] else None,
        "gains_experience": bool(card.attributes.get("gains_experience", race is not None)),
        "skill_lists": list(card.attributes.get("skill_lists") or []),
        "wizard": bool(card.attributes.get("wizard", False)),
        "unverified": list(card.attributes.get("unverified") or []),
    }


def warband_skill_lists(catalogue: Catalogue, faction: str) -> list[str]:
    """Every skill list a hero of ``faction`` may use (a promoted henchman picks two)."""
    order = list(campaign_tables(catalogue)["skill_lists"])
    found = {key for card in catalogue.cards.values() if card.faction == faction
             for key in card.attributes.get("skill_lists") or []}
    return [key for key in order if key in found]


# -- experience -----------------------------------------------------------------------


def advances_due(tables: Mapping, track: str, before: int, after: int) -> list[int]:
    """The thresholds of ``track`` ("hero"; "henchman", also for hired swords) passed
    going from ``before`` to ``after`` experience: one advance roll each. Starting
    experience grants none (pass the starting value as ``before``)."""
    if track not in TRACKS:
        fail("track", f"must be one of {', '.join(TRACKS)}, not {track!r}")
    before = whole(before, "before", 0, 999)
    after = whole(after, "after", 0, 999)
    return [t for t in tables["thresholds"][track] if before < t <= after]


def experience_gain(
    tables: Mapping,
    *,
    hero: bool,
    before: int,
    survived: bool,
    winning_leader: bool = False,
    enemies_out_of_action: int = 0,
    scenario: int = 0,
    underdog: int = 0,
    gains_experience: bool = True,
    track: str | None = None,
) -> dict:
    """The experience one hero or henchman group earns from a battle.

    ``survived``: the hero (or at least one model of the group) was not killed;
    ``scenario``: the scenario's own awards as a number; ``underdog``: the bonus of
    ``mordheim_trading.underdog_bonus``. ``track`` defaults to the fighter's (hired
    swords: "henchman").
    """
    awards = tables["experience"]
    if not gains_experience:
        fail("", "this fighter never gains experience", "no_experience")
    kills = whole(enemies_out_of_action, "enemies_out_of_action")
    if kills and not hero:
        fail("enemies_out_of_action", "only heroes gain experience for enemies they put out "
             "of action", "not_a_hero")
    if flag(winning_leader, "winning_leader") and not hero:
        fail("winning_leader", "the leader of a warband is a hero", "not_a_hero")
    got = {
        "survived": awards["survives"] if flag(survived, "survived") else 0,
        "winning_leader": awards["winning_leader"] if winning_leader else 0,
        "enemies_out_of_action": awards["per_enemy_out_of_action"] * kills,
        "scenario": whole(scenario, "scenario"),
        "underdog": whole(underdog, "underdog"),
    }
    gained = sum(got.values())
    before = whole(before, "before", 0, 999)
    track = track or ("hero" if hero else "henchman")
    return {
        "before": before,
        "awards": got,
        "gained": gained,
        "after": before + gained,
        "track": track,
        "advances": advances_due(tables, track, before, before + gained),
    }
