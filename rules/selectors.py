"""The one bridge from database rows to the engine's frozen objects (reads only).

Game data changes rarely and is read on every request, so each process keeps the game
systems' rows and what it built from them (``GameData``): a change made in this process
is seen at once, one made elsewhere (another process or app server) within
``FRESH_FOR`` seconds, and a request costs no query for it in between.
"""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from django.db import connection, transaction

from rules import freshness, models, unreachable
from rules.engine import catalogue as c
from rules.engine.pack_catalogue import catalogue_from_pack

T = TypeVar("T")

# How late another process's change may be seen: the systems' rows are re-read at most
# this often, in one query of a handful of rows.
FRESH_FOR = freshness.FRESH_FOR


class GameData:
    """One process's view of the game data.

    - The GameSystem rows are read in one query at most once per ``fresh_for`` seconds.
      Any edit of a system's data touches its ``updated_at`` (rules/signals.py), so what
      is built from a system is kept per (system, updated_at) and never served stale.
    - A change made in this process calls ``changed()``: the next read re-reads at once,
      and again when the change commits (other threads may have read in between).
    - While this thread's transaction holds an uncommitted change, its reads bypass the
      shared rows (they might roll back): it queries, as every request did before.
    - While PostgreSQL cannot be reached, a caller that asked for it
      (``rules.unreachable.kept_while_unreachable``) gets the last rows read, however old,
      and is told how old; any other caller gets the error.
    """

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, fresh_for=FRESH_FOR):
        self._clock = clock
        self._fresh_for = fresh_for
        self._lock = threading.Lock()
        self._local = threading.local()
        self.forget()

    def forget(self) -> None:
        """Drop everything (tests, after the database was emptied under us)."""
        with self._lock:
            self._systems: dict[str, models.GameSystem] | None = None
            self._checked_at = float("-inf")
            self._generation = 0
            self._built: dict[tuple[str, str], tuple[object, object]] = {}
            # The last rows read and when: kept through changes, for the unreachable case.
            self._last: tuple[dict[str, models.GameSystem], float] | None = None
        self._local.dirty = False

    # --- invalidation ------------------------------------------------------------

    def changed(self) -> None:
        """This thread changed game data: re-read now, and again once it commits."""
        self._expire()
        if connection.in_atomic_block:
            self._local.dirty = True
            transaction.on_commit(self._committed)

    def _committed(self) -> None:
        self._local.dirty = False
        self._expire()

    def _expire(self) -> None:
        with self._lock:
            self._systems = None
            self._generation += 1

    def _dirty(self) -> bool:
        if not getattr(self._local, "dirty", False):
            return False
        if connection.in_atomic_block:
            return True
        # The transaction ended without on_commit: it rolled back. Forget what it saw.
        self._local.dirty = False
        self._expire()
        return False

    # --- reads -------------------------------------------------------------------

    def _rows(self) -> dict[str, models.GameSystem]:
        """Every system by key, in the model's order; at most FRESH_FOR seconds old."""
        if self._dirty():
            return {s.key: s for s in models.GameSystem.objects.all()}
        now = self._clock()
        systems = self._systems
        if systems is not None and now - self._checked_at < self._fresh_for:
            return systems
        generation = self._generation
        try:
            systems = {s.key: s for s in models.GameSystem.objects.all()}
        except unreachable.UNREACHABLE as error:
            return self._kept_rows(now, error)
        with self._lock:
            self._last = (systems, now)
            if generation == self._generation:  # no change was announced meanwhile
                self._systems, self._checked_at = systems, now
        return systems

    def _kept_rows(self, now: float, error: Exception) -> dict[str, models.GameSystem]:
        """PostgreSQL cannot be reached: the last rows read, if the caller asked for them
        and there are any (this process read them once at least); else the error."""
        fallback = unreachable.active()
        last = self._last
        if fallback is None or last is None:
            raise error
        systems, read_at = last
        fallback.tables_age = now - read_at
        return systems

    def system_list(self) -> list[models.GameSystem]:
        # Copies: a caller that changes its row must not change everybody's.
        return [copy.copy(s) for s in self._rows().values()]

    def system_get(self, key: str) -> models.GameSystem | None:
        system = self._rows().get(key)
        return copy.copy(system) if system is not None else None

    def built(self, system: models.GameSystem, name: str, build: Callable[..., T]) -> T:
        """``build(system)``, once per (system, its updated_at) and ``name``.

        Exact equality of updated_at keeps it right: a row read before a change carries
        the old stamp, one read after it the new one, whatever the clocks say."""
        key = (system.key, name)
        hit = self._built.get(key)
        if hit is not None and hit[0] == system.updated_at:
            return hit[1]
        value = build(system)
        if self._dirty():
            # Built from this thread's uncommitted data. Kept only if the row carries the
            # stamp this transaction wrote (no other process can ever present it; if it
            # rolls back, nobody will), not if it was read before the change.
            current = (
                models.GameSystem.objects.filter(key=system.key)
                .values_list("updated_at", flat=True)
                .first()
            )
            if current == system.updated_at:
                self._built[key] = (system.updated_at, value)
            return value
        self._built[key] = (system.updated_at, value)
        known = self._systems
        if (
            known is not None
            and getattr(known.get(system.key), "updated_at", None) != system.updated_at
        ):
            # A row read with the list (a join) is newer than ours: re-read ours now,
            # or the two would take turns rebuilding for up to a second.
            self._expire()
        return value


game_data = GameData()


def system_list() -> list[models.GameSystem]:
    return game_data.system_list()


def system_get(*, key: str) -> models.GameSystem | None:
    return game_data.system_get(key)


def catalogue_get(*, key: str) -> c.Catalogue | None:
    """The whole game system: no query while fresh, seven when built, whatever its size."""
    system = game_data._rows().get(key)  # read only here: no copy needed
    if system is None:
        return None
    return catalogue_for(system=system)


def catalogue_for(*, system: models.GameSystem) -> c.Catalogue:
    """The catalogue of a system row the caller already has (e.g. joined with a list)."""
    return game_data.built(system, "catalogue", _build)


def catalogue_stamp(catalogue: c.Catalogue):
    """The ``updated_at`` of the system row ``catalogue`` was built from, while it is the
    one this process keeps (None otherwise): a key for anything rendered from it.

    A player's pack version has none: its data never changes, but what a page shows of
    it does (the pack's name, whether a newer version exists), so such pages are
    rendered each time."""
    hit = game_data._built.get((catalogue.system, "catalogue"))
    return hit[0] if hit is not None and hit[1] is catalogue else None


def built_for(*, system: models.GameSystem, name: str, build: Callable[..., T]) -> T:
    """Anything derived from a system's data (e.g. the API's rendered catalogue), built
    once per (system, updated_at) in each process; ``build`` gets the system row."""
    return game_data.built(system, name, build)


# What the features above build from the game data and keep per process (a pack
# version's catalogue, who may build on a pinned version) registers here how it is
# forgotten, so ``forget`` empties every such cache without naming them.
_forgetting: list[Callable[[], None]] = []


def on_forget(forget_it: Callable[[], None]) -> None:
    """``forget_it`` is called by every ``forget()`` from now on."""
    if forget_it not in _forgetting:
        _forgetting.append(forget_it)


def forget() -> None:
    """Drop every cache of the game data this process holds (tests, and the database
    emptied under us): as a fresh process would start."""
    game_data.forget()
    for forget_it in _forgetting:
        forget_it()


def _build(system: models.GameSystem) -> c.Catalogue:
    """The system's rows (seven queries) in the pack's shape, through the one converter
    every pack version goes through too."""
    return catalogue_from_pack(_document(system))


def _document(system: models.GameSystem) -> dict:
    """The tables as a ``muster-pack/1`` document (only what the catalogue reads)."""
    factions = list(system.factions.all())
    faction_keys = {f.id: f.key for f in factions}
    items = list(system.items.all())
    item_keys = {i.id: i.key for i in items}
    cards = system.cards.all()
    # Plain tuples, not model instances: Mordheim's cards offer about 4,600 items, and
    # building a model per row was over half of building its catalogue.
    offered: dict[int, list[tuple]] = {}
    for card_id, slot, item_id, points in (
        models.CardItem.objects.filter(card__system=system)
        .order_by("card", "slot", "position")
        .values_list("card_id", "slot", "item_id", "points")
    ):
        offered.setdefault(card_id, []).append((slot, item_id, points))

    def refs(card, slot):
        return [
            {"key": item_keys[item_id], "points": points}
            for found_slot, item_id, points in offered.get(card.id, ())
            if found_slot == slot
        ]

    def row(obj, **fields):
        # The tables keep old keys inside attributes, as the converter does.
        return {"key": obj.key, "name": obj.name, "names": obj.names,
                "attributes": obj.attributes, **fields}

    return {
        "system": {
            "key": system.key,
            "name": system.name,
            "names": system.names,
            "data_version": system.data_version,
            "sample_data": system.sample_data,
            "attributes": system.attributes,
        },
        "validators": [{"code": v.code, "params": v.params} for v in system.validators.all()],
        "factions": [row(f) for f in factions],
        "items": [
            row(i, kind=i.kind, points=i.points, faction=faction_keys.get(i.faction_id),
                **{"def": i.def_bonus, "arm": i.arm_bonus})
            for i in items
        ],
        "cards": [
            row(
                card, kind=card.kind, faction=faction_keys.get(card.faction_id),
                warlord=card.warlord, aal=card.aal, points=card.points,
                core_points=card.core_points, soldier_points=card.soldier_points,
                core_size=card.core_size, max_size=card.max_size, base_mm=card.base_mm,
                movement_class=card.movement_class, stats=card.stats, weapons=card.weapons,
                items=refs(card, "item"), options=refs(card, "option"),
            )
            for card in cards
        ],
        "special_actions": [
            row(a, role=a.role, points=a.points, variants=a.variants)
            for a in system.special_actions.all()
        ],
    }
