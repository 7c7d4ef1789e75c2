"""Walking one unit of a BattleScribe catalogue (``armylists.battlescribe.catalogues``):
what its minimum fielding costs, how many models it has, what it carries by default and
what it may take, following entry links with a guard against cycles.

BattleScribe keeps each entry's own cost on it; a unit's cost is its own plus, for each
model and upgrade selected by default, that entry's cost times its count. The count of a
child is its ``min`` constraint (scope ``parent``), and a group's default entry
(``defaultSelectionEntryId``, which may name the link) takes the group's ``min``. A child
with no minimum is an option (its own cost once, everything under it offered too).
Modifiers are not evaluated: a cost or count a modifier would change keeps its written
value (the import report lists every modifier).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from armylists.battlescribe.catalogues import (
    Constraint,
    Entry,
    Group,
    Library,
    Link,
    Profile,
)

MAX_LINK_DEPTH = 24  # nesting of entries within a unit, links followed


@dataclass
class Option:
    entry_id: str
    name: str
    points: float


@dataclass
class Walked:
    points: float = 0.0
    models: int = 0
    wargear: list[str] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    profiles: list[Profile] = field(default_factory=list)
    category_names: list[str] = field(default_factory=list)
    primary_category: str | None = None
    hidden: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)


def minimum(constraints: tuple[Constraint, ...]) -> int:
    """The ``min`` number of selections of an entry within its parent (0 if none)."""
    found = [
        c.value for c in constraints
        if c.type == "min" and c.scope == "parent" and c.field in ("selections", "")
    ]
    return max(0, int(max(found))) if found else 0


def fielding_limit(constraints: tuple[Constraint, ...]) -> int | None:
    """The catalogue's "at most n per roster (or force)" on a unit, if it has one."""
    found = [
        int(c.value) for c in constraints
        if c.type == "max" and c.scope in ("roster", "force") and c.field in ("selections", "")
    ]
    return min(found) if found else None


class UnitWalker:
    def __init__(self, library: Library, cost_names: tuple[str, ...]):
        self.library = library
        self.cost_names = cost_names
        self.cost_ids = library.cost_type_ids(cost_names)

    def cost(self, entry: Entry, link: Link | None = None) -> float:
        own = entry.cost(self.cost_names, self.cost_ids)
        if link is not None and link.costs:
            linked = Entry(id=link.id, name=link.name, costs=link.costs)
            own = linked.cost(self.cost_names, self.cost_ids) or own
        return own

    def resolve(self, link: Link, out: Walked) -> Entry | Group | None:
        target = (
            self.library.group(link.target_id) if link.type == "selectionEntryGroup"
            else self.library.entry(link.target_id)
        )
        if target is None:
            out.broken.append(f"{link.name or link.id}: no entry with id {link.target_id}")
        return target

    def _members(self, node: Entry | Group, out: Walked):
        """(entry, its constraints, the link it came by, the id a default names) of every
        child, groups opened (a group's default takes the group's minimum)."""
        for entry in node.entries:
            yield entry, entry.constraints, None, 0
        for link in node.links:
            target = self.resolve(link, out)
            if isinstance(target, Entry):
                yield target, link.constraints + target.constraints, link, 0
            elif isinstance(target, Group):
                yield from self._group(target, link.constraints, out)
        for group in node.groups:
            yield from self._group(group, (), out)

    def _group(self, group: Group, extra: tuple[Constraint, ...], out: Walked):
        if group.hidden:
            out.hidden.append(group.name)
            return
        group_min = minimum(extra + group.constraints)
        for entry, constraints, link, _ in self._members(group, out):
            is_default = group.default_id and group.default_id in (
                entry.id, link.id if link else None
            )
            yield entry, constraints, link, group_min if is_default else 0

    def walk(self, unit: Entry, unit_link: Link | None = None) -> Walked:
        out = Walked()
        out.points = self.cost(unit, unit_link)
        self._categories(unit, unit_link, out)
        if unit.type == "model":
            out.models = 1
        out.profiles.extend(self.library.profiles_of(unit))
        self._walk(unit, 1, out, (unit.id,), chosen=True)
        if out.models == 0:
            out.models = 1
        return out

    def _categories(self, unit: Entry, link: Link | None, out: Walked) -> None:
        for category in (link.categories if link else ()) + unit.categories:
            name = self.library.category_name(category)
            if name and name not in out.category_names:
                out.category_names.append(name)
            if category.primary and out.primary_category is None:
                out.primary_category = name

    def _walk(self, node: Entry | Group, times: int, out: Walked, path: tuple[str, ...],
              chosen: bool) -> None:
        if len(path) > MAX_LINK_DEPTH:
            out.broken.append(f"{node.name}: nested more than {MAX_LINK_DEPTH} deep")
            return
        for entry, constraints, link, default_min in self._members(node, out):
            if entry.id in path:
                out.broken.append(f"{entry.name}: links back to itself (a cycle), not followed")
                continue
            if entry.hidden or (link is not None and link.hidden):
                out.hidden.append(entry.name)
                continue
            count = max(minimum(constraints), default_min) if chosen else 0
            self._child(entry, link, count, times, out, path)

    def _child(self, entry: Entry, link: Link | None, count: int, times: int, out: Walked,
               path: tuple[str, ...]) -> None:
        name = (link.name if link is not None and link.name else entry.name)
        if count > 0:
            out.points += times * count * self.cost(entry, link)
            if entry.type == "model":
                out.models += times * count
                out.profiles.extend(self.library.profiles_of(entry))
            elif name not in out.wargear:
                out.wargear.append(name)
            self._walk(entry, times * count, out, path + (entry.id,), chosen=True)
            return
        out.options.append(Option(entry.id, name, self.cost(entry, link)))
        self._walk(entry, times, out, path + (entry.id,), chosen=False)
