"""Game-data packs (fixtures/*.yaml|json) <-> the database.

``load_pack`` checks the whole pack first (armylists/packs/checks.py: JSON Schema, then
every reference) and writes it in one transaction, replacing the system's previous
data, so a re-load is idempotent and a refused pack changes nothing. ``dump_pack``
writes the same shape back: ``load_pack(dump_pack(k))`` leaves the data as it was.

Renamed keys: a faction, item, card or special action may list its old keys as
``aliases``; they are stored in the row's ``attributes["aliases"]`` (no extra column,
and the admin edits them there) and come back out as ``aliases`` on dump. The engine
reads them through ``rules.engine.aliases``.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path

import yaml
from django.db import transaction

from armylists.packs.checks import check_pack
from rules import models
from rules.engine.aliases import ALIASES
from rules.engine.document import ProblemAt
from rules.signals import bulk_write

FORMAT = "muster-pack/1"
class PackError(ValueError):
    def __init__(self, problems: list[ProblemAt], source: str = "pack"):
        self.problems = problems
        self.source = source
        lines = [f"  {p.path or '(pack)'}: {p.message}" for p in problems]
        super().__init__(f"{source} refused, nothing was changed:\n" + "\n".join(lines))


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# A file read again unchanged (a re-run of loadpack in one process, the test suite loading
# the shipped packs again and again) is parsed once: the Mordheim pack takes seconds to
# parse. Keyed by the file's path, size and modification time; callers get a copy.
_PARSED_MAX = 16


def read_pack_file(path: str | Path) -> dict:
    path = Path(path)
    try:
        stat = path.stat()
    except OSError as exc:
        raise PackError([ProblemAt("", f"cannot read {path}: {exc.strerror}")], str(path)) from exc
    return copy.deepcopy(_parsed(str(path.resolve()), stat.st_size, stat.st_mtime_ns))


@lru_cache(maxsize=_PARSED_MAX)
def _parsed(resolved: str, size: int, mtime_ns: int) -> dict:
    """The file as parsed (never handed out as it is: its callers get a copy); a file
    that cannot be parsed raises, and is not kept."""
    return _parse_pack_file(Path(resolved))


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
    return write_pack(pack)


def write_pack(pack: dict) -> models.GameSystem:
    """Write a pack that ``check_pack`` found whole into the game tables (``load_pack``
    checks first; the tests check each shipped file once and write it for every test)."""
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
