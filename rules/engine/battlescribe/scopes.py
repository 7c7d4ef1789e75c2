"""Where a query counts and what it counts (battlescribe-spec's data model: a condition,
repeat or constraint counts ``field`` of ``childId`` within ``scope``).

Scopes, seen from the selection a modifier or constraint belongs to:
- ``self``: that selection; ``parent``: the selections beside it (its parent's children,
  or the force's selections for one at the top);
- ``force`` / ``roster``: the force's / every force's selections (``includeChildForces``
  adds child forces);
- ``ancestor``: for a type check, the selections and forces above it; for a count, the
  roster (as BattleScribe does);
- ``primary-category``: the force's selections sharing its primary category;
  ``primary-catalogue``: its force's selections;
- an entry or group id: the nearest selection above (or at) it of that entry, its
  children counted; New Recruit's ``root-entry``, ``unit``, ``model``, ``upgrade`` and
  ``model-or-unit``: the nearest such selection above or at it.
``includeChildSelections`` counts selections below those in scope too.

What counts (``childId``): any selection ("any"), one of a type ("unit", "model",
"upgrade"), or one of an entry, group or category id; a ``shared`` query matches a link's
target through any link (``Selection.matches``). ``field``: the selections' numbers, the
number of forces, or the sum of a cost type's values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

from rules.engine.battlescribe.model import ZERO, Query
from rules.engine.battlescribe.roster import Force, Roster, Selection

TYPE_FILTERS = ("unit", "model", "upgrade")
TYPE_SCOPES = {"unit": ("unit",), "model": ("model",), "upgrade": ("upgrade",),
               "model-or-unit": ("model", "unit")}


@dataclass
class Ctx:
    """Where a query is asked: the roster, the force and selection (none for an entry
    not chosen yet) and how to read a selection's categories and costs."""

    roster: Roster
    force: Force | None
    selection: Selection | None
    categories: Callable[[Selection], tuple[frozenset[str], str | None]]
    # Counts of a force or the roster, which no selection's place changes: kept by the
    # evaluator until the roster changes (a long list asks the same question often).
    memo: dict | None = None

    def costs(self, selection: Selection) -> dict[str, Decimal]:
        # The live costs BattleScribe's refresh left on the selection (a new one has none).
        return selection.costs


def _with_children(selections: Iterable[Selection], nested: bool) -> Iterator[Selection]:
    for selection in selections:
        yield selection
        if nested:
            yield from selection.descendants()


def force_selections(force: Force, nested: bool, child_forces: bool) -> Iterator[Selection]:
    yield from _with_children(force.selections, nested)
    if child_forces:
        for child in force.forces:
            yield from force_selections(child, nested, child_forces)


def roster_selections(roster: Roster, nested: bool, child_forces: bool) -> Iterator[Selection]:
    for force in roster.forces:
        yield from force_selections(force, nested, child_forces)


def siblings(ctx: Ctx, nested: bool) -> Iterator[Selection]:
    if ctx.selection is None:
        if ctx.force is not None:
            yield from _with_children(ctx.force.selections, nested)
        return
    parent = ctx.selection.parent
    yield from _with_children(
        parent.children if isinstance(parent, Selection) else parent.selections, nested
    )


def nearest(ctx: Ctx, accept: Callable[[Selection], bool]) -> Selection | None:
    """The selection itself or the nearest one above it that ``accept`` takes."""
    if ctx.selection is None:
        return None
    if accept(ctx.selection):
        return ctx.selection
    return next((s for s in ctx.selection.ancestors() if accept(s)), None)


def _scoped_below(found: Selection | None, nested: bool) -> Iterator[Selection]:
    if found is not None:
        yield from _with_children(found.children, nested)


def in_scope(query: Query, ctx: Ctx) -> Iterator[Selection]:
    nested, child_forces = query.include_child_selections, query.include_child_forces
    scope = query.scope
    if scope == "self":
        return iter((ctx.selection,) if ctx.selection is not None else ())
    if scope == "parent":
        return siblings(ctx, nested)
    if scope in ("force", "primary-catalogue"):
        if ctx.force is None:
            return iter(())
        return force_selections(ctx.force, nested, child_forces and scope == "force")
    if scope == "roster":
        return roster_selections(ctx.roster, nested, child_forces)
    if scope == "ancestor":
        return iter(())  # BattleScribe counts nothing above (battlescribe-spec: scope-ancestor)
    if scope == "primary-category":
        return _primary_category(ctx, nested, child_forces)
    if scope == "root-entry":
        root = ctx.selection.root() if ctx.selection is not None else None
        return _scoped_below(root, nested)
    if scope in TYPE_SCOPES:
        return _scoped_below(nearest(ctx, lambda s: s.type in TYPE_SCOPES[scope]), nested)
    return _scoped_below(nearest(ctx, lambda s: s.matches(scope)), nested)


def _primary_category(ctx: Ctx, nested: bool, child_forces: bool) -> Iterator[Selection]:
    if ctx.selection is None or ctx.force is None:
        return
    primary = ctx.categories(ctx.selection)[1]
    if primary is None:
        return
    for selection in force_selections(ctx.force, nested, child_forces):
        if primary in ctx.categories(selection)[0]:
            yield selection


def matches(selection: Selection, query: Query, ctx: Ctx) -> bool:
    """Whether ``selection`` is one of what the query counts (its ``childId``)."""
    wanted = query.child_id
    if wanted in ("any", ""):
        return True
    if wanted in TYPE_FILTERS:
        return selection.type == wanted
    if selection.matches(wanted, query.shared):
        return True
    return wanted in ctx.categories(selection)[0]


def count(query: Query, ctx: Ctx) -> Decimal:
    """The query's value: selections, forces, or a cost type's points, in its scope."""
    if ctx.memo is None or query.scope not in ("force", "roster") or query.field not in (
            "selections", "forces"):
        return _count(query, ctx)
    key = (query, id(ctx.force) if query.scope == "force" else None)
    if key not in ctx.memo:
        ctx.memo[key] = _count(query, ctx)
    return ctx.memo[key]


def _count(query: Query, ctx: Ctx) -> Decimal:
    if query.field == "forces":
        return Decimal(sum(1 for f in _forces_in_scope(query, ctx)
                           if query.child_id in ("", "any") or f.entry.id == query.child_id))
    selections = (s for s in in_scope(query, ctx) if matches(s, query, ctx))
    if query.field == "selections":
        return Decimal(sum(s.number for s in selections))
    return sum((ctx.costs(s).get(query.field, ZERO) for s in selections), ZERO)


def total(query: Query, ctx: Ctx) -> Decimal:
    """Everything in the query's scope, unfiltered: what a percentage is of."""
    if query.field == "forces":
        return Decimal(sum(1 for _ in _forces_in_scope(query, ctx)))
    if query.field == "selections":
        return Decimal(sum(s.number for s in in_scope(query, ctx)))
    return sum((ctx.costs(s).get(query.field, ZERO) for s in in_scope(query, ctx)), ZERO)


def _forces_in_scope(query: Query, ctx: Ctx) -> Iterator[Force]:
    if query.scope == "force" and ctx.force is not None:
        yield ctx.force
        if query.include_child_forces:
            for child in ctx.force.forces:
                yield from child.all_forces()
        return
    if query.include_child_forces:
        yield from ctx.roster.all_forces()
    else:
        yield from ctx.roster.forces


def instance_of(query: Query, ctx: Ctx) -> bool:
    """``instanceOf``: whether the selection (``self``), something above it (``ancestor``,
    ``parent``: a selection or a force) or its force (``force``: the force's entry) is of
    ``childId``: its entry, a link or group on its way, one of its categories, or its type
    ("unit", "model", "upgrade")."""
    scope = query.scope
    if scope == "self":
        return ctx.selection is not None and _is(ctx.selection, query, ctx)
    if scope in ("ancestor", "parent"):
        above = list(ctx.selection.ancestors()) if ctx.selection is not None else []
        if scope == "parent":
            above = above[:1]
        if any(_is(s, query, ctx) for s in above):
            return True
        return scope == "ancestor" and _force_is(ctx.force, query.child_id, up=True)
    if scope == "force":
        # The force itself is what is checked (its force entry), never its selections, as
        # BattleScribe does (battlescribe-spec: condition-instance-of-by-category); in scope
        # roster the check is always false (condition-instance-of-force-entry).
        return _force_is(ctx.force, query.child_id, up=False)
    return False


def _is(selection: Selection, query: Query, ctx: Ctx) -> bool:
    if query.child_id in TYPE_FILTERS:
        return selection.type == query.child_id
    return selection.matches(query.child_id, True) or query.child_id in ctx.categories(selection)[0]


def _force_is(force: Force | None, entry_id: str, up: bool) -> bool:
    while isinstance(force, Force):
        if force.entry.id == entry_id:
            return True
        force = force.parent if up else None
    return False
