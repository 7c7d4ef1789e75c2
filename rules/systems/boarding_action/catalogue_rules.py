"""Boarding Action: the rules a pack imported from a codex catalogue carries, evaluated
against a list (docs/rules/boarding_action.md, "Units from a codex catalogue";
docs/battlescribe-evaluator.md).

Such a card may keep ``attributes.battlescribe_rules``: a modifier of the codex that
depends on the rest of the list (a chapter chosen, another unit taken, a detachment)
changing the unit's or an option's points, whether the codex offers it, or the unit's
per-list limit. Each rule names the modifiers (kept once in the pack,
``system.attributes.battlescribe.modifiers``), the value before them (``base``) and the
value they gave for the unit alone at import (``value``).

To evaluate them the list is rebuilt as a BattleScribe roster of one force: each entry a
selection of its card's catalogue entry (``count`` of it, its categories, its points),
holding what the card keeps of its defaults and the options taken. The BattleScribe
evaluator (rules/engine/battlescribe) then applies the rule's modifiers in that roster;
what a list cannot hold (another force, a detachment, a chapter or a "show Forge World"
choice) counts as not chosen, as in a roster that did not choose it.

Pure: what is read is the pack's catalogue and the list document. One list is judged once
per validation (``judge`` keeps the last answer for the same two objects).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from rules.engine.battlescribe.build import DataError, modifier_from_data
from rules.engine.battlescribe.effective import Evaluator
from rules.engine.battlescribe.index import Index
from rules.engine.battlescribe.model import CategoryLink, ForceEntry, Modifier
from rules.engine.battlescribe.model import Entry as Node
from rules.engine.battlescribe.modifiers import applied, fold_flag, fold_number
from rules.engine.battlescribe.roster import Force, Roster, Selection
from rules.engine.catalogue import Card, Catalogue
from rules.engine.document import Entry, ListDocument

LIST_FORCE = ForceEntry(id="muster-list", name="list")
MAX_WHY = 300


@dataclass
class Judged:
    """What the rules make of one list: points changes per entry (for one of the unit)
    and per option taken, what the codex hides, the per-list limits of cards."""

    positions: dict[int, int] = field(default_factory=dict)  # id(entry) -> its index
    unit_delta: dict[int, int] = field(default_factory=dict)
    option_delta: dict[tuple[int, str], int] = field(default_factory=dict)
    hidden: list[tuple[int, str | None, str]] = field(default_factory=list)
    limits: dict[str, int] = field(default_factory=dict)

    def points_change(self, index: int, options: list[str]) -> int:
        return self.unit_delta.get(index, 0) + sum(
            self.option_delta.get((index, key), 0) for key in dict.fromkeys(options))


_LAST: list = [None]  # (catalogue, document, judged) of the last list judged


def has_rules(catalogue: Catalogue) -> bool:
    return bool((catalogue.attributes.get("battlescribe") or {}).get("modifiers"))


def judge(catalogue: Catalogue, document: ListDocument) -> Judged:
    last = _LAST[0]
    if last is not None and last[0] is catalogue and last[1] is document:
        return last[2]
    judged = _Judge(catalogue, document).run() if has_rules(catalogue) else Judged()
    _LAST[0] = (catalogue, document, judged)
    return judged


def entry_index(document: ListDocument, entry: Entry, judged: Judged) -> int | None:
    """Where ``entry`` is in the document (by identity: two entries may be equal)."""
    if not judged.positions:
        judged.positions.update((id(e), i) for i, e in enumerate(document.entries))
    return judged.positions.get(id(entry))


class _Judge:
    def __init__(self, catalogue: Catalogue, document: ListDocument):
        self.catalogue = catalogue
        self.document = document
        settings = catalogue.attributes.get("battlescribe") or {}
        self.modifiers_data = settings.get("modifiers") or {}
        self.cost_type = str(settings.get("cost_type_id") or "points")
        self.decoded: dict[str, Modifier | None] = {}
        self.roster = Roster()
        self.force = Force(LIST_FORCE, None, self.roster)
        self.roster.forces.append(self.force)
        self.units: dict[int, Selection] = {}
        self.parts: dict[tuple[int, str], Selection] = {}  # (entry, default id or option key)
        self.judged = Judged()

    def modifier(self, ref: str) -> Modifier | None:
        if ref not in self.decoded:
            data = self.modifiers_data.get(ref)
            try:
                self.decoded[ref] = modifier_from_data(data, ref) if data else None
            except DataError:
                self.decoded[ref] = None  # the pack checks refuse it; never a crash here
        return self.decoded[ref]

    def run(self) -> Judged:
        for i, entry in enumerate(self.document.entries):
            card = self.catalogue.cards.get(entry.card) if entry.card else None
            if card is not None and card.attributes.get("battlescribe_id"):
                self._unit(i, entry, card)
        evaluator = Evaluator(Index(None, ()), self.roster)
        for i, entry in enumerate(self.document.entries):
            card = self.catalogue.cards.get(entry.card) if entry.card else None
            if card is not None and i in self.units:
                for rule in card.attributes.get("battlescribe_rules") or ():
                    self._rule(evaluator, i, card, rule)
        return self.judged

    # --- the list as a roster -----------------------------------------------------------

    def _node(self, entry_id: str, kind: str = "upgrade", categories=(), name: str = "") -> Node:
        links = tuple(CategoryLink(id="", target_id=c, primary=j == 0)
                      for j, c in enumerate(categories) if isinstance(c, str))
        return Node(kind="entry", id=str(entry_id), name=name, type=str(kind), categories=links)

    def _selection(self, entry_id, link, parent, number: int, **node) -> Selection:
        path = (Node(kind="link", id=str(link), target_id=str(entry_id)),) if link else ()
        selection = Selection(self._node(entry_id, **node), path, parent, max(1, int(number)))
        (parent.children if isinstance(parent, Selection) else parent.selections).append(selection)
        return selection

    def _unit(self, i: int, entry: Entry, card: Card) -> None:
        a = card.attributes
        unit = self._selection(a["battlescribe_id"], a.get("battlescribe_link"), self.force,
                               entry.count, kind=a.get("battlescribe_type") or "unit",
                               categories=a.get("battlescribe_categories") or (), name=card.name)
        unit.costs = {self.cost_type: Decimal(card.points * entry.count)}
        self.units[i] = unit
        below: dict[str, Selection] = {}
        for default in a.get("battlescribe_defaults") or ():
            parent = below.get(default.get("parent") or "", unit)
            child = self._selection(default["id"], default.get("link"), parent,
                                    default.get("count") or 1,
                                    kind=default.get("type") or "upgrade")
            below.setdefault(default["id"], child)
            self.parts[(i, default["id"])] = child
        held = a.get("battlescribe_options") or {}
        for key in entry.options:
            option = held.get(key)
            if option is None or (i, key) in self.parts:
                continue
            parent = below.get(option.get("parent") or "", unit)
            child = self._selection(option["id"], option.get("link"), parent, 1)
            child.costs = {self.cost_type: Decimal(self.catalogue.item_points(card, key))}
            below.setdefault(option["id"], child)
            self.parts[(i, key)] = child

    # --- one rule -----------------------------------------------------------------------

    def _rule(self, evaluator: Evaluator, i: int, card: Card, rule: dict) -> None:
        on, key = rule.get("on"), rule.get("key") or ""
        selection = self.units[i] if on == "unit" else self.parts.get((i, key))
        if selection is None:
            return  # an option not taken, a default the card does not keep
        modifiers = [m for ref in rule.get("modifiers") or () if (m := self.modifier(ref))]
        ctx = evaluator.ctx(selection, self.force)
        pairs = list(applied(tuple(modifiers), (), ctx, lambda m: True))
        if rule.get("field") == "hidden":
            if fold_flag(bool(rule.get("base")), pairs):
                self.judged.hidden.append((i, key if on == "option" else None, self._why(pairs)))
        else:
            self._number(i, card, rule, fold_number(Decimal(str(rule.get("base") or 0)), pairs))

    def _number(self, i: int, card: Card, rule: dict, value: Decimal) -> None:
        """A points rule: the change from the value at import; a limit rule: the limit."""
        change = value - Decimal(str(rule.get("value") or 0))
        if rule.get("field") == "limit":
            limit = max(0, int(value))
            self.judged.limits[card.key] = min(self.judged.limits.get(card.key, limit), limit)
        elif rule.get("on") == "option":
            self.judged.option_delta[(i, rule.get("key") or "")] = round(change)
        else:
            count = int(rule.get("count") or 1)
            self.judged.unit_delta[i] = self.judged.unit_delta.get(i, 0) + round(change * count)

    def _why(self, pairs) -> str:
        texts = [str((self.modifiers_data.get(m.ref) or {}).get("text") or "")
                 for m, _n in pairs if m.field == "hidden"]
        return "; ".join(t for t in texts if t)[:MAX_WHY] or "the codex hides it"
