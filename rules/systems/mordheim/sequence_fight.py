"""Before the battle and post-battle step 1 (docs/rules/mordheim.md): who fights, serious
injuries and lost henchmen, and what becomes of a captured hero.

- ``before``: fighters who must miss this game stay out (a count from "misses the next
  game" or "misses D3 games"; the count goes down by one, as this is a game missed), and
  every other fighter with an old battle wound rolls a D6 (on a 1 he cannot fight).
  Those kept out take no part in any step of this battle.
- ``injuries``: a hero taken out of action rolls on the serious injury table (D66 and
  its sub-rolls, as ``mordheim_campaign``); a henchman group names how many ``models``
  went out of action and rolls a D6 for each (1-2: lost with their gear).
- ``captured``: one's own captured hero (from this battle or an earlier one) is
  ransomed at the price the player types (paid from the treasury), exchanged, or lost;
  ransomed or exchanged, he comes back with his gear.
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine.violations import N_, Phrase
from rules.systems.mordheim.campaign import LABELS, event_effects, resolve_injury
from rules.systems.mordheim.countdown import before_battle, captured_hero, count_down
from rules.systems.mordheim.dice import fail, is_int, join_path, spec_of
from rules.systems.mordheim.sequence import PostBattle, rows

INJURY_FIELDS = ("entry_id", "roll", "d6", "d3", "injuries", "won", "again", "rerolled",
                 "result")
HENCHMAN_FIELDS = ("entry_id", "roll", "rolls", "models")
CAPTURED_FIELDS = ("entry_id", "outcome", "price", "captive")
MAX_GROUP = 20


def before(ps: PostBattle) -> None:
    given = ps.spec.get("old_wound_rolls") or {}
    fighters = {f.entry_id: {"misses_games": min(f.misses_games, 6),
                             "old_battle_wound": "old_battle_wound" in f.traits}
                for f in ps.roster.active()}
    result = before_battle(ps.tables, fighters, spec={"old_wound_rolls": given}, rng=ps.rng)
    ps.absent = dict(result["absent"])
    ps.fought = list(result["fighting"])
    ps.fought_as_heroes = {who for who in ps.fought if ps.fighter(who).hero}
    missing = {who: n for who, n in ((f.entry_id, f.misses_games) for f in ps.roster.active())
               if n}
    for who, left in count_down(missing).items():
        ps.put(replace(ps.fighter(who), misses_games=left))
    ps.resolved["old_wound_rolls"] = dict(result["old_wound_rolls"])
    for who, why in ps.absent.items():
        words = (Phrase(N_("misses this battle")) if why == "misses_games" else
                 Phrase(N_("old battle wound, D6 {roll}: cannot fight"),
                        {"roll": result["old_wound_rolls"][who]}))
        ps.say(ps.fighter(who).name, words)
    ps.step("before", {"old_wound_rolls": ps.resolved["old_wound_rolls"]},
            {"absent": ps.absent, "fighting": ps.fought})


def injuries(ps: PostBattle) -> None:
    resolved, results, seen = [], [], set()
    for k, row in enumerate(rows(ps.spec, "injuries")):
        at = f"injuries[{k}]"
        f = ps.target(row.get("entry_id"), join_path(at, "entry_id"), fought=True)
        if f.entry_id in seen:
            fail(join_path(at, "entry_id"), f"{f.name} is in this list twice", "duplicate")
        seen.add(f.entry_id)
        ps.out_of_action.add(f.entry_id)
        out, result = (_hero(ps, f, row, at) if f.hero else _henchmen(ps, f, row, at))
        resolved.append(out)
        results.append(result)
    ps.resolved["injuries"] = resolved
    resolved_captured = captured(ps)
    ps.step("injuries", {"injuries": resolved, "captured": resolved_captured}, results)


def _hero(ps: PostBattle, f, row, at: str) -> tuple[dict, dict]:
    spec_of(row, at, INJURY_FIELDS)
    injury = {k: v for k, v in row.items() if k not in ("entry_id", "result")}
    resolved = resolve_injury(injury, at, ps.rng)
    fighter, gold, words = event_effects(f, {"type": "serious_injury", **resolved})
    ps.put(fighter)
    ps.gold(gold)
    ps.say(f.name, words)
    return ({"entry_id": f.entry_id, **resolved},
            {"entry_id": f.entry_id, "who": f.name, "result": resolved["result"],
             "label": LABELS[resolved["result"]], "status": fighter.status, "gold": gold})


def _typed_rolls(f, row, at: str) -> tuple[list, int]:
    """The D6 rolls the player typed for a group's models out of action (``roll`` for
    one, or ``rolls``), and how many models went out of action."""
    typed = row.get("rolls")
    if row.get("roll") is not None:
        if typed is not None:
            fail(join_path(at, "roll"), "give roll (one model) or rolls, not both")
        typed = [row["roll"]]
    if typed is not None and (not isinstance(typed, list) or len(typed) > MAX_GROUP):
        fail(join_path(at, "rolls"), f"must be a list of at most {MAX_GROUP} D6 rolls")
    count = row.get("models")
    if count is None:
        count = len(typed) if typed else 1
    if not is_int(count) or not 1 <= count <= f.models:
        fail(join_path(at, "models"), f"{f.name} has {f.models} models: 1 to {f.models} can go "
             f"out of action, not {count!r}")
    typed = typed or []
    if len(typed) > count:
        fail(join_path(at, "rolls"), f"{len(typed)} rolls for {count} models out of action")
    return typed, count


def _henchmen(ps: PostBattle, f, row, at: str) -> tuple[dict, dict]:
    spec_of(row, at, HENCHMAN_FIELDS)
    typed, count = _typed_rolls(f, row, at)
    dice = [ps.rolls.die(typed[n] if n < len(typed) else None, 6,
                         f"{join_path(at, 'rolls')}[{n}]") for n in range(count)]
    fighter, words = f, []
    for roll in dice:
        fighter, _gold, said = event_effects(fighter, {"type": "henchman_out_of_action",
                                                       "roll": roll})
        words += said
    ps.put(fighter)
    ps.say(f.name, words)
    lost = f.models - fighter.models
    return ({"entry_id": f.entry_id, "models": count, "rolls": dice},
            {"entry_id": f.entry_id, "who": f.name, "result": "lost" if lost else "fine",
             "lost": lost, "models_left": fighter.models, "status": fighter.status})


def captured(ps: PostBattle) -> list[dict]:
    resolved, seen = [], set()
    for k, row in enumerate(rows(ps.spec, "captured")):
        at = f"captured[{k}]"
        spec_of(row, at, CAPTURED_FIELDS)
        who = row.get("entry_id")
        f = ps.fighter(who) if isinstance(who, str) else None
        if f is None:
            fail(join_path(at, "entry_id"), f"no fighter has the id {who!r} in this warband",
                 "required" if who is None else "unknown_entry")
        if f.status != "captured" or who in seen:
            fail(join_path(at, "entry_id"), f"{f.name} is not a captive of the enemy "
                 f"({f.status})", "not_captured")
        seen.add(who)
        spec = {key: row[key] for key in ("outcome", "price", "captive")
                if row.get(key) is not None}
        captive = spec.get("captive")
        # the enemy heroes this warband holds are not tracked: the player names one
        out = captured_hero(ps.tables, spec=spec, treasury=ps.roster.treasury,
                            items=f.held_items, path=at,
                            captives=[captive.strip()] if isinstance(captive, str) else [])
        ps.gold(-out["price"])
        back = out["returns"]
        ps.put(replace(f, status="active" if back else "lost",
                       items=tuple(out["items"]) if back else (), held_items=()))
        ps.say(f.name, _captive_words(out))
        resolved.append({"entry_id": who, "outcome": out["outcome"], "price": out["price"],
                         "captive": out["captive"]})
    ps.resolved["captured"] = resolved
    return resolved


def _captive_words(out) -> Phrase:
    if out["outcome"] == "ransom":
        return Phrase(N_("ransomed for {price} gc, back with his gear"), {"price": out["price"]})
    if out["outcome"] == "exchange":
        return Phrase(N_("exchanged for {captive}, back with his gear"),
                      {"captive": out["captive"]})
    return Phrase(N_("never comes back from captivity"))

