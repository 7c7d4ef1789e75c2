"""Trupp's characters for the matchup odds (``trupp_odds``), read from one side of a
matchup request (``matchup`` has its shape) and checked against the game data.

A character is its sheet's stat rows by wounds taken, with the modifiers of its normal
equipment and bought options added (``trupp.effective_stat_rows``), or rows typed in
(already effective). One wound more than the last row takes it out. Trupp's characters
carry no weapon profiles: a weapon is an item of their equipment or options whose
modifiers are in the effective rows already; a ranged one has ``attributes.ranged``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.catalogue import Catalogue
from rules.engine.document import Entry
from rules.systems import trupp
from rules.systems.matchup import Problems, bought, card_of, needs_card, refuse_unused, same_name

FIGHT_STATS = ("KG_N", "A_N", "KG_F", "A_F", "STAE", "WID", "AGI")


@dataclass(frozen=True, slots=True)
class Carried:
    key: str
    name: str
    ranged: bool = False


@dataclass(frozen=True, slots=True)
class Character:
    name: str
    rows: tuple[Mapping, ...]  # effective stat rows, index = wounds taken
    wounds_taken: int = 0
    carried: tuple[Carried, ...] = ()
    typed: bool = False  # rows typed in: a weapon's name is only a label

    @property
    def left(self) -> int:
        """Wounds still to take before it is out (one more than its last row)."""
        return len(self.rows) - self.wounds_taken

    def row(self, left: int | None = None) -> Mapping:
        """The row that applies with ``left`` wounds still to take (now by default)."""
        left = self.left if left is None else left
        return self.rows[len(self.rows) - left]

    def stat(self, key: str, left: int | None = None) -> int | None:
        value = self.row(left).get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


def from_card(catalogue: Catalogue, card, options=(), wounds_taken: int = 0) -> Character:
    entry = Entry(card=card.key, options=tuple(i.key for i in options))
    keys = list(card.attributes.get("equipment") or ()) + [i.key for i in options]
    items = [catalogue.items[k] for k in keys if k in catalogue.items]
    return Character(
        name=card.name,
        rows=tuple(trupp.effective_stat_rows(card, entry, catalogue)),
        wounds_taken=wounds_taken,
        carried=tuple(Carried(i.key, i.name, bool(i.attributes.get("ranged"))) for i in items),
    )


def from_values(values: Mapping, role: str, wounds_taken: int = 0) -> Character:
    """Typed rows: each with KG_N, A_N, KG_F, A_F (null without ranged attacks), STAE,
    WID and AGI."""
    rows = tuple({k: row.get(k) for k in FIGHT_STATS} for row in values.get("stat_rows") or ())
    return Character(str(values.get("name") or f"the {role}"), rows, wounds_taken, typed=True)


def read_side(catalogue: Catalogue, side, role: str, problems: Problems) -> Character | None:
    """One side of the request as a character, or None with its problems added."""
    if not needs_card(side, role, problems):
        return None
    refuse_unused(side, role, "items", "Trupp characters buy options, not items", problems)
    wounds = int(side.get("wounds_taken") or 0)
    values = side.get("card_values")
    if values is not None:
        refuse_unused(side, role, "options", "typed rows already include the options",
                      problems)
        character = from_values(values, role, wounds)
        if not character.rows:
            problems.add(f"{role}.card_values.stat_rows", "at least one row", "required")
            return None
    else:
        card = card_of(catalogue, side["card"], f"{role}.card", problems)
        if card is None:
            return None
        options = bought(catalogue, card, side.get("options") or (), card.allowed_options,
                         f"{role}.options", "option_not_allowed", problems)
        character = from_card(catalogue, card, options, wounds)
    if wounds >= len(character.rows):
        problems.add(
            f"{role}.wounds_taken",
            f"{character.name}'s sheet has rows for 0 to {len(character.rows) - 1} wounds; "
            f"{len(character.rows)} take it out",
        )
        return None
    return character


def check_weapon(character: Character, name: str | None, attack: str,
                 problems: Problems) -> Carried | None:
    """The weapon named, if any: one the character carries, ranged for a ranged attack."""
    if not name:
        return None
    if character.typed:
        return Carried(name, name, attack == "ranged")
    found = next((c for c in character.carried if c.key == name or same_name(c.name, name)),
                 None)
    if found is None:
        carried = ", ".join(c.name for c in character.carried) or "nothing"
        problems.add("weapon", f"{character.name} has no {name!r} (it carries: {carried})",
                     "not_carried")
    elif found.ranged != (attack == "ranged"):
        kind = "a ranged weapon" if found.ranged else "no ranged weapon"
        problems.add("weapon", f"{found.name} is {kind}: not for a {attack} attack")
    return found
