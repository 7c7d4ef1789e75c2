"""Plain data -> the model (``model``): a game system or catalogue as nested mappings with
the BattleScribe names (``selectionEntries``, ``entryLinks``, ``childId``,
``includeChildSelections`` ...). The spec protocol sends exactly that as JSON; the
project's XML reader turns a ``.cat``/``.gst`` into it (attributes are strings there,
hence the lenient numbers and flags). A value that is no number where one is needed is a
``DataError`` naming where it is.

Defaults differ between the two sources: the XML schema makes ``shared`` true unless
written, the spec protocol false (``XML`` and ``PROTOCOL`` below).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from rules.engine.battlescribe.model import (
    Book,
    CategoryEntry,
    CategoryLink,
    Characteristic,
    Condition,
    ConditionGroup,
    Constraint,
    Cost,
    CostType,
    Entry,
    ForceEntry,
    Info,
    Modifier,
    ModifierGroup,
    Query,
    Repeat,
)

MAX_NUMBER = Decimal(10) ** 9
MAX_TEXT = 2000


class DataError(ValueError):
    """Data the evaluator cannot read: ``where`` it is and what is wrong."""


@dataclass(frozen=True)
class Defaults:
    shared: bool
    condition_scope: str
    repeat_scope: str
    entry_type: str


XML = Defaults(shared=True, condition_scope="parent", repeat_scope="parent", entry_type="upgrade")
PROTOCOL = Defaults(shared=False, condition_scope="self", repeat_scope="self", entry_type="unit")


def number(raw, where: str, default: Decimal = Decimal(0)) -> Decimal:
    if raw is None or raw == "":
        return default
    if isinstance(raw, bool):
        raise DataError(f"{where}: {raw!r} is not a number")
    try:
        value = Decimal(str(raw).strip())
    except (InvalidOperation, ValueError):
        raise DataError(f"{where}: {str(raw)[:20]!r} is not a number") from None
    if not value.is_finite() or abs(value) > MAX_NUMBER:
        raise DataError(f"{where}: {str(raw)[:20]!r} is not a number we take")
    return value


def flag(raw, default: bool = False) -> bool:
    if raw is None or raw == "":
        return default
    if isinstance(raw, bool):
        return raw
    return str(raw).strip().lower() == "true"


def text(data: Mapping, key: str, default: str = "") -> str:
    raw = data.get(key)
    if raw is None:
        return default
    if isinstance(raw, float) and math.isfinite(raw) and raw == int(raw):
        raw = int(raw)  # a YAML or JSON number where the schema says string: "10", not "10.0"
    return str(raw)[:MAX_TEXT]


def rows(data: Mapping, key: str) -> Iterable[Mapping]:
    value = data.get(key) or ()
    if not isinstance(value, list | tuple):
        raise DataError(f"{key}: a list is expected")
    return (row for row in value if isinstance(row, Mapping))


class Builder:
    """Builds one book, numbering its modifiers in the order they are read."""

    def __init__(self, defaults: Defaults, ref_prefix: str = ""):
        self.defaults = defaults
        self.ref_prefix = ref_prefix
        self.modifiers = 0
        self.nested_categories: list[CategoryEntry] = []

    def query(self, data: Mapping, where: str, scope: str) -> Query:
        return Query(
            field=text(data, "field") or "selections",
            scope=text(data, "scope") or scope,
            child_id=text(data, "childId"),
            shared=flag(data.get("shared"), self.defaults.shared),
            include_child_selections=flag(data.get("includeChildSelections")),
            include_child_forces=flag(data.get("includeChildForces")),
            percent_value=flag(data.get("percentValue")),
            round_up=flag(data.get("roundUp")),
        )

    def condition(self, data: Mapping, where: str) -> Condition:
        return Condition(
            type=text(data, "type"),
            value=number(data.get("value"), f"{where}: condition"),
            query=self.query(data, where, self.defaults.condition_scope),
        )

    def condition_group(self, data: Mapping, where: str) -> ConditionGroup:
        return ConditionGroup(
            type=text(data, "type") or "and",
            conditions=tuple(self.condition(c, where) for c in rows(data, "conditions")),
            groups=tuple(self.condition_group(g, where) for g in rows(data, "conditionGroups")),
        )

    def repeat(self, data: Mapping, where: str) -> Repeat:
        repeats = number(data.get("repeats"), f"{where}: repeat", Decimal(1))
        return Repeat(
            value=number(data.get("value"), f"{where}: repeat", Decimal(1)),
            repeats=int(min(max(repeats, Decimal(0)), Decimal(1000))),
            query=self.query(data, where, self.defaults.repeat_scope),
        )

    def logic(self, data: Mapping, where: str) -> dict:
        return {
            "conditions": tuple(self.condition(c, where) for c in rows(data, "conditions")),
            "repeats": tuple(self.repeat(r, where) for r in rows(data, "repeats")),
        }

    def modifier(self, data: Mapping, where: str) -> Modifier:
        self.modifiers += 1
        logic = self.logic(data, where)
        return Modifier(
            type=text(data, "type"), field=text(data, "field"), value=text(data, "value"),
            conditions=logic["conditions"],
            groups=tuple(self.condition_group(g, where) for g in rows(data, "conditionGroups")),
            repeats=logic["repeats"], ref=f"{self.ref_prefix}{self.modifiers}",
            where=where[:300],
        )

    def modifier_group(self, data: Mapping, where: str) -> ModifierGroup:
        logic = self.logic(data, where)
        return ModifierGroup(
            modifiers=tuple(self.modifier(m, where) for m in rows(data, "modifiers")),
            groups=tuple(self.modifier_group(g, where) for g in rows(data, "modifierGroups")),
            conditions=logic["conditions"],
            condition_groups=tuple(
                self.condition_group(g, where) for g in rows(data, "conditionGroups")
            ),
            repeats=logic["repeats"],
        )

    def modifying(self, data: Mapping, where: str) -> dict:
        return {
            "modifiers": tuple(self.modifier(m, where) for m in rows(data, "modifiers")),
            "modifier_groups": tuple(
                self.modifier_group(g, where) for g in rows(data, "modifierGroups")
            ),
        }

    def constraints(self, data: Mapping, where: str) -> tuple[Constraint, ...]:
        return tuple(
            Constraint(
                id=text(c, "id") or f"{where}#{i}", type=text(c, "type"),
                value=number(c.get("value"), f"{where}: constraint"),
                query=self.query(c, where, "parent"),
            )
            for i, c in enumerate(rows(data, "constraints"))
        )

    def costs(self, data: Mapping, where: str) -> tuple[Cost, ...]:
        return tuple(
            Cost(text(c, "name"), text(c, "typeId"), number(c.get("value"), f"{where}: cost"))
            for c in rows(data, "costs")
        )

    def category_links(self, data: Mapping, where: str) -> tuple[CategoryLink, ...]:
        links = [
            CategoryLink(
                id=text(c, "id"), target_id=text(c, "targetId"), name=text(c, "name"),
                primary=flag(c.get("primary")), hidden=flag(c.get("hidden")),
                constraints=self.constraints(c, f"{where} > category"),
                **self.modifying(c, where),
            )
            for c in rows(data, "categoryLinks")
        ]
        # Files of BattleScribe 2.00 name an entry's category in an attribute, and list a
        # force entry's categories inside it: both read as category links.
        if text(data, "categoryEntryId"):
            links.append(CategoryLink(id="", target_id=text(data, "categoryEntryId"),
                                      primary=True))
        for nested in rows(data, "categoryEntries"):
            category = self.category(nested)
            self.nested_categories.append(category)
            links.append(CategoryLink(id=category.id, target_id=category.id, name=category.name,
                                      constraints=category.constraints))
        return tuple(links)

    def info(self, data: Mapping, kind: str, where: str) -> Info:
        children: list[Info] = []
        if kind == "infoGroup":
            children = self.infos(data, where)
        return Info(
            kind=kind, id=text(data, "id"), name=text(data, "name"),
            hidden=flag(data.get("hidden")), type_id=text(data, "typeId"),
            type_name=text(data, "typeName"), target_id=text(data, "targetId"),
            link_type=text(data, "type") if kind == "infoLink" else "",
            characteristics=tuple(
                Characteristic(text(c, "name"), text(c, "typeId"), text(c, "value"))
                for c in rows(data, "characteristics")
            ),
            description=text(data, "description"), page=text(data, "page"),
            children=tuple(children), **self.modifying(data, where),
        )

    def infos(self, data: Mapping, where: str) -> list[Info]:
        found = [self.info(p, "profile", where) for p in rows(data, "profiles")]
        found += [self.info(r, "rule", where) for r in rows(data, "rules")]
        found += [self.info(g, "infoGroup", where) for g in rows(data, "infoGroups")]
        found += [self.info(k, "infoLink", where) for k in rows(data, "infoLinks")]
        return found

    def entry(self, data: Mapping, kind: str, where: str = "") -> Entry:
        name = text(data, "name")
        where = f"{where} > {name or text(data, 'id')}" if where else (name or text(data, "id"))
        return Entry(
            kind=kind, id=text(data, "id"), name=name,
            type=text(data, "type") or self.defaults.entry_type if kind == "entry" else "",
            target_id=text(data, "targetId") if kind == "link" else "",
            link_type=(text(data, "type") or "selectionEntry") if kind == "link" else "",
            hidden=flag(data.get("hidden")), collective=flag(data.get("collective")),
            default_id=text(data, "defaultSelectionEntryId"), page=text(data, "page"),
            costs=self.costs(data, where), constraints=self.constraints(data, where),
            entries=tuple(self.entry(e, "entry", where) for e in rows(data, "selectionEntries")),
            groups=tuple(
                self.entry(g, "group", where) for g in rows(data, "selectionEntryGroups")
            ),
            links=tuple(self.entry(k, "link", where) for k in rows(data, "entryLinks")),
            categories=self.category_links(data, where),
            infos=tuple(self.infos(data, where)),
            **self.modifying(data, where),
        )

    def force(self, data: Mapping, where: str = "force") -> ForceEntry:
        where = f"{where} {text(data, 'name')}"
        return ForceEntry(
            id=text(data, "id"), name=text(data, "name"), hidden=flag(data.get("hidden")),
            constraints=self.constraints(data, where),
            categories=self.category_links(data, where),
            forces=tuple(self.force(f, where) for f in rows(data, "forceEntries")),
            infos=tuple(self.infos(data, where)),
            **self.modifying(data, where),
        )

    def category(self, data: Mapping) -> CategoryEntry:
        where = f"category {text(data, 'name')}"
        return CategoryEntry(
            id=text(data, "id"), name=text(data, "name"), hidden=flag(data.get("hidden")),
            constraints=self.constraints(data, where), infos=tuple(self.infos(data, where)),
            **self.modifying(data, where),
        )

    def cost_type(self, data: Mapping) -> CostType:
        return CostType(
            id=text(data, "id"), name=text(data, "name"),
            default_limit=number(data.get("defaultCostLimit"), "costType", Decimal(-1)),
            hidden=flag(data.get("hidden")),
        )

    def book(self, data: Mapping, kind: str) -> Book:
        shared_infos = [self.info(p, "profile", "shared") for p in rows(data, "sharedProfiles")]
        shared_infos += [self.info(r, "rule", "shared") for r in rows(data, "sharedRules")]
        shared_infos += [self.info(g, "infoGroup", "shared")
                         for g in rows(data, "sharedInfoGroups")]
        book = Book(
            kind=kind, id=text(data, "id"), name=text(data, "name"),
            revision=text(data, "revision"), game_system_id=text(data, "gameSystemId"),
            library=flag(data.get("library")),
            cost_types=tuple(self.cost_type(c) for c in rows(data, "costTypes")),
            categories=tuple(self.category(c) for c in rows(data, "categoryEntries")),
            forces=tuple(self.force(f) for f in rows(data, "forceEntries")),
            entries=tuple(self.entry(e, "entry") for e in rows(data, "selectionEntries")),
            links=tuple(self.entry(k, "link") for k in rows(data, "entryLinks")),
            shared_entries=tuple(
                self.entry(e, "entry") for e in rows(data, "sharedSelectionEntries")
            ),
            shared_groups=tuple(
                self.entry(g, "group") for g in rows(data, "sharedSelectionEntryGroups")
            ),
            shared_infos=tuple(shared_infos),
            imports=tuple(
                text(k, "targetId") for k in rows(data, "catalogueLinks")
                if flag(k.get("importRootEntries"))
            ),
            infos=tuple(self.infos(data, "root")),
        )
        return replace(book, modifier_count=self.modifiers,
                       categories=book.categories + tuple(self.nested_categories))


def book_from_data(data: Mapping, kind: str, defaults: Defaults = PROTOCOL,
                   ref_prefix: str = "") -> Book:
    """The game system (``kind`` "gameSystem") or catalogue ("catalogue") of ``data``;
    its modifiers' refs start with ``ref_prefix``."""
    if not isinstance(data, Mapping):
        raise DataError(f"{kind}: a mapping is expected")
    return Builder(defaults, ref_prefix).book(data, kind)


def modifier_from_data(data: Mapping, ref: str = "", where: str = "") -> Modifier:
    """One modifier in the spec protocol's shape (``codec.modifier_data`` writes it)."""
    if not isinstance(data, Mapping):
        raise DataError("modifier: a mapping is expected")
    return replace(Builder(PROTOCOL).modifier(data, where), ref=ref, where=where)
