"""Post-battle step 2 (docs/rules/mordheim.md): experience and advances.

Every hero and henchman group who fought and is still in the warband after the
injuries gains the awards of ``mordheim_advances.experience_gain``: +1 for surviving,
+1 for the winning leader, +1 per enemy a hero put out of action
(``enemies_out_of_action``), the scenario's awards (``experience``, a number per
fighter) and the underdog bonus (``opponent_rating`` given and higher). Each threshold
crossed is one advance roll, taken from ``advances`` (the player's dice and choices,
one row per advance, in order per fighter) or rolled:

- a hero or a hired sword: 2D6 on the hero table, ``sub_roll`` the D6 of 6, 8 and 9, ``choice`` the
  characteristic (a 7) or the new skill of his own lists; a wizard may name a ``spell``;
- a henchman group: 2D6 on the henchman table (results the group cannot take are
  re-rolled, ``rerolled``), ``choice`` WS or BS on a 6 or 7; on 10-12 the lad's got
  talent: one model becomes a hero (``name``; a new fighter unless the group was one
  model), choosing two ``skill_lists`` of the warband's heroes and making one hero roll
  (``promotion``: roll, sub_roll, choice); the rest of the group rolls again (``rest``:
  roll, choice). With six heroes already, 10-12 is re-rolled.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from rules.engine.violations import N_, Phrase
from rules.systems.mordheim import is_hired_sword
from rules.systems.mordheim.advances import (
    experience_gain,
    fighter_facts,
    henchman_advance,
    hero_advance,
    warband_skill_lists,
)
from rules.systems.mordheim.dice import CampaignError, fail, in_band, join_path, spec_of, text
from rules.systems.mordheim.sequence import MAX_ADVANCES, PostBattle, by_fighter, repath, rows
from rules.systems.mordheim.trading import underdog_bonus

ADVANCE_FIELDS = ("entry_id", "roll", "sub_roll", "choice", "spell", "rerolled", "result",
                  "skill_lists", "promotion", "rest", "name", "promoted_entry_id")
PROMOTION_FIELDS = ("roll", "sub_roll", "choice", "result")
REST_FIELDS = ("roll", "rerolled", "choice", "result")


def experience(ps: PostBattle) -> None:
    kills = by_fighter(ps, "enemies_out_of_action", "count", hero=True)
    extra = by_fighter(ps, "experience", "amount")
    underdog = _underdog(ps)
    wanted = _advance_rows(ps)
    gains, advances = [], []
    for who in ps.fought:
        f = ps.fighter(who)
        if f is None or not f.in_warband:
            continue  # dead, captured, every model lost: no experience
        facts = fighter_facts(ps.catalogue, f.card)
        if not facts["gains_experience"]:
            for key, given in (("enemies_out_of_action", kills), ("experience", extra)):
                if who in given:
                    fail(key, f"{f.name} never gains experience", "no_experience")
            continue
        gain = experience_gain(
            ps.tables, hero=f.hero, before=f.experience, survived=True,
            winning_leader=ps.won and f.leader, enemies_out_of_action=kills.get(who, 0),
            scenario=extra.get(who, 0), underdog=underdog,
        )
        ps.put(replace(f, experience=gain["after"]))
        ps.say(f.name, Phrase(N_("{gained} experience ({total})"),
                              {"gained": f"{gain['gained']:+d}", "total": gain["after"]}))
        gains.append({"entry_id": who, "who": f.name, **gain})
        for _threshold in gain["advances"]:
            at, row = wanted[who].pop(0) if wanted.get(who) else (
                f"advances[{len(advances)}]", {})
            f = ps.fighter(who)
            advances.append(_hero(ps, f, row, at) if _hero_table(ps, f)
                            else _henchmen(ps, f, row, at))
    for rows_left in wanted.values():
        if rows_left:
            at, row = rows_left[0]
            name = ps.fighter(row["entry_id"]).name
            fail(join_path(at, "entry_id"), f"{name} has no advance due for this row",
                 "no_advance_due")
    ps.resolved.update(enemies_out_of_action=[{"entry_id": k, "count": n}
                                              for k, n in kills.items()],
                       experience=[{"entry_id": k, "amount": n} for k, n in extra.items()],
                       advances=advances)
    ps.step("experience", {"advances": advances}, {"gains": gains, "underdog": underdog})


def _hero_table(ps: PostBattle, f) -> bool:
    """Heroes and hired swords roll on the hero table; a hired sword gains experience on
    the henchman track all the same (docs/rules/mordheim.md, "Hired swords")."""
    card = ps.catalogue.cards.get(f.card) if f.card else None
    return f.hero or (card is not None and is_hired_sword(card))


def _underdog(ps: PostBattle) -> int:
    opponent = ps.spec.get("opponent_rating")
    if opponent is None:
        return 0
    bonus = underdog_bonus(ps.tables, rating=ps.rating_before, opponent_rating=opponent)
    ps.resolved["opponent_rating"] = opponent
    return bonus["xp"]


def _advance_rows(ps: PostBattle) -> dict[str, list]:
    out: dict[str, list] = {}
    for k, row in enumerate(rows(ps.spec, "advances", MAX_ADVANCES)):
        at = f"advances[{k}]"
        spec_of(row, at, ADVANCE_FIELDS)
        f = ps.target(row.get("entry_id"), join_path(at, "entry_id"), fought=True)
        out.setdefault(f.entry_id, []).append((at, row))
    return out


def _record(ps: PostBattle, step: dict) -> dict:
    record = {"battle": ps.number, "roll": step.get("roll"), "result": step.get("result")}
    for key in ("d6", "stat", "skill", "spell"):
        if step.get(key) is not None:
            record[key] = step[key]
    return record


def _gained(f, step: dict, record: dict):
    """The fighter with a resolved hero-table step applied."""
    skills = f.skills + tuple(step[k] for k in ("skill", "spell") if step.get(k))
    return replace(f, stats=step["stats"], skills=skills, advances=f.advances + (record,))


def _what(step: dict) -> Phrase:
    if step.get("stat"):
        return Phrase(N_("{stat} +1"), {"stat": step["stat"]})
    if step.get("skill") or step.get("spell"):
        return Phrase(N_("new skill: {skill}"), {"skill": step.get("skill") or step["spell"]})
    if step.get("pending"):
        return Phrase(N_("a choice is still to be made"))
    return Phrase(N_("nothing left to raise"))


# -- heroes ---------------------------------------------------------------------------


def _hero(ps: PostBattle, f, row, at: str) -> dict:
    facts = fighter_facts(ps.catalogue, f.card)
    roll = ps.rolls.two_d6(row.get("roll"), join_path(at, "roll"))
    spec = _hero_spec(ps, roll, row.get("sub_roll"), row.get("choice"), row.get("spell"))
    rename = {join_path(at, "d6"): join_path(at, "sub_roll"),
              join_path(at, "stat"): join_path(at, "choice"),
              join_path(at, "skill"): join_path(at, "choice")}
    try:
        step = hero_advance(ps.tables, stats=f.stats, maxima=facts["maxima"] or {},
                            skills=f.skills, skill_lists=f.skill_lists,
                            wizard=facts["wizard"], spec=spec, rng=ps.rng, path=at)
    except CampaignError as error:
        raise repath(error, rename) from None
    ps.owe(step["pending"], rename, fighter=f.name)
    ps.put(_gained(f, step, _record(ps, step)))
    ps.say(f.name, Phrase(N_("advance, 2D6 {roll}: {what}"), {"roll": roll, "what": _what(step)}))
    out = {"entry_id": f.entry_id, "roll": roll, "sub_roll": step.get("d6"),
           "choice": step.get("stat") or step.get("skill"), "result": step["result"]}
    if step.get("spell"):
        out["spell"] = step["spell"]
    return out


def _hero_spec(ps: PostBattle, roll: int, sub_roll, choice, spell=None) -> dict:
    """A hero-table spec with the player's ``choice`` under the field its roll needs."""
    kind = in_band(ps.tables["hero_advances"], roll)["result"]
    spec = {"roll": roll, "d6": sub_roll, "spell": spell,
            ("skill" if kind == "skill" else "stat"): choice}
    return {k: v for k, v in spec.items() if v is not None}


# -- henchmen -------------------------------------------------------------------------


def _henchmen(ps: PostBattle, f, row, at: str) -> dict:
    facts = fighter_facts(ps.catalogue, f.card)
    promo = spec_of(row.get("promotion"), join_path(at, "promotion"), PROMOTION_FIELDS)
    rest = spec_of(row.get("rest"), join_path(at, "rest"), REST_FIELDS)
    lad_lists = warband_skill_lists(ps.catalogue, ps.roster.faction)
    spec = _drop_none({
        "roll": row.get("roll"), "rerolled": row.get("rerolled"), "stat": row.get("choice"),
        "rest": _drop_none({"roll": rest.get("roll"), "rerolled": rest.get("rerolled"),
                            "stat": rest.get("choice")}) or None,
        "promotion": _drop_none({
            "skill_lists": row.get("skill_lists"),
            "advance": _drop_none({"roll": promo.get("roll"), "d6": promo.get("sub_roll")})
            or None}) or None,
    })
    p, rs = join_path(at, "promotion"), join_path(at, "rest")
    rename = {
        join_path(p, "advance.d6"): join_path(p, "sub_roll"),
        join_path(p, "advance.stat"): join_path(p, "choice"),
        join_path(p, "advance.skill"): join_path(p, "choice"),
        join_path(p, "advance"): p,
        join_path(p, "skill_lists"): join_path(at, "skill_lists"),
        join_path(rs, "stat"): join_path(rs, "choice"),
        join_path(at, "stat"): join_path(at, "choice"),
    }

    def advance(spec):
        return henchman_advance(
            ps.tables, stats=f.stats, maxima=facts["maxima"] or {}, increased=f.increased,
            heroes=ps.heroes(), group_size=f.models, lad_skill_lists=lad_lists, spec=spec,
            rng=ps.rng, path=at)

    try:
        step = advance(spec)
        hero_step = (step.get("promotion") or {}).get("advance")
        if hero_step and promo.get("choice") is not None:
            # the choice goes where the promoted hero's roll needs it: a second pass on
            # the stored rolls
            again = copy.deepcopy(step)
            again["promotion"]["advance"] = _hero_spec(
                ps, hero_step["roll"], hero_step.get("d6"), promo["choice"])
            again.pop("pending", None)
            step = advance(again)
    except CampaignError as error:
        raise repath(error, rename) from None
    ps.owe(step["pending"], rename, fighter=f.name)
    if step["result"] == "lads_got_talent":
        return _promote(ps, f, row, at, step)
    record = _record(ps, step)
    ps.put(replace(f, stats=step["stats"], increased=tuple(step["increased"]),
                   advances=f.advances + (record,)))
    ps.say(f.name, Phrase(N_("advance, 2D6 {roll}: {what}"),
                          {"roll": step["roll"] or "-", "what": _what(step)}))
    return {"entry_id": f.entry_id, "roll": step["roll"], "rerolled": step["rerolled"],
            "choice": step.get("stat"), "result": step["result"]}


def _promote(ps: PostBattle, f, row, at: str, step: dict) -> dict:
    promotion = step["promotion"]
    hero_step = promotion.get("advance")
    out = {"entry_id": f.entry_id, "roll": step["roll"], "rerolled": step["rerolled"],
           "choice": None, "result": step["result"], "skill_lists": promotion["skill_lists"],
           "promotion": None, "rest": _rest(step.get("rest"))}
    if hero_step is not None:
        out["promotion"] = {"roll": hero_step["roll"], "sub_roll": hero_step.get("d6"),
                            "choice": hero_step.get("stat") or hero_step.get("skill"),
                            "result": hero_step["result"]}
    name = text(row["name"], join_path(at, "name")) if row.get("name") is not None else f.name
    if hero_step is None:  # two skill lists still to choose: nobody is promoted yet
        ps.say(f.name, Phrase(N_("advance, 2D6 {roll}: the lad's got talent, skill lists "
                                 "still to choose"), {"roll": step["roll"]}))
        return out
    record = {**_record(ps, step), "promoted": True}
    hero = replace(f, hero=True, models=1, count=1, name=name, leader=False,
                   skill_lists=tuple(promotion["skill_lists"]), increased=(),
                   advances=f.advances + (record,))
    hero = _gained(hero, hero_step, _record(ps, hero_step))
    if f.models == 1:
        ps.put(hero)  # the group of one is the new hero
    else:
        new_id = ps.new_entry_id(row.get("promoted_entry_id"), join_path(at, "promoted_entry_id"))
        out["promoted_entry_id"] = new_id
        ps.put(replace(f, models=f.models - 1, stats=step["stats"],
                       increased=tuple(step["increased"]),
                       advances=f.advances + ({**record, "promoted": new_id},)))
        ps.add(replace(hero, entry=None, entry_id=new_id, joined=ps.number))
    if row.get("name") is not None:
        out["name"] = name
    ps.say(f.name, Phrase(N_("advance, 2D6 {roll}: the lad's got talent, {name} becomes a "
                             "hero ({what})"),
                          {"roll": step["roll"], "name": name, "what": _what(hero_step)}))
    return out


def _rest(rest) -> dict | None:
    if rest is None:
        return None
    return {"roll": rest["roll"], "rerolled": rest["rerolled"], "choice": rest.get("stat"),
            "result": rest["result"]}


def _drop_none(spec: dict) -> dict:
    return {k: v for k, v in spec.items() if v is not None}
