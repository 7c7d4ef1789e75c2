"""Godslayer's fighters for the matchup odds (``godslayer_odds``), read from one side of
a matchup request (``matchup`` has its shape) and checked against the game data.

A fighter is a profile card with the items it bought, its DEF and ARM effective
(``godslayer.effective_stats``: armour and shields added), or the values of a card typed
in (already effective). A unit's card stands for one of its models: hit points are per
model. From the card's attributes: ``hit_points``, ``orange_from`` (severely wounded
at that many hit points left or fewer; 0 when the track has no orange part) and
``save`` (D6 >= value ignores the damage), which a bought item may carry too (the best
one counts; the sample pack has none). Weapons: the card's printed ones, then the
weapon items it bought (``attributes.weapon``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.engine.catalogue import Card, Catalogue, Item
from rules.engine.document import Entry
from rules.systems import godslayer
from rules.systems.matchup import Problems, bought, card_of, needs_card, refuse_unused, same_name


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    type: str  # melee | ranged
    str: int
    range: int | None = None
    key: str | None = None  # the item's key, for a bought weapon

    @classmethod
    def of(cls, data: Mapping, key: str | None = None) -> Weapon:
        return cls(str(data.get("name") or "?"), str(data.get("type") or "melee"),
                   int(data.get("str") or 0), data.get("range"), key)


@dataclass(frozen=True, slots=True)
class Fighter:
    name: str
    stats: Mapping[str, int]
    hit_points: int
    orange_from: int = 0
    save: int | None = None
    weapons: tuple[Weapon, ...] = ()
    wounds_taken: int = 0  # hit points lost so far

    @property
    def left(self) -> int:
        return self.hit_points - self.wounds_taken

    def severely_wounded(self, left: int | None = None) -> bool:
        left = self.left if left is None else left
        return 0 < left <= self.orange_from


def from_card(catalogue: Catalogue, card: Card, items: Sequence[Item] = (),
              wounds_taken: int = 0) -> Fighter:
    entry = Entry(card=card.key, items=tuple(i.key for i in items))
    saves = [s for s in [card.attributes.get("save")]
             + [i.attributes.get("save") for i in items] if isinstance(s, int)]
    weapons = [Weapon.of(w) for w in card.weapons]
    weapons += [Weapon.of(i.attributes["weapon"], i.key) for i in items
                if i.kind == "weapon" and isinstance(i.attributes.get("weapon"), Mapping)]
    return Fighter(
        name=card.name,
        stats=godslayer.effective_stats(card, entry, catalogue),
        hit_points=int(card.attributes.get("hit_points") or 0),
        orange_from=int(card.attributes.get("orange_from") or 0),
        save=min(saves) if saves else None,
        weapons=tuple(weapons),
        wounds_taken=wounds_taken,
    )


def from_values(values: Mapping, role: str, wounds_taken: int = 0) -> Fighter:
    """Typed values: MEL, RAN, DEF, ARM, hit_points, orange_from, save, weapons."""
    return Fighter(
        name=str(values.get("name") or f"the {role}"),
        stats={k: int(values.get(k) or 0) for k in ("MEL", "RAN", "DEF", "ARM")},
        hit_points=int(values.get("hit_points") or 0),
        orange_from=int(values.get("orange_from") or 0),
        save=values.get("save"),
        weapons=tuple(Weapon.of(w) for w in values.get("weapons") or ()),
        wounds_taken=wounds_taken,
    )


def read_side(catalogue: Catalogue, side, role: str, problems: Problems) -> Fighter | None:
    """One side of the request as a fighter, or None with its problems added."""
    if not needs_card(side, role, problems):
        return None
    refuse_unused(side, role, "options", "Godslayer cards take items, not options", problems)
    wounds = int(side.get("wounds_taken") or 0)
    values = side.get("card_values")
    if values is not None:
        refuse_unused(side, role, "items", "typed values already include the items", problems)
        fighter = from_values(values, role, wounds)
        path = f"{role}.card_values"
        if fighter.hit_points < 1:
            problems.add(f"{path}.hit_points", "a model has at least 1 hit point")
            return None
        if fighter.orange_from >= fighter.hit_points:
            problems.add(f"{path}.orange_from", "the orange part is less than the whole track")
    else:
        card = card_of(catalogue, side["card"], f"{role}.card", problems)
        if card is None:
            return None
        items = bought(catalogue, card, side.get("items") or (), card.allowed_items,
                       f"{role}.items", "item_not_allowed", problems)
        fighter = from_card(catalogue, card, items, wounds)
        if fighter.hit_points < 1:
            problems.add(f"{role}.card", f"{card.name} has no hit points in the data")
            return None
    if wounds >= fighter.hit_points:
        problems.add(
            f"{role}.wounds_taken",
            f"{fighter.name} has {fighter.hit_points} hit points: at most "
            f"{fighter.hit_points - 1} lost, or it is out of the game",
        )
    return fighter


def _named_weapon(fighter: Fighter, name: str, attack: str | None,
                  problems: Problems) -> Weapon | None:
    """The weapon the player named (by name or item key), if the fighter carries it and
    it is fit for the attack."""
    found = next((w for w in fighter.weapons
                  if same_name(w.name, name) or (w.key and w.key == name)), None)
    if found is None:
        carried = ", ".join(w.name for w in fighter.weapons) or "none"
        problems.add("weapon", f"{fighter.name} has no weapon {name!r} (it has: {carried})",
                     "not_carried")
    elif attack and found.type != attack:
        problems.add("weapon", f"{found.name} is a {found.type} weapon, not {attack}")
        return None
    return found


def choose_weapon(fighter: Fighter, name: str | None, attack: str | None,
                  problems: Problems) -> Weapon | None:
    """The named weapon (by name or item key), else the first one fit for the attack."""
    if name:
        return _named_weapon(fighter, name, attack, problems)
    wanted = attack or "melee"
    found = next((w for w in fighter.weapons if w.type == wanted), None)
    if found is None:
        problems.add("attack" if attack else "weapon",
                     f"{fighter.name} has no {wanted} weapon", "no_weapon")
    return found
