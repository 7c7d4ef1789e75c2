"""Mordheim experience and advances (post-battle step 2, docs/rules/mordheim.md).

Public functions, in the order the API calls them for each fighter that took part (1
and 2 live in ``experience``, and are imported here too):

1. ``fighter_facts(catalogue, card_key)``: race, racial maximums, skill lists, wizard,
   whether the fighter gains experience at all (Zombies, Giant Rats... do not).
2. ``experience_gain(tables, hero=..., before=..., survived=..., ...)``: the awards of the
   battle (survived, winning leader, enemies put out of action (heroes only), scenario
   points, underdog bonus), the new total and every advance threshold crossed.
3. For each threshold crossed, in order (stats, skills and the hero count carry over):
   ``hero_advance(tables, stats=..., maxima=..., skills=..., skill_lists=..., spec=..., rng=...)``
   for heroes and hired swords, ``henchman_advance(...)`` for a henchman group (its
   "the lad's got talent" result carries the promotion: two skill lists, one hero
   advance, and the rest of the group's new roll).

``advances_due`` is the threshold part of 2 on its own; ``warband_skill_lists`` gives
the lists a promoted henchman may choose from. ``tables`` is
``mordheim_dice.campaign_tables(catalogue)``. Every step takes typed rolls or rolls the
missing ones with ``rng`` and returns a dict that stores them, with ``pending`` choices
(see mordheim_dice); impossible input raises ``CampaignError`` (path, message, code).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.systems.mordheim.dice import (
    MAX_COUNT,
    Rolls,
    fail,
    in_band,
    is_int,
    join_path,
    spec_of,
    text,
    whole,
)
from rules.systems.mordheim.experience import (  # noqa: F401  (steps 1 and 2, part of this module's API)
    TRACKS,
    advances_due,
    experience_gain,
    fighter_facts,
    warband_skill_lists,
)

# -- characteristics ------------------------------------------------------------------


def _check_stats(stats: Mapping, path: str) -> dict:
    if not isinstance(stats, Mapping):
        fail(path, "must be a profile (characteristic -> number)")
    for key, value in stats.items():
        if not is_int(value) or not 0 <= value <= 20:
            fail(join_path(path, str(key)), f"must be a whole number from 0 to 20, not {value!r}")
    return dict(stats)


def _at_max(stats: Mapping, maxima: Mapping, stat: str) -> bool:
    top = maxima.get(stat)
    return top is not None and stats.get(stat, 0) >= top


def _raise(stats: dict, stat: str) -> dict:
    return {**stats, stat: stats.get(stat, 0) + 1}


def _any_other(tables, stats, maxima, skip: Iterable[str]) -> list[str]:
    return [s for s in tables["stat_order"]
            if s not in skip and s in stats and not _at_max(stats, maxima, s)]


# -- hero advance ---------------------------------------------------------------------

HERO_INPUTS = ("roll", "d6", "stat", "skill", "spell")
HERO_DERIVED = ("result", "rolled_stat", "stats", "pending", "note")


def hero_advance(
    tables: Mapping,
    *,
    stats: Mapping,
    maxima: Mapping,
    skills: Sequence[str] = (),
    skill_lists: Sequence[str] = (),
    wizard: bool = False,
    spec: Mapping | None = None,
    rng=None,
    path: str = "",
) -> dict:
    """One roll on the hero advance table (2D6), for a hero or a hired sword.

    2-5 and 10-12: a new skill from ``skill_lists`` (keys of the campaign skill lists)
    not among ``skills`` (a ``wizard`` may take a ``spell`` instead, its name typed);
    6, 8, 9: a D6 picks one of two characteristics (at its racial maximum: the other;
    both at maximum: any other not at maximum, chosen); 7: WS or BS, chosen.
    Returns ``{"roll", "result", "stat" | "skill" | "spell", "d6", "stats", "pending"}``.
    """
    rolls = Rolls(rng)
    out = _hero_advance(tables, _check_stats(stats, "stats"), dict(maxima), list(skills),
                        list(skill_lists), wizard, spec, rolls, path)
    return rolls.finish(out)


def _hero_advance(tables, stats, maxima, skills, lists, wizard, spec, rolls: Rolls, path):
    spec = spec_of(spec, path, HERO_INPUTS + HERO_DERIVED)
    at = lambda name: join_path(path, name)  # noqa: E731
    roll = rolls.two_d6(spec.get("roll"), at("roll"))
    row = in_band(tables["hero_advances"], roll)
    out: dict = {"roll": roll, "result": row["result"]}
    if row["result"] == "skill":
        for key in ("d6", "stat"):
            if spec.get(key) is not None:
                fail(at(key), f"a roll of {roll} gives a skill, it takes no {key!r}")
        out.update(_skill(tables, skills, lists, wizard, spec, rolls, path))
        out["stats"] = stats
        return out
    for key in ("skill", "spell"):
        if spec.get(key) is not None:
            fail(at(key), f"a roll of {roll} raises a characteristic, it takes no {key!r}")
    stat = _hero_stat(tables, row, stats, maxima, spec, rolls, path, out)
    out["stat"] = stat
    out["stats"] = _raise(stats, stat) if stat else stats
    return out


def _hero_stat(tables, row, stats, maxima, spec, rolls: Rolls, path, out: dict):
    """The characteristic a hero raises: a D6 picks one of two (at its racial maximum:
    the other; both: any other, chosen), or the player chooses (7: WS or BS)."""
    at = lambda name: join_path(path, name)  # noqa: E731
    if "d6" not in row:
        if spec.get("d6") is not None:
            fail(at("d6"), f"a roll of {out['roll']} is a choice, it takes no D6")
        options = [s for s in row["choose"] if not _at_max(stats, maxima, s)]
        if not options:
            options = _any_other(tables, stats, maxima, row["choose"])
        return _choose_stat(options, spec, rolls, at("stat"), out)
    d6 = rolls.die(spec.get("d6"), 6, at("d6"))
    first = in_band(row["d6"], d6)["stat"]
    other = next(r["stat"] for r in row["d6"] if r["stat"] != first)
    out.update(d6=d6, rolled_stat=first)
    if not _at_max(stats, maxima, first):
        return _forced(first, spec, at("stat"))
    if not _at_max(stats, maxima, other):
        return _forced(other, spec, at("stat"))
    options = _any_other(tables, stats, maxima, (first, other))
    return _choose_stat(options, spec, rolls, at("stat"), out)


def _forced(stat: str, spec: Mapping, path: str) -> str:
    if spec.get("stat") not in (None, stat):
        fail(path, f"the roll gives {stat}, not {spec['stat']}", "not_allowed")
    return stat


def _choose_stat(options, spec, rolls: Rolls, path: str, out: dict):
    if not options:
        if spec.get("stat") is not None:
            fail(path, "every characteristic is at its racial maximum", "not_allowed")
        out["note"] = "every characteristic is at its racial maximum: no increase"
        return None
    if len(options) == 1:
        return _forced(options[0], spec, path)
    return rolls.choose(spec.get("stat"), options, path)


def _skill(tables, skills, lists, wizard, spec, rolls: Rolls, path) -> dict:
    at = lambda name: join_path(path, name)  # noqa: E731
    if spec.get("spell") is not None:
        if not wizard:
            fail(at("spell"), "only a wizard may take a spell instead of a skill", "not_allowed")
        if spec.get("skill") is not None:
            fail(at("skill"), "a skill or a spell, not both")
        return {"result": "spell", "spell": text(spec["spell"], at("spell"))}
    options = [name for key in lists for name in tables["skill_lists"][key]["skills"]
               if name not in skills]
    if not options and not wizard:
        if spec.get("skill") is not None:
            fail(at("skill"), "he knows every skill of his lists", "not_allowed")
        return {"skill": None, "note": "he knows every skill of his lists: no new skill"}
    extra = {"or_spell": True} if wizard else {}
    return {"skill": rolls.choose(spec.get("skill"), options, at("skill"), **extra)}


# -- henchman advance -----------------------------------------------------------------

HENCH_INPUTS = ("roll", "rerolled", "stat", "promotion", "rest")
HENCH_DERIVED = ("result", "stats", "increased", "pending", "note")
PROMOTION_INPUTS = ("skill_lists", "advance")
PROMOTION_DERIVED = ("stats",)


def henchman_advance(
    tables: Mapping,
    *,
    stats: Mapping,
    maxima: Mapping,
    increased: Sequence[str] = (),
    heroes: int = 0,
    group_size: int = 1,
    lad_skill_lists: Sequence[str] = (),
    spec: Mapping | None = None,
    rng=None,
    path: str = "",
) -> dict:
    """One roll on the henchman advance table (2D6) for a whole group.

    ``increased``: characteristics the group has already raised (each only once);
    results already raised or at the racial maximum are re-rolled (2005 Rules Review),
    the discarded rolls kept in ``rerolled``. 10-12, the lad's got talent: one model
    becomes a hero (re-rolled while the warband has ``max_heroes`` ``heroes``; dismiss a
    hero first to avoid that), choosing 2 of ``lad_skill_lists`` and making one hero
    advance (``promotion``); the other models (``group_size`` - 1) roll again, re-rolling
    10-12 (``rest``). Returns ``{"roll", "rerolled", "result", "stat", "stats",
    "increased", "promotion", "rest", "pending"}``.
    """
    rolls = Rolls(rng)
    heroes = whole(heroes, "heroes", 0, MAX_COUNT)
    group_size = whole(group_size, "group_size", 1, MAX_COUNT)
    increased = list(increased)
    out = _henchman_advance(
        tables, _check_stats(stats, "stats"), dict(maxima), increased,
        heroes < tables["advance_rules"]["max_heroes"], group_size, list(lad_skill_lists),
        spec, rolls, path,
    )
    return rolls.finish(out)


def _possible(row, stats, maxima, increased, lads_allowed) -> list[str] | bool:
    """The characteristics a row can still raise (a list), or whether the lad's got
    talent can happen."""
    if row["result"] == "lads_got_talent":
        return lads_allowed
    candidates = row.get("choose") or [row["stat"]]
    return [s for s in candidates if s not in increased and not _at_max(stats, maxima, s)]


def _henchman_advance(tables, stats, maxima, increased, lads_allowed, group_size, lad_lists,
                      spec, rolls: Rolls, path):
    spec = spec_of(spec, path, HENCH_INPUTS + HENCH_DERIVED)
    at = lambda name: join_path(path, name)  # noqa: E731
    rows = tables["henchman_advances"]

    def usable(roll: int):
        return _possible(in_band(rows, roll), stats, maxima, increased, lads_allowed)

    if not any(usable(r) for r in range(2, 13)):
        if spec.get("roll") is not None:
            fail(at("roll"), "no result of the table can raise this group any more",
                 "not_allowed")
        return {"roll": None, "rerolled": [], "result": "none", "stats": stats,
                "increased": increased, "note": "no result of the table is left for this group"}
    roll, rerolled = _henchman_roll(spec, rows, usable, rolls, path)
    row = in_band(rows, roll)
    out: dict = {"roll": roll, "rerolled": rerolled, "result": row["result"]}
    if row["result"] == "lads_got_talent":
        if spec.get("stat") is not None:
            fail(at("stat"), "the lad's got talent raises no characteristic of the group")
        return _promote(tables, stats, maxima, increased, group_size, lad_lists, spec, rolls,
                        path, out)
    for key in ("promotion", "rest"):
        if spec.get(key) is not None:
            fail(at(key), f"a roll of {roll} promotes no one")
    stat = _choose_stat(usable(roll), spec, rolls, at("stat"), out)
    out["stat"] = stat
    out["stats"] = _raise(stats, stat) if stat else stats
    out["increased"] = increased + [stat] if stat else increased
    return out


def _henchman_roll(spec, rows, usable, rolls: Rolls, path) -> tuple[int, list]:
    """The group's 2D6 on the table: typed (never one it re-rolls) or rolled until it
    gives a result the group can take; with the discarded rolls, typed or rolled."""
    at = lambda name: join_path(path, name)  # noqa: E731
    rerolled = spec.get("rerolled") or []
    if not isinstance(rerolled, list) or len(rerolled) > MAX_COUNT:
        fail(at("rerolled"), "must be a list of 2D6 rolls")
    for k, old in enumerate(rerolled):
        rolls.two_d6(old, f"{at('rerolled')}[{k}]")
        if usable(old):
            fail(f"{at('rerolled')}[{k}]", f"{old} gives a result this group can take; it is "
                 "not re-rolled")
    rerolled = list(rerolled)
    roll = spec.get("roll")
    if roll is not None:
        rolls.two_d6(roll, at("roll"))
        if not usable(roll):
            fail(at("roll"), f"{roll} is re-rolled for this group ({_why(in_band(rows, roll))})",
                 "rerolled")
    while roll is None:
        roll = rolls.two_d6(None, at("roll"))
        if not usable(roll):
            rerolled.append(roll)
            roll = None
    return roll, rerolled


def _why(row) -> str:
    if row["result"] == "lads_got_talent":
        return "the warband has its most heroes, or this is the rest of a promoted group"
    return "already raised once or at the racial maximum"


def _promote(tables, stats, maxima, increased, group_size, lad_lists, spec, rolls: Rolls, path,
             out: dict) -> dict:
    at = lambda name: join_path(path, name)  # noqa: E731
    promo = spec_of(spec.get("promotion"), at("promotion"), PROMOTION_INPUTS + PROMOTION_DERIVED)
    pat = lambda name: join_path(at("promotion"), name)  # noqa: E731
    how_many = tables["advance_rules"]["lad_skill_lists"]
    chosen = promo.get("skill_lists")
    promotion: dict = {"skill_lists": None, "advance": None, "stats": None}
    if chosen is None:
        rolls.pending.append({"path": pat("skill_lists"), "options": list(lad_lists),
                              "choose": how_many})
    else:
        if (not isinstance(chosen, list) or len(chosen) != how_many
                or len(set(chosen)) != how_many):
            fail(pat("skill_lists"), f"must be {how_many} different skill lists")
        for k, key in enumerate(chosen):
            if key not in lad_lists:
                fail(f"{pat('skill_lists')}[{k}]", f"{key!r} is not a list of this warband's "
                     f"heroes ({', '.join(lad_lists) or 'none'})", "not_allowed")
        # the promoted hero keeps the group's profile and advances on the hero table
        advance = _hero_advance(tables, stats, maxima, [], chosen, False, promo.get("advance"),
                                rolls, pat("advance"))
        promotion.update(skill_lists=list(chosen), advance=advance, stats=advance["stats"])
    out["promotion"] = promotion
    out["stat"] = None
    if group_size > 1:
        rest = _henchman_advance(tables, stats, maxima, increased, False, group_size - 1, [],
                                 spec.get("rest"), rolls, at("rest"))
        out.update(rest=rest, stats=rest["stats"], increased=rest["increased"])
    else:
        if spec.get("rest") is not None:
            fail(at("rest"), "the group had one model: no one is left to roll again")
        out.update(rest=None, stats=stats, increased=increased)
    return out
