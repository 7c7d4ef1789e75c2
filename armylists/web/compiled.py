"""Small hot queries with their SQL built once per process.

Profiling the kept pages (docs/performance.md) found Django building the SQL of a small
lookup (0.3-0.5 ms) costing two to three times running it, on every request. A
``Compiled`` query is built by the ORM once, with placeholder arguments, and then run
with each request's values: the SQL, its table and column names are still the ORM's;
only the building is not repeated. The queries still run through Django's connection
(its wrappers, query logging and test query counts see them).
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connection
from django.db.models import QuerySet


class Compiled:
    """``queryset(*args)`` (a ``values_list``), compiled once with placeholder arguments
    and then run with the real ones. Only for querysets whose SQL does not depend on the
    argument values (plain equality filters)."""

    def __init__(self, queryset: Callable[..., QuerySet], arity: int):
        self._queryset = queryset
        self._placeholders = tuple(f"\x00compiled-arg-{i}" for i in range(arity))
        self._compiled: tuple[str, tuple, dict[int, int]] | None = None

    def _compile(self):
        sql, params = self._queryset(*self._placeholders).query.sql_with_params()
        slots = {
            i: self._placeholders.index(p) for i, p in enumerate(params) if p in self._placeholders
        }
        if len(slots) != len(self._placeholders):
            raise ValueError("every argument must appear once as a parameter")
        return sql, tuple(params), slots

    def first(self, *args) -> tuple | None:
        if self._compiled is None:
            self._compiled = self._compile()
        sql, params, slots = self._compiled
        values = [args[slots[i]] if i in slots else p for i, p in enumerate(params)]
        with connection.cursor() as cursor:
            cursor.execute(sql, values)
            return cursor.fetchone()
