"""Boarding Action points (docs/rules/boarding_action.md, "Points"): models, options and
special actions, the free special-action points, and the battle size they count against."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.engine.catalogue import Catalogue, SpecialAction
from rules.engine.document import Entry, ListDocument, SpecialActionPick
from rules.systems.boarding_action.units import unit_of


def price_entry(catalogue: Catalogue, document: ListDocument, entry: Entry) -> int:
    unit = unit_of(entry, catalogue, document)
    return unit.points * entry.count if unit is not None else 0


def action_price(action: SpecialAction, pick: SpecialActionPick) -> int:
    """One purchase: the chosen variant's points, else the action's own points."""
    variant = action.variant(pick.variant) if pick.variant is not None else None
    return variant.points if variant is not None else action.points


def special_action_points(catalogue: Catalogue, document: ListDocument) -> int:
    """All special actions bought, free part included (unknown actions cost nothing)."""
    total = 0
    for pick in document.special_actions:
        action = catalogue.special_actions.get(pick.action)
        if action is not None:
            total += pick.count * action_price(action, pick)
    return total


def free_points(catalogue: Catalogue) -> int:
    """Special-action points each player gets free: battle_size's parameter (0 if unset)."""
    return int(catalogue.params_for("battle_size").get("free_special_action_points", 0))


@dataclass(frozen=True, slots=True)
class Budget:
    models: int
    special_actions: int
    free: int

    @property
    def paid(self) -> int:
        """Special-action points beyond the free ones, paid with army points."""
        return max(0, self.special_actions - self.free)

    @property
    def total(self) -> int:
        return self.models + self.paid


def budget(catalogue: Catalogue, document: ListDocument, entry_points: Sequence[int]) -> Budget:
    return Budget(
        models=sum(entry_points),
        special_actions=special_action_points(catalogue, document),
        free=free_points(catalogue),
    )


def total(catalogue: Catalogue, document: ListDocument, entry_points: list[int]) -> int:
    """The counted total: models plus the special actions beyond the free points."""
    return budget(catalogue, document, entry_points).total


def price_pick(catalogue: Catalogue, pick: SpecialActionPick) -> int:
    """One purchase with all its uses (an action the data does not know costs nothing)."""
    action = catalogue.special_actions.get(pick.action)
    return pick.count * action_price(action, pick) if action is not None else 0


def summary(catalogue: Catalogue, document: ListDocument, entry_points: Sequence[int]) -> dict:
    """The budget beside the total: models, special actions, their free and paid parts."""
    b = budget(catalogue, document, entry_points)
    return {
        "models": b.models,
        "special_actions": b.special_actions,
        "free": b.free,
        "free_used": min(b.free, b.special_actions),
        "paid": b.paid,
    }


def standard_size(catalogue: Catalogue) -> int | None:
    """The standard battle size (500): battle_size's ``limit`` parameter in the pack."""
    return catalogue.params_for("battle_size").get("limit")


def limit(catalogue: Catalogue, document: ListDocument) -> int | None:
    """The document's battle size if the players agreed on one, else the standard 500."""
    if document.battle_size is not None:
        return document.battle_size
    return standard_size(catalogue)


def actions_overspend(b: Budget, limit: int) -> bool:
    """Whether the special actions (their paid part) cause a total over ``limit``: the
    models alone fit. Called only for a total over the limit."""
    return bool(b.paid) and b.models <= limit


