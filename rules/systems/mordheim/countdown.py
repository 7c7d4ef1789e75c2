"""Mordheim games missed, old battle wounds and captured heroes (docs/rules/mordheim.md).

Public functions, in the order the API calls them around each recorded battle:

1. Before the battle: ``before_battle(tables, fighters, spec=..., rng=...)``: who misses
   it (a "misses the next game" or "misses D3 games" count above 0) and the old battle
   wound D6 of every other fighter who has one (on a 1 he cannot fight). Fighters in
   ``absent`` take no part in the battle nor in its post-battle steps (no experience,
   no exploration die, no rare-item roll).
2. After recording it: ``count_down(misses_games)``: each count goes down by one.
3. During the post-battle injuries: ``hired_sword_out_of_action(tables, spec, rng)``
   for a hired sword taken out of action (D6 1-2: lost); for a hero captured (serious
   injury 61), ``captured_hero(tables, spec=..., treasury=..., items=...)`` on the
   owner's side (ransom at the price the player types, exchange, or lost) and
   ``dispose_of_captive(tables, warband=..., spec=..., rng=...)`` on the captor's side.

``tables`` is ``mordheim_dice.campaign_tables(catalogue)``; impossible input raises
``CampaignError`` (path, message, code).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.systems.mordheim.dice import MAX_GOLD, Rolls, fail, flag, join_path, spec_of, text, whole
from rules.systems.mordheim.trading import spend

MAX_FIGHTERS = 40


def before_battle(
    tables: Mapping,
    fighters: Mapping[str, Mapping],
    spec: Mapping | None = None,
    rng=None,
    path: str = "",
) -> dict:
    """Who fights. ``fighters``: id -> ``{"misses_games": n, "old_battle_wound": bool}``;
    ``spec``: ``{"old_wound_rolls": {id: D6}}``. Returns ``{"old_wound_rolls",
    "absent": {id: "misses_games" | "old_battle_wound"}, "fighting": [ids]}``."""
    fails_on = tables["injuries"]["old_battle_wound_fails_on"]
    rolls = Rolls(rng)
    spec = spec_of(spec, path, ("old_wound_rolls", "absent", "fighting", "pending"))
    if not isinstance(fighters, Mapping) or len(fighters) > MAX_FIGHTERS:
        fail("fighters", f"must map at most {MAX_FIGHTERS} fighter ids to their state")
    given = spec.get("old_wound_rolls") or {}
    if not isinstance(given, Mapping):
        fail(join_path(path, "old_wound_rolls"), "must map fighter ids to D6 rolls")
    at = lambda who: join_path(join_path(path, "old_wound_rolls"), str(who))  # noqa: E731
    for who in given:
        if who not in fighters:
            fail(at(who), f"no fighter {who!r}", "unknown_entry")
    out: dict = {"old_wound_rolls": {}, "absent": {}, "fighting": []}
    for who, state in fighters.items():
        misses = whole(state.get("misses_games", 0), f"fighters.{who}.misses_games", 0, 6)
        wound = flag(state.get("old_battle_wound", False), f"fighters.{who}.old_battle_wound")
        if misses:
            if who in given:
                fail(at(who), f"{who} misses this game: no old battle wound roll")
            out["absent"][who] = "misses_games"
            continue
        if wound:
            roll = rolls.die(given.get(who), 6, at(who))
            out["old_wound_rolls"][who] = roll
            if roll <= fails_on:
                out["absent"][who] = "old_battle_wound"
                continue
        elif who in given:
            fail(at(who), f"{who} has no old battle wound")
        out["fighting"].append(who)
    return rolls.finish(out)


def count_down(misses_games: Mapping[str, int]) -> dict[str, int]:
    """After a recorded battle: every "games to miss" count one lower (not below 0)."""
    return {who: max(0, whole(n, f"misses_games.{who}", 0, 6) - 1)
            for who, n in misses_games.items()}


def hired_sword_out_of_action(tables: Mapping, spec: Mapping | None = None, rng=None,
                              path: str = "") -> dict:
    """A hired sword taken out of action: D6, lost on 1-2, else he fights on."""
    rolls = Rolls(rng)
    spec = spec_of(spec, path, ("roll", "lost", "pending"))
    roll = rolls.die(spec.get("roll"), 6, join_path(path, "roll"))
    return rolls.finish({"roll": roll, "lost": roll <= tables["trading"]["hired_sword_lost_max"]})


CAPTURED_OUTCOMES = ("ransom", "exchange", "lost")


def captured_hero(
    tables: Mapping,
    *,
    spec: Mapping,
    treasury: int,
    items: Sequence[str] = (),
    captives: Iterable[str] = (),
    path: str = "",
) -> dict:
    """What becomes of one's own captured hero: ``ransom`` (``price``, the gold the
    captor asked and the player types, paid from the treasury), ``exchange`` (for
    ``captive``, one of the enemy heroes this warband holds: ``captives``) or ``lost``.
    Ransomed or exchanged, he comes back with his ``items``; lost, they are gone."""
    spec = spec_of(spec, path, ("outcome", "price", "captive", "returns", "items", "treasury"))
    at = lambda name: join_path(path, name)  # noqa: E731
    outcome = spec.get("outcome")
    if outcome not in CAPTURED_OUTCOMES:
        fail(at("outcome"), f"must be one of {', '.join(CAPTURED_OUTCOMES)}",
             "required" if outcome is None else "invalid")
    out: dict = {"outcome": outcome, "price": 0, "captive": None}
    if outcome != "ransom" and spec.get("price"):
        fail(at("price"), "only a ransom has a price")
    if outcome != "exchange" and spec.get("captive") is not None:
        fail(at("captive"), "only an exchange gives a captive back")
    if outcome == "ransom":
        out["price"] = whole(spec.get("price"), at("price"), 0, MAX_GOLD)
    elif outcome == "exchange":
        if spec.get("captive") is None:
            fail(at("captive"), "name the captive given in exchange", "required")
        captive = text(spec["captive"], at("captive"), 100)
        if captive not in set(captives):
            fail(at("captive"), f"this warband holds no captive {captive!r}", "not_allowed")
        out["captive"] = captive
    out["treasury"] = spend(treasury, out["price"], at("price"))
    out["returns"] = outcome != "lost"
    out["items"] = list(items) if out["returns"] else []
    return out


def dispose_of_captive(
    tables: Mapping,
    *,
    warband: str,
    spec: Mapping,
    rng=None,
    path: str = "",
) -> dict:
    """What the captors do with an enemy hero they hold: ``ransom`` (``price`` received),
    ``exchange``, ``sell`` to the slavers (D6x5 gc, rolled), ``zombie`` (Undead: a new
    Zombie) or ``sacrifice`` (Possessed: +1 experience for their leader). The captive's
    gear goes back with him on a ransom or an exchange; otherwise the captors keep it."""
    rules = tables["injuries"]
    rolls = Rolls(rng)
    spec = spec_of(spec, path, ("outcome", "price", "sale", "gold", "zombies", "leader_xp",
                                "keeps_items", "pending"))
    at = lambda name: join_path(path, name)  # noqa: E731
    outcome = spec.get("outcome")
    if outcome not in rules["captor_options"]:
        fail(at("outcome"), f"must be one of {', '.join(rules['captor_options'])}",
             "required" if outcome is None else "invalid")
    if outcome == "zombie" and warband not in rules["zombie_warbands"]:
        fail(at("outcome"), "only Undead warbands turn a captive into a Zombie", "not_allowed")
    if outcome == "sacrifice" and warband not in rules["sacrifice_warbands"]:
        fail(at("outcome"), "only Possessed warbands sacrifice a captive", "not_allowed")
    out: dict = {"outcome": outcome, "gold": 0, "sale": None, "zombies": 0, "leader_xp": 0}
    if outcome == "ransom":
        out["gold"] = whole(spec.get("price"), at("price"), 0, MAX_GOLD)
        out["price"] = out["gold"]
    elif spec.get("price"):
        fail(at("price"), "only a ransom has a price")
    if outcome == "sell":
        out["sale"] = rolls.expr(rules["slaver_price"], spec.get("sale"), at("sale"))
        out["gold"] = out["sale"]["value"]
    elif spec.get("sale") is not None:
        fail(at("sale"), "only a sale to the slavers is rolled")
    if outcome == "zombie":
        out["zombies"] = 1
    if outcome == "sacrifice":
        out["leader_xp"] = rules["sacrifice_leader_xp"]
    out["keeps_items"] = outcome not in ("ransom", "exchange")
    return rolls.finish(out)
