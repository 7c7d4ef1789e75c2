"""Recruits in the trading step of a post-battle sequence (docs/rules/mordheim.md): a new
hero or henchman group at its cost, or new members of an existing group.

- ``recruits``: a new hero or henchman group (``card``, ``size``, ``items``: common items
  only) at its cost, within the warband's limits (one leader, six heroes, the type's
  maximum, the warband's size); or new members of an existing group (``join_entry_id``)
  at base cost + the group's equipment + 2 gc per experience point, as far as the
  veterans available (2D6 once per sequence, ``veterans.dice``) allow.

A new fighter has his card's profile and skill lists as the warband's choice makes them
(a Remas hero: +1 Ld and his city's lists). Each recruit is logged with its cost
explained ("Hired: 2 × Zealot, 40 gc (2 × 20 gc)").
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine.document import Entry
from rules.engine.violations import N_, Phrase
from rules.systems.mordheim import (
    group_limits,
    is_hero,
    is_large,
    is_leader,
    model_price,
    size_limits,
    starting_experience,
)
from rules.systems.mordheim.choices import card_skill_lists, card_stats
from rules.systems.mordheim.dice import CampaignError, fail, join_path, spec_of, text, whole
from rules.systems.mordheim.roster import Fighter
from rules.systems.mordheim.sequence import PostBattle, repath
from rules.systems.mordheim.sequence_hire import roster_document
from rules.systems.mordheim.trading import join_group_cost, recruit_cost, veterans_available

RECRUIT_FIELDS = ("card", "name", "join_entry_id", "size", "items", "entry_id", "cost")
MAX_ITEMS = 20
# Words of lines recorded before a recruit's cost was said as it is now: stored campaigns
# still say them until they are replayed, so they stay translated.
STORED_WORDS = (N_("Hired: {name} ({card}, {size}), {cost} gc"),
                N_("Hired: {size} more for {name}, {cost} gc"),
                N_("Hired: {name} ({card}, {size}), {cost}"),
                N_("{gc} cost"), N_("{gc} equipment"), N_("{gc} for {xp} experience"),
                N_("{total} gc ({models} x ({parts}))"))


def pay(ps: PostBattle, amount: int, path: str) -> None:
    if amount > ps.roster.treasury:
        fail(path, f"costs {amount} gc, the treasury has {ps.roster.treasury} gc",
             "not_enough_gold")
    ps.gold(-amount)


def only(row, *keys) -> dict:
    return {k: row[k] for k in keys if row.get(k) is not None}


class Veterans:
    """2D6 of veterans' experience, rolled once per sequence, when a group with
    experience takes new members."""

    def __init__(self, ps: PostBattle):
        self.ps, self.dice, self.left = ps, None, 0

    def take(self, experience: int, path: str) -> None:
        if self.dice is None:
            rolled = veterans_available(self.ps.tables, only(self.ps.spec.get("veterans") or {},
                                                             "dice"),
                                        rng=self.ps.rng, path="veterans")
            self.dice, self.left = rolled["dice"], rolled["experience"]
        if experience > self.left:
            fail(path, f"these recruits need {experience} experience of veterans, "
                 f"{self.left} are left this time (2D6 {sum(self.dice)})", "no_veterans")
        self.left -= experience


def _room(ps: PostBattle, card, size: int, path: str, card_path: str) -> None:
    """The limits with ``size`` more of ``card`` (the size as its hired swords raise it)."""
    active = ps.roster.active()
    _low, top = size_limits(ps.catalogue, roster_document(ps))
    members = sum(f.models for f in active)
    if members + size > top:
        fail(path, f"the warband has {members} fighters: at most {top}", "warband_size")
    most = card.attributes.get("type_limit")
    same = sum(f.models for f in active if f.card == card.key)
    if most is not None and same + size > most:
        fail(card_path, f"{card.name}: {same + size} models, at most {most}", "type_limit")


def recruit(ps: PostBattle, row, at: str, veterans: Veterans) -> dict:
    spec_of(row, at, RECRUIT_FIELDS)
    size = whole(row.get("size") or 1, join_path(at, "size"), 1, 5)
    items = row.get("items") or []
    if not isinstance(items, list) or len(items) > MAX_ITEMS:
        fail(join_path(at, "items"), f"must be a list of at most {MAX_ITEMS} item keys")
    if row.get("join_entry_id") is not None:
        return _join(ps, row, at, size, items, veterans)
    card = _recruit_card(ps, row.get("card"), join_path(at, "card"))
    hero = is_hero(card)
    _may_recruit(ps, card, size, at)
    try:
        cost = recruit_cost(ps.catalogue, card.key, items, models=size)
    except CampaignError as error:
        raise repath(error, {"card": join_path(at, "card"), "models": join_path(at, "size")},
                     prefix=at) from None
    pay(ps, cost["total"], join_path(at, "card"))
    new_id = ps.new_entry_id(row.get("entry_id"), join_path(at, "entry_id"))
    name = text(row["name"], join_path(at, "name")) if row.get("name") else card.name
    choice = ps.roster.choice
    ps.add(Fighter(
        entry=None, entry_id=new_id, card=card.key, name=name, hero=hero, models=size,
        items=tuple(items), stats=card_stats(card, choice),
        experience=starting_experience(card) if hero else 0, large=is_large(card),
        leader=is_leader(card), joined=ps.number,
        skill_lists=card_skill_lists(card, choice) if hero else (),
    ))
    ps.lines.append(_hired_line(name, card.name, size, _recruit_sum(
        card.points, cost["per_model"] - card.points, 0, size, cost["total"])))
    return {"card": card.key, "name": row.get("name"), "size": size, "items": list(items),
            "join_entry_id": None, "entry_id": new_id, "cost": cost["total"]}


def _hired_line(name: str, card: str, size: int, cost: Phrase) -> Phrase:
    """"Hired: Hans (Zealot), 20 gc", "Hired: 2 × Zealot, 40 gc (2 × 20 gc)": his name
    only where the player gave one, the models only for a group."""
    params = {"name": name, "card": card, "size": size, "cost": cost}
    if size == 1:
        return Phrase(N_("Hired: {card}, {cost}") if name == card
                      else N_("Hired: {name} ({card}), {cost}"), params)
    return Phrase(N_("Hired: {size} × {card}, {cost}") if name == card
                  else N_("Hired: {name} ({size} × {card}), {cost}"), params)


def _recruit_card(ps: PostBattle, key, path: str):
    """The card of a new fighter: one the game data knows, of this warband."""
    card = ps.catalogue.cards.get(key) if isinstance(key, str) else None
    if card is None:
        fail(path, f"the game data has no fighter {key!r}",
             "required" if key is None else "unknown_key")
    if card.faction != ps.roster.faction:
        fail(path, f"{card.name} is not a fighter of this warband", "faction")
    return card


def _may_recruit(ps: PostBattle, card, size: int, at: str) -> None:
    """A hero alone, a group within its size; the warband's heroes, leader and limits."""
    hero = is_hero(card)
    if hero and size != 1:
        fail(join_path(at, "size"), f"{card.name} is a hero: one model", "henchman_group")
    if not hero and size > group_limits(card, ps.catalogue.params_for("henchman_group"))[1]:
        fail(join_path(at, "size"), f"a group of {card.name} is too large", "henchman_group")
    most = ps.catalogue.params_for("hero_limit").get("max", ps.tables["advance_rules"]
                                                    ["max_heroes"])
    if hero and ps.heroes() + 1 > most:
        fail(join_path(at, "card"), f"the warband has {ps.heroes()} heroes: at most {most}",
             "hero_limit")
    if is_leader(card) and any(f.leader for f in ps.roster.active()):
        fail(join_path(at, "card"), "the warband has its leader", "leader")
    _room(ps, card, size, join_path(at, "size"), join_path(at, "card"))


def _join(ps: PostBattle, row, at: str, size: int, items, veterans: Veterans) -> dict:
    group = ps.target(row["join_entry_id"], join_path(at, "join_entry_id"), hero=False)
    card = ps.catalogue.cards[group.card]
    if row.get("card") not in (None, card.key):
        fail(join_path(at, "card"), f"new members of {group.name} are {card.name}s")
    if items:
        fail(join_path(at, "items"), "new members of a group carry the group's equipment")
    gear = model_price(ps.catalogue, card, Entry(card=card.key, items=group.items)) - card.points
    _room(ps, card, size, join_path(at, "size"), join_path(at, "join_entry_id"))
    try:
        cost = join_group_cost(
            ps.tables, base_cost=card.points, equipment_cost=max(gear, 0),
            group_experience=group.experience, group_models=group.models, joining=size,
            group_max=group_limits(card, ps.catalogue.params_for("henchman_group"))[1])
    except CampaignError as error:
        raise repath(error, {"joining": join_path(at, "size")}) from None
    if group.experience:
        veterans.take(size * group.experience, join_path(at, "size"))
    pay(ps, cost["total"], join_path(at, "join_entry_id"))
    ps.put(replace(group, models=group.models + size))
    ps.lines.append(Phrase(N_("Hired: {size} more for {name}, {cost}"),
                           {"size": size, "name": group.name,
                            "cost": _recruit_sum(card.points, max(gear, 0), cost["experience"],
                                                 size, cost["total"])}))
    return {"card": card.key, "name": None, "size": size, "items": [],
            "join_entry_id": group.entry_id, "entry_id": None, "cost": cost["total"]}


def _recruit_sum(base: int, gear: int, experience: int, models: int, total: int) -> Phrase:
    """A recruit's cost explained: the fighter's cost, his equipment and, joining a group
    with experience, the gold per experience point; for a group, per model and times the
    models ("40 gc (2 × 20 gc)", "54 gc (2 × 27 gc: 20 gc fighter + 7 gc equipment)")."""
    parts = [Phrase(N_("{gc} gc fighter"), {"gc": base})]
    if gear:
        parts.append(Phrase(N_("{gc} gc equipment"), {"gc": gear}))
    if experience:
        parts.append(Phrase(N_("{gc} gc for {xp} experience"),
                            {"gc": (total // models) - base - gear, "xp": experience}))
    if len(parts) == 1:
        if models == 1:
            return Phrase(N_("{total} gc"), {"total": total})  # his cost alone
        return Phrase(N_("{total} gc ({models} × {each} gc)"),
                      {"total": total, "models": models, "each": total // models})
    if models == 1:
        return Phrase(N_("{total} gc ({parts})"), {"total": total, "parts": _joined(parts)})
    return Phrase(N_("{total} gc ({models} × {each} gc: {parts})"),
                  {"total": total, "models": models, "each": total // models,
                   "parts": _joined(parts)})


def _joined(parts: list[Phrase]) -> Phrase:
    """Phrases joined with " + " (a list param is joined with "; ")."""
    out = parts[0]
    for part in parts[1:]:
        out = Phrase(N_("{a} + {b}"), {"a": out, "b": part})
    return out
