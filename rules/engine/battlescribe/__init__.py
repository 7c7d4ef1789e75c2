"""A BattleScribe data evaluator: the data of a game system (``.gst``) and its catalogues
(``.cat``) as frozen objects, and what its modifiers, conditions, repeats and constraints
make of them in a roster (docs/battlescribe-evaluator.md).

Pure Python like the rest of the engine: no Django, no database, no XML (the project's
hardened reader turns files into the plain data ``build`` reads; so does the conformance
adapter, from the spec suite's JSON). The semantics follow the BattleScribe data model as
WarHub's battlescribe-spec describes it and its conformance specs measure it.

- ``model``: the data (entries, groups, links, costs, constraints, modifiers ...);
- ``build``: plain data (the spec protocol's field names, which are the XML's) -> model;
- ``index``: a game system with its catalogues, links resolved, ids looked up;
- ``roster``: a roster being built (forces, selections), the state rules read;
- ``scopes``, ``conditions``, ``repeats``, ``modifiers``: the evaluation itself;
- ``effective``: an entry as modified in one place of a roster;
- ``constraints``: what a roster breaks;
- ``editor``: building a roster (select, auto-select, count, remove);
- ``codec``: modifiers to and from the JSON a pack keeps.
"""

from rules.engine.battlescribe.build import book_from_data
from rules.engine.battlescribe.index import Index
from rules.engine.battlescribe.model import (
    Book,
    Condition,
    ConditionGroup,
    Constraint,
    Entry,
    Modifier,
    Repeat,
)

__all__ = [
    "Book", "Condition", "ConditionGroup", "Constraint", "Entry", "Index", "Modifier",
    "Repeat", "book_from_data",
]
