"""The list document (``muster-list/1``): its typed form, and the one way in.

A document that breaks the JSON Schema (``rules/schemas/list-document.schema.json``) is
*malformed*: ``DocumentError``, a 400 in the API. Everything the schema allows is a
well-formed list, legal or not: unknown keys and broken rules are the validators' business.

The typed document is made of msgspec Structs whose types and bounds mirror the schema,
so ``decode`` (raw JSON bytes) and ``parse`` (decoded data) check and build a document in
one pass in C. Only a refused document is read again, by jsonschema, which names every
problem with its path (``rules.engine.checks``); a test keeps the two in agreement.

Every entry and special-action purchase has an ``id``, unique within the list: what edits,
violations, campaign logs and diffs refer to, never a position. ``with_ids`` gives the
ones that have none a new one.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Callable, Mapping
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

# The bounds of the schema file live in bounds.py (the checks need them too): re-exported.
from rules.engine.bounds import (  # noqa: F401
    ID_PATTERN,
    MAX_BODY_BYTES,
    MAX_COUNT,
    MAX_ENTRIES,
    MAX_KEYS,
    MAX_POINTS,
    MAX_SPECIAL_ACTIONS,
)
from rules.engine.checks import (  # noqa: F401  (SCHEMA_PATH and list_schema re-exported)
    SCHEMA_PATH,
    bad_strings,
    list_schema,
    problems_in_body,
    problems_in_data,
)
from rules.engine.schema_errors import ProblemAt, describe_error, format_path  # noqa: F401  (re-exported)

FORMAT = "muster-list/1"

# NUL cannot be stored by PostgreSQL: the schema's string patterns refuse it, and decode()
# sends any body that holds one to the thorough check, which names the field.
NUL_ESCAPE = b"\\u0000"

UNIT_TYPES = (
    "infantry",
    "walker",
    "vehicle",
    "monstrous_creature",
    "bike",
    "jetbike",
    "beast",
    "swarm",
)


def _text(max_length: int, min_length: int = 0):
    return Annotated[str, Meta(min_length=min_length, max_length=max_length)]


Key = _text(100, 1)
Id = Annotated[str, Meta(pattern=ID_PATTERN)]
Count = Annotated[int, Meta(ge=1, le=MAX_COUNT)]


class DocumentError(ValueError):
    """The document is malformed; ``errors`` says where and why."""

    def __init__(self, errors: list[ProblemAt]):
        self.errors = errors
        super().__init__("; ".join(f"{e.path or '(document)'}: {e.message}" for e in errors))


class _Part(Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=False):
    pass


class CustomUnit(_Part):
    """A unit the player types in (Boarding Action: from their own codex)."""

    name: _text(200, 1)
    points: Annotated[int, Meta(ge=0, le=MAX_POINTS)]
    unit_type: Literal[UNIT_TYPES] | None = None  # type: ignore[valid-type]
    base_mm: Annotated[int, Meta(ge=1, le=500)] | None = None
    wargear: Annotated[tuple[_text(100, 1), ...], Meta(max_length=50)] = ()


class Entry(_Part):
    id: Id | None = None
    card: Key | None = None
    custom: CustomUnit | None = None
    count: Count = 1
    size: Count | None = None
    items: Annotated[tuple[Key, ...], Meta(max_length=MAX_KEYS)] = ()
    options: Annotated[tuple[Key, ...], Meta(max_length=MAX_KEYS)] = ()
    name: _text(200) | None = None
    notes: _text(1000) | None = None


class SpecialActionPick(_Part):
    action: Key
    id: Id | None = None
    count: Count = 1
    variant: _text(100) | None = None


class PackRef(_Part):
    """The pack version a list is built on (absent: the official data as loaded)."""

    id: _text(64, 1)
    version: Annotated[int, Meta(ge=1, le=2**31 - 1)]

    def to_dict(self) -> dict:
        return {"id": self.id, "version": self.version}


class ListDocument(_Part):
    system: _text(64, 1)
    format: Literal[FORMAT] = FORMAT  # type: ignore[valid-type]
    name: _text(200) = ""
    faction: _text(100) | None = None
    battle_size: Annotated[int, Meta(ge=0, le=MAX_POINTS)] | None = None
    role: _text(32) | None = None
    pack: PackRef | None = None
    notes: _text(5000) | None = None
    entries: Annotated[tuple[Entry, ...], Meta(max_length=MAX_ENTRIES)] = ()
    special_actions: Annotated[
        tuple[SpecialActionPick, ...], Meta(max_length=MAX_SPECIAL_ACTIONS)
    ] = ()
    data_version: _text(64) | None = None

    def to_dict(self) -> dict:
        """The canonical JSON form: every field present (defaults filled in), in the order a
        reader expects; optional texts (notes, a hero's name) only when set."""
        doc = {
            "format": FORMAT,
            "system": self.system,
            "name": self.name,
            "faction": self.faction,
            "battle_size": self.battle_size,
            "role": self.role,
        }
        if self.pack is not None:  # only when set: a list without one reads as before
            doc["pack"] = self.pack.to_dict()
        if self.notes:
            doc["notes"] = self.notes
        doc["entries"] = [entry_to_dict(e) for e in self.entries]
        doc["special_actions"] = [pick_to_dict(p) for p in self.special_actions]
        if self.data_version is not None:
            doc["data_version"] = self.data_version
        return doc


def entry_to_dict(entry: Entry) -> dict:
    out: dict = {}
    if entry.id is not None:
        out["id"] = entry.id
    if entry.card is not None:
        out["card"] = entry.card
    if entry.custom is not None:
        c = entry.custom
        out["custom"] = {"name": c.name, "points": c.points}
        if c.unit_type is not None:
            out["custom"]["unit_type"] = c.unit_type
        out["custom"].update(base_mm=c.base_mm, wargear=list(c.wargear))
    out.update(
        count=entry.count,
        size=entry.size,
        items=list(entry.items),
        options=list(entry.options),
    )
    if entry.name is not None:
        out["name"] = entry.name
    if entry.notes:
        out["notes"] = entry.notes
    return out


def pick_to_dict(pick: SpecialActionPick) -> dict:
    out = {"id": pick.id} if pick.id is not None else {}
    out.update(action=pick.action, count=pick.count, variant=pick.variant)
    return out


# --- ids ---------------------------------------------------------------------------------


def new_id() -> str:
    """A short random id: 8 URL-safe characters (48 bits), unique enough within one list."""
    return secrets.token_urlsafe(6)


def _new_ids(n: int) -> Callable[[], str]:
    """``new_id`` for ``n`` ids at once: one draw from the OS instead of n (a 1,000-entry
    list posted without ids paid a millisecond for them)."""
    text = base64.urlsafe_b64encode(secrets.token_bytes(6 * n)).decode()
    batch = iter([text[i : i + 8] for i in range(0, len(text), 8)])
    return lambda: next(batch, None) or new_id()


def _identity(entry: Entry) -> tuple:
    return (entry.card, entry.custom.name if entry.custom else None, entry.name)


def _reusable_ids(like: ListDocument | None, taken: set) -> tuple[dict, dict]:
    """The ids of the replaced list's entries (by card and name) and special-action
    purchases (by action and variant) that this document does not use already."""
    pool: dict[tuple, list[str]] = {}
    picks: dict[tuple, list[str]] = {}
    if like is None:
        return pool, picks
    for entry in like.entries:
        if entry.id and entry.id not in taken:
            pool.setdefault(_identity(entry), []).append(entry.id)
    for pick in like.special_actions:
        if pick.id and pick.id not in taken:
            picks.setdefault((pick.action, pick.variant), []).append(pick.id)
    return pool, picks


def with_ids(
    document: ListDocument,
    make_id: Callable[[], str] = new_id,
    like: ListDocument | None = None,
) -> ListDocument:
    """The document with an id on every entry and special-action purchase that has none
    (the ones it has are kept: they survive edits, export, import and copy).

    ``like``: the list this document replaces. An entry without an id takes the id of
    the same entry there (same card and name, in order), so a client that sends a whole
    list without ids (as the API always allowed) does not make every entry a new one.
    """
    if all(e.id for e in document.entries) and all(p.id for p in document.special_actions):
        return document
    taken = {e.id for e in document.entries} | {p.id for p in document.special_actions}
    if make_id is new_id:
        items = (*document.entries, *document.special_actions)
        make_id = _new_ids(sum(not item.id for item in items))
    pool, picks = _reusable_ids(like, taken)

    def fresh(candidates: list[str]) -> str:
        while candidates:
            candidate = candidates.pop(0)
            if candidate not in taken:
                taken.add(candidate)
                return candidate
        while (candidate := make_id()) in taken:
            pass
        taken.add(candidate)
        return candidate

    return msgspec.structs.replace(
        document,
        entries=tuple(
            e if e.id else msgspec.structs.replace(e, id=fresh(pool.get(_identity(e), [])))
            for e in document.entries
        ),
        special_actions=tuple(
            p
            if p.id
            else msgspec.structs.replace(p, id=fresh(picks.get((p.action, p.variant), [])))
            for p in document.special_actions
        ),
    )


# --- the way in --------------------------------------------------------------------------


def decode(body: bytes) -> ListDocument:
    """A document from raw JSON, or DocumentError naming every problem by path."""
    if len(body) > MAX_BODY_BYTES:
        raise DocumentError([ProblemAt("", f"is larger than {MAX_BODY_BYTES} bytes", "too_large")])
    try:
        if NUL_ESCAPE in body:
            raise msgspec.ValidationError("contains the NUL character")
        document = msgspec.json.decode(body, type=ListDocument)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError) as exc:
        raise DocumentError(problems_in_body(body, exc)) from None
    return _checked(document)


def parse(data) -> ListDocument:
    """A document from decoded JSON data (a dict), or DocumentError naming every problem."""
    if isinstance(data, ListDocument):
        return data
    try:
        if bad_strings(data):
            raise msgspec.ValidationError("holds a string that cannot be stored")
        document = msgspec.convert(data, type=ListDocument)
    except (msgspec.ValidationError, RecursionError) as exc:
        raise DocumentError(problems_in_data(data, exc)) from None
    return _checked(document)


def build(data: Mapping) -> ListDocument:
    """A document from data this program stored itself (already checked when it came in)."""
    return msgspec.convert(data, type=ListDocument)


def _checked(document: ListDocument) -> ListDocument:
    """What the types cannot say: an entry is a card or a custom unit, ids are unique
    (the schema says the first with oneOf, and cannot say the second)."""
    problems = entry_problems(document)
    if problems:
        raise DocumentError(problems)
    return document


def entry_problems(document: ListDocument) -> list[ProblemAt]:
    problems = []
    seen: dict[str, str] = {}
    for i, entry in enumerate(document.entries):
        if entry.card is None and entry.custom is None:
            problems.append(ProblemAt(f"entries[{i}]", "needs a 'card' key or a 'custom' unit"))
        elif entry.card is not None and entry.custom is not None:
            problems.append(
                ProblemAt(f"entries[{i}]", "has both 'card' and 'custom'; give one of them")
            )
    places = [(f"entries[{i}]", e.id) for i, e in enumerate(document.entries)]
    places += [(f"special_actions[{k}]", p.id) for k, p in enumerate(document.special_actions)]
    for place, id_ in places:
        if id_ is None:
            continue
        if id_ in seen:
            problems.append(
                ProblemAt(
                    f"{place}.id", f"'{id_}' is already the id of {seen[id_]}; ids are unique"
                )
            )
        else:
            seen[id_] = place
    return problems
