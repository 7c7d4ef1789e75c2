"""Game-data packs (fixtures/*.yaml|json) <-> the database.

``load_pack`` checks the whole pack first (JSON Schema, then every reference) and
writes it in one transaction, replacing the system's previous data, so a re-load is
idempotent and a refused pack changes nothing. ``dump_pack`` writes the same shape
back: ``load_pack(dump_pack(k))`` leaves the data as it was.

Renamed keys: a faction, item, card or special action may list its old keys as
``aliases``; they are stored in the row's ``attributes["aliases"]`` (no extra column,
and the admin edits them there) and come back out as ``aliases`` on dump. The engine
reads them through ``rules.engine.aliases``.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections import Counter, OrderedDict
from functools import cache
from pathlib import Path

import yaml
from django.db import transaction
from jsonschema import Draft202012Validator

from rules.engine.aliases import ALIASES
from rules.engine.document import ProblemAt, describe_error
from rules.engine.validation import UnknownSystem, rules_for

from . import models
from .signals import bulk_write

FORMAT = "muster-pack/1"
# Rows that may be renamed: the pack section, and the name of the kind in messages.
RENAMABLE = {
    "factions": "faction",
    "items": "item",
    "cards": "card",
    "special_actions": "special action",
}
SCHEMA_PATH = Path(__file__).resolve().parent / "schemas" / "pack.schema.json"


class PackError(ValueError):
    def __init__(self, problems: list[ProblemAt], source: str = "pack"):
        self.problems = problems
        self.source = source
        lines = [f"  {p.path or '(pack)'}: {p.message}" for p in problems]
        super().__init__(f"{source} refused, nothing was changed:\n" + "\n".join(lines))


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def pack_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


# A file read again unchanged (a re-run of loadpack in one process, the test suite loading
# the shipped packs again and again) is parsed once: the Mordheim pack takes seconds to
# parse. Keyed by the file's path, size and modification time; callers get a copy.
_PARSED: OrderedDict[tuple, dict] = OrderedDict()
_PARSED_MAX = 16


def read_pack_file(path: str | Path) -> dict:
    path = Path(path)
    try:
        stat = path.stat()
    except OSError as exc:
        raise PackError([ProblemAt("", f"cannot read {path}: {exc.strerror}")], str(path)) from exc
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    if key not in _PARSED:
        _PARSED[key] = _parse_pack_file(path)
        while len(_PARSED) > _PARSED_MAX:
            _PARSED.popitem(last=False)
    return copy.deepcopy(_PARSED[key])


def _parse_pack_file(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PackError([ProblemAt("", f"cannot read {path}: {exc.strerror}")], str(path)) from exc
    try:
        if path.suffix == ".json":
            return json.loads(text)
        # libyaml's loader when PyYAML has it: the same safe subset, several times faster
        # on the larger packs (make run loads every pack at each start).
        return yaml.load(text, Loader=SAFE_LOADER)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise PackError(
            [ProblemAt("", f"not valid {path.suffix[1:].upper()}: {exc}")], str(path)
        ) from exc


# check_pack is a pure function of the document, and the larger packs take seconds to
# check against the schema: the same document checked again (re-loads, a fork's first
# version, the test suite) reuses the answer, keyed by a digest of its exact content.
_CHECKED: OrderedDict[str, tuple[ProblemAt, ...]] = OrderedDict()
_CHECKED_MAX = 32


def _digest(pack: dict) -> str:
    # repr, not JSON: it keeps 1 and "1", a YAML date and its string, and a lone surrogate
    # apart (each is checked differently), and it costs milliseconds on the largest pack.
    return hashlib.sha256(repr(pack).encode("utf-8", "backslashreplace")).hexdigest()


def check_pack(pack) -> list[ProblemAt]:
    """Every problem of the pack: schema first, then dangling and duplicate keys."""
    if not isinstance(pack, dict):
        return [ProblemAt("", "a pack must be a mapping with 'format' and 'system'")]
    digest = _digest(pack)
    if digest not in _CHECKED:
        _CHECKED[digest] = tuple(_check_whole(pack))
        while len(_CHECKED) > _CHECKED_MAX:
            _CHECKED.popitem(last=False)
    return list(_CHECKED[digest])


def _check_whole(pack: dict) -> list[ProblemAt]:
    errors = sorted(
        Draft202012Validator(pack_schema()).iter_errors(pack),
        key=lambda e: [str(p) for p in e.absolute_path],
    )
    if errors:
        return [describe_error(e) for e in errors]
    return _check_references(pack)


def _duplicates(rows, section: str) -> list[ProblemAt]:
    seen = Counter(r["key"] for r in rows)
    return [
        ProblemAt(f"{section}[{i}].key", f"duplicate key '{r['key']}'")
        for i, r in enumerate(rows)
        if seen[r["key"]] > 1
    ]


def _check_references(pack: dict) -> list[ProblemAt]:
    problems: list[ProblemAt] = []
    system = pack["system"]["key"]
    for section in ("factions", "items", "cards", "special_actions", "validators"):
        rows = pack.get(section, [])
        if section == "validators":
            rows = [{"key": v["code"]} for v in rows]
        problems += _duplicates(rows, section)
    problems += _check_validator_codes(pack, system)
    problems += _unknown_references(pack)
    for i, action in enumerate(pack.get("special_actions", [])):
        problems += _duplicates(action.get("variants", []), f"special_actions[{i}].variants")
    for section, kind in RENAMABLE.items():
        problems += _check_aliases(pack.get(section, []), section, kind)
    return problems


def _unknown_references(pack: dict) -> list[ProblemAt]:
    """Factions and items named by an item or a card that the pack does not have."""
    factions = {f["key"] for f in pack.get("factions", [])}
    items = {i["key"] for i in pack.get("items", [])}
    problems: list[ProblemAt] = []
    for i, item in enumerate(pack.get("items", [])):
        if item.get("faction") is not None and item["faction"] not in factions:
            problems.append(
                ProblemAt(f"items[{i}].faction", f"unknown faction '{item['faction']}'")
            )
    for i, card in enumerate(pack.get("cards", [])):
        if card.get("faction") is not None and card["faction"] not in factions:
            problems.append(
                ProblemAt(f"cards[{i}].faction", f"unknown faction '{card['faction']}'")
            )
        for slot in ("items", "options"):
            problems += [
                ProblemAt(f"cards[{i}].{slot}[{j}].key", f"unknown item '{ref['key']}'")
                for j, ref in enumerate(card.get(slot, []))
                if ref["key"] not in items
            ]
    return problems


def _check_validator_codes(pack: dict, system: str) -> list[ProblemAt]:
    """The system has rules registered, and they know every validator code the pack names."""
    try:
        known_codes = set(rules_for(system).validators)
    except UnknownSystem:
        return [
            ProblemAt(
                "system.key", f"no rules are registered for system '{system}' (rules/systems/)"
            )
        ]
    allowed = ", ".join(sorted(known_codes))
    return [
        ProblemAt(
            f"validators[{i}].code", f"unknown validator '{v['code']}'; {system} has: {allowed}"
        )
        for i, v in enumerate(pack.get("validators", []))
        if v["code"] not in known_codes
    ]


def _check_aliases(rows: list[dict], section: str, kind: str) -> list[ProblemAt]:
    """An old key must name one row only: not a current key, not claimed by two rows."""
    problems: list[ProblemAt] = []
    current = {r["key"] for r in rows}
    claimed: dict[str, str] = {}
    for i, row in enumerate(rows):
        if ALIASES in row.get("attributes", {}):
            problems.append(
                ProblemAt(
                    f"{section}[{i}].attributes.{ALIASES}",
                    f"'{ALIASES}' is reserved in attributes: old keys go in {section}[{i}].aliases",
                )
            )
        for j, old in enumerate(row.get("aliases", [])):
            path = f"{section}[{i}].aliases[{j}]"
            if old in current:
                problems.append(ProblemAt(path, f"'{old}' is the key of a current {kind}"))
            elif old in claimed:
                problems.append(
                    ProblemAt(path, f"'{old}' is already an old key of {kind} '{claimed[old]}'")
                )
            else:
                claimed[old] = row["key"]
    return problems


def _stored_attributes(row: dict) -> dict:
    """The row's attributes as stored: its ``aliases`` kept under attributes["aliases"]."""
    attributes = dict(row.get("attributes", {}))
    if row.get("aliases"):
        attributes[ALIASES] = list(row["aliases"])
    return attributes


def _pack_attributes(stored: dict) -> tuple[dict, list[str]]:
    """Stored attributes back to the pack's shape: (attributes, aliases)."""
    attributes = dict(stored)
    aliases = attributes.pop(ALIASES, [])
    return attributes, list(aliases) if isinstance(aliases, list) else []


def _with_aliases(row: dict, stored: dict) -> dict:
    attributes, aliases = _pack_attributes(stored)
    return {**row, "aliases": aliases, "attributes": attributes}


def load_pack(pack, *, source: str = "pack") -> models.GameSystem:
    problems = check_pack(pack)
    if problems:
        raise PackError(problems, source)
    with transaction.atomic(), bulk_write():
        return _write(pack)


def load_pack_file(path: str | Path) -> models.GameSystem:
    return load_pack(read_pack_file(path), source=str(path))


def _write(pack: dict) -> models.GameSystem:
    s = pack["system"]
    system, _ = models.GameSystem.objects.update_or_create(
        key=s["key"],
        defaults={
            "name": s["name"],
            "names": s.get("names", {}),
            "data_version": s["data_version"],
            "sample_data": s.get("sample_data", False),
            "description": s.get("description", ""),
            "attributes": s.get("attributes", {}),
        },
    )
    # Replace, don't merge: what the pack no longer has must go, and lists refer to
    # keys, not row ids, so nothing else points at these rows.
    models.CardItem.objects.filter(card__system=system).delete()
    for model in (
        models.Card,
        models.Item,
        models.SpecialAction,
        models.ValidatorConfig,
        models.Faction,
    ):
        model.objects.filter(system=system).delete()

    models.ValidatorConfig.objects.bulk_create(
        models.ValidatorConfig(
            system=system, position=i, code=v["code"], params=v.get("params", {})
        )
        for i, v in enumerate(pack.get("validators", []))
    )
    factions = {
        f.key: f
        for f in models.Faction.objects.bulk_create(
            models.Faction(
                system=system,
                position=i,
                key=f["key"],
                name=f["name"],
                names=f.get("names", {}),
                attributes=_stored_attributes(f),
            )
            for i, f in enumerate(pack.get("factions", []))
        )
    }
    items = {
        it.key: it
        for it in models.Item.objects.bulk_create(
            models.Item(
                system=system,
                position=i,
                key=it["key"],
                name=it["name"],
                names=it.get("names", {}),
                faction=factions.get(it.get("faction")),
                kind=it["kind"],
                points=it.get("points", 0),
                def_bonus=it.get("def", 0),
                arm_bonus=it.get("arm", 0),
                attributes=_stored_attributes(it),
            )
            for i, it in enumerate(pack.get("items", []))
        )
    }
    card_rows = pack.get("cards", [])
    cards = models.Card.objects.bulk_create(
        models.Card(
            system=system,
            position=i,
            key=c["key"],
            name=c["name"],
            names=c.get("names", {}),
            faction=factions.get(c.get("faction")),
            kind=c.get("kind", "model"),
            warlord=c.get("warlord", False),
            aal=c.get("aal"),
            points=c.get("points", 0),
            core_points=c.get("core_points", 0),
            soldier_points=c.get("soldier_points", 0),
            core_size=c.get("core_size", 1),
            max_size=c.get("max_size", 1),
            base_mm=c.get("base_mm"),
            movement_class=c.get("movement_class"),
            stats=c.get("stats", {}),
            weapons=c.get("weapons", []),
            attributes=_stored_attributes(c),
        )
        for i, c in enumerate(card_rows)
    )
    models.CardItem.objects.bulk_create(
        models.CardItem(
            card=card, item=items[ref["key"]], slot=slot[:-1], position=j, points=ref.get("points")
        )
        for card, row in zip(cards, card_rows, strict=True)
        for slot in ("items", "options")
        for j, ref in enumerate(row.get(slot, []))
    )
    models.SpecialAction.objects.bulk_create(
        models.SpecialAction(
            system=system,
            position=i,
            key=a["key"],
            name=a["name"],
            names=a.get("names", {}),
            role=a.get("role"),
            points=a["points"],
            variants=a.get("variants", []),
            attributes=_stored_attributes(a),
        )
        for i, a in enumerate(pack.get("special_actions", []))
    )
    # Touch the system row so caches keyed on updated_at see the new data.
    system.save(update_fields=["updated_at"])
    return system


def dump_pack(system_key: str) -> dict:
    system = models.GameSystem.objects.get(key=system_key)
    card_items = models.CardItem.objects.filter(card__system=system).select_related("item")
    refs: dict[int, dict[str, list]] = {}
    for ci in card_items.order_by("card_id", "slot", "position"):
        refs.setdefault(ci.card_id, {"item": [], "option": []})[ci.slot].append(
            {"key": ci.item.key, "points": ci.points}
        )
    faction_keys = {f.id: f.key for f in system.factions.all()}
    return {
        "format": FORMAT,
        "system": {
            "key": system.key,
            "name": system.name,
            "names": system.names,
            "data_version": system.data_version,
            "sample_data": system.sample_data,
            "description": system.description,
            "attributes": system.attributes,
        },
        "validators": [{"code": v.code, "params": v.params} for v in system.validators.all()],
        "factions": [
            _with_aliases({"key": f.key, "name": f.name, "names": f.names}, f.attributes)
            for f in system.factions.all()
        ],
        "items": [
            _with_aliases(
                {
                    "key": i.key,
                    "name": i.name,
                    "names": i.names,
                    "faction": faction_keys.get(i.faction_id),
                    "kind": i.kind,
                    "points": i.points,
                    "def": i.def_bonus,
                    "arm": i.arm_bonus,
                },
                i.attributes,
            )
            for i in system.items.all()
        ],
        "cards": [
            _with_aliases(
                {
                    "key": c.key,
                    "name": c.name,
                    "names": c.names,
                    "faction": faction_keys.get(c.faction_id),
                    "kind": c.kind,
                    "warlord": c.warlord,
                    "aal": c.aal,
                    "points": c.points,
                    "core_points": c.core_points,
                    "soldier_points": c.soldier_points,
                    "core_size": c.core_size,
                    "max_size": c.max_size,
                    "base_mm": c.base_mm,
                    "movement_class": c.movement_class,
                    "stats": c.stats,
                    "weapons": c.weapons,
                    "items": refs.get(c.id, {}).get("item", []),
                    "options": refs.get(c.id, {}).get("option", []),
                },
                c.attributes,
            )
            for c in system.cards.all()
        ],
        "special_actions": [
            _with_aliases(
                {
                    "key": a.key,
                    "name": a.name,
                    "names": a.names,
                    "role": a.role,
                    "points": a.points,
                    "variants": a.variants,
                },
                a.attributes,
            )
            for a in system.special_actions.all()
        ],
    }
