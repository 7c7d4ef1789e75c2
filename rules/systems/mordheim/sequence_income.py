"""Post-battle steps 3 and 4 (docs/rules/mordheim.md): exploration and selling wyrdstone.

- ``exploration``: one die per hero who fought and was not taken out of action, +1 for
  the winner (at most 6 kept): typed (``exploration.dice``) or rolled. Shards by the
  total go to the warband's unsold wyrdstone; the most numerous set of multiples names a
  location, whose reward is applied where it is gold, shards or an item of the game data
  (into the stash; finds the data has no item for are kept by name). Rewards of another
  kind (experience, a lost hero, lasting effects) are listed for the player to apply.
- ``wyrdstone``: ``sell_shards`` of the unsold shards, once, by the sale table and the
  warband's size (hired swords not counted).
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine.violations import N_, Phrase
from rules.systems.mordheim.dice import CampaignError, spec_of
from rules.systems.mordheim.exploration import (
    exploration_dice,
    explore,
    sale_warband_size,
    sell_wyrdstone,
)
from rules.systems.mordheim.sequence import PostBattle, repath

EXPLORATION_FIELDS = ("dice", "rerolls", "discard", "location", "extra_dice", "kept", "total",
                      "shards", "multiple")
NOT_APPLIED = ("leader_xp", "heroes_xp", "zombies", "misses_games")


def exploration(ps: PostBattle) -> None:
    given = spec_of(ps.spec.get("exploration"), "exploration", EXPLORATION_FIELDS)
    able = [who for who in ps.fought if who not in ps.out_of_action
            and who in ps.fought_as_heroes and ps.fighter(who).in_warband]
    rename = {"exploration.rolled": "exploration.dice", "extra_dice": "exploration.extra_dice"}
    try:
        count = exploration_dice(ps.tables, heroes_not_out_of_action=min(len(able), 6),
                                 won=ps.won, extra_dice=given.get("extra_dice") or 0)
        spec = {"rolled": given.get("dice"), "rerolls": given.get("rerolls"),
                "discard": given.get("discard"), "location": given.get("location")}
        found = explore(ps.tables, roll=count["roll"], keep=count["keep"],
                        warband=ps.roster.faction or "", artefacts_found=ps.roster.artefacts,
                        spec={k: v for k, v in spec.items() if v is not None}, rng=ps.rng,
                        path="exploration")
    except CampaignError as error:
        raise repath(error, rename) from None
    ps.owe(found["pending"], rename)
    resolved = {"dice": found["rolled"], "rerolls": found["rerolls"],
                "discard": found["discard"], "location": found["location"]}
    if given.get("extra_dice"):
        resolved["extra_dice"] = given["extra_dice"]
    ps.resolved["exploration"] = resolved
    summary = _apply(ps, found)
    ps.step("exploration", {"dice": found["rolled"], "kept": found["dice"],
                            "total": found["total"]}, summary)


def _apply(ps: PostBattle, found: dict) -> dict:
    """Add what the search found to the roster; what it gives that is not applied."""
    reward = found["found"] or {}
    shards = found["shards"] + reward.get("shards", 0)
    gold = reward.get("gold", 0)
    _store_finds(ps, reward, gold=gold, shards=shards)
    ps.shards_found = shards
    multiple = found["multiple"]
    by_hand = _by_hand(reward)
    unverified = bool(reward.get("unverified") or (multiple or {}).get("unverified"))
    words = _found_words(found, reward, gold=gold, by_hand=by_hand, unverified=unverified)
    ps.lines.append(Phrase(N_("Exploration: {what}"), {"what": words}))
    return {"shards": shards, "gold": gold, "multiple": multiple,
            "items": reward.get("items", []), "not_applied": by_hand, "unverified": unverified}


def _store_finds(ps: PostBattle, reward: dict, *, gold: int, shards: int) -> None:
    """Gold to the treasury, shards to the unsold wyrdstone, items of the game data into
    the stash (the others kept by name), artefacts remembered."""
    stash, finds, artefacts = list(ps.roster.stash), list(ps.roster.finds), []
    for item in reward.get("items", []):
        key = item.get("key")
        count = max(1, item.get("count") or 1)
        if key and key in ps.catalogue.items:
            stash += [key] * count
        else:
            finds += [item["name"]] * count
        if item.get("artefact"):
            artefacts.append(item["name"])
    ps.roster = replace(ps.roster, treasury=ps.roster.treasury + gold,
                        shards=ps.roster.shards + shards, stash=tuple(stash), finds=tuple(finds),
                        artefacts=ps.roster.artefacts + tuple(artefacts))


def _by_hand(reward: dict) -> dict:
    """The rewards the roster cannot take by itself: the player applies them."""
    by_hand = {key: reward[key] for key in NOT_APPLIED if reward.get(key)}
    by_hand.update({key: reward[key] for key in ("hero_lost", "flags", "notes")
                    if reward.get(key)})
    return by_hand


def _found_words(found: dict, reward: dict, *, gold: int, by_hand: dict,
                 unverified: bool) -> list[Phrase]:
    """The exploration's log line: the dice, the location, its tests and its rewards."""
    multiple = found["multiple"]
    # One template per number (the engine has no plural forms; "1 shard", "2 shards").
    found_words = (N_("dice {dice}: total {total}, {shards} shard") if found["shards"] == 1
                   else N_("dice {dice}: total {total}, {shards} shards"))
    words = [Phrase(found_words,
                    {"dice": " ".join(str(d) for d in found["dice"] or []),
                     "total": found["total"], "shards": found["shards"]})]
    if multiple:
        words.append(Phrase(N_("{count} x {face}: {place}"),
                            {"count": multiple["count"], "face": multiple["face"],
                             "place": multiple["name"]}))
    words += [_test_words(test) for test in _tests(found["location"])]
    words += _reward_words(reward, gold)
    if by_hand:
        words.append(Phrase(N_("apply by hand: {what}"),
                            {"what": ", ".join(sorted(by_hand))}))
    if unverified:
        words.append(Phrase(N_("unverified: a single source or a disputed reading")))
    return words


def _reward_words(reward: dict, gold: int) -> list[Phrase]:
    words = []
    if gold:
        words.append(Phrase(N_("{gold} gc found"), {"gold": gold}))
    if reward.get("shards"):
        words.append(Phrase(N_("shards found at the location: {shards}"),
                            {"shards": reward["shards"]}))
    items = [item["name"] if (item.get("count") or 1) == 1
             else Phrase(N_("{count} x {item}"), {"count": item["count"], "item": item["name"]})
             for item in reward.get("items", [])]
    if items:
        words.append(Phrase(N_("found: {items}"), {"items": items}))
    return words


def _tests(node) -> list[dict]:
    """The tests a resolved location made (a characteristic against the dice), in order."""
    out = []
    if not isinstance(node, dict):
        return out
    if node.get("test"):
        out.append(node["test"])
    for key in ("if_gold_roll", "if_gold_double"):
        out += _tests(node.get(key))
    for key in ("d6", "by_warband", "test", "choose"):
        if isinstance(node.get(key), dict):
            out += _tests(node[key].get("then"))
    for find in node.get("finds") or []:
        out += _tests(find.get("then"))
    return out


def _test_words(test: dict) -> Phrase:
    if test.get("auto_pass"):
        return Phrase(N_("test of {stat}: passed without a roll"), {"stat": test["stat"]})
    if test.get("passed") is None:
        return Phrase(N_("test of {stat}: still to be rolled"), {"stat": test["stat"]})
    template = (N_("test of {stat} {value}: rolled {roll}, passed") if test["passed"]
                else N_("test of {stat} {value}: rolled {roll}, failed"))
    return Phrase(template, {"stat": test["stat"], "value": test["value"],
                             "roll": test["roll"]["value"]})


def wyrdstone(ps: PostBattle) -> None:
    count = ps.spec.get("sell_shards") or 0
    ps.gold_from_shards = 0
    if not count:
        ps.resolved["sell_shards"] = 0
        return
    size = sale_warband_size(ps.tables, [{"models": f.models} for f in ps.roster.active()])
    try:
        sale = sell_wyrdstone(ps.tables, shards=count, warband_size=max(size, 1),
                              held=ps.roster.shards)
    except CampaignError as error:
        raise repath(error, {"shards": "sell_shards"}) from None
    ps.roster = replace(ps.roster, treasury=ps.roster.treasury + sale["gold"],
                        shards=ps.roster.shards - count)
    ps.gold_from_shards = sale["gold"]
    ps.resolved["sell_shards"] = count
    sold = (N_("Wyrdstone: {shards} shard sold for {gold} gc") if count == 1
            else N_("Wyrdstone: {shards} shards sold for {gold} gc"))
    ps.lines.append(Phrase(sold,
                           {"shards": count, "gold": sale["gold"]}))
    ps.step("wyrdstone", {}, sale)

