"""The Mordheim pack's self-audit: the whole pack compared field by field with its source
rows, every difference either explained or reported.

    .venv/bin/python scripts/mordheim_audit.py [PACK_YAML] [TRANSCRIPTION_JSON] [EXPLAINED_JSON]

Defaults: fixtures/mordheim.yaml, fixtures/sources/mordheim-roster-builder.json (the
committed transcription of the Mordheim-Roster-Builder data: the audit needs no copy of
the data itself) and fixtures/sources/mordheim-audit-differences.json.

Every warband (and Mercenary city), fighter, hired sword, chart item, brace, racial
maximum row and skill list of the source is matched with its pack row (by the data's key
the pack keeps in ``source_key``, or by name), and every field both describe is compared
(mordheim_audit_rows.py); so is every fighter's equipment list, price by price. A pack
row without a source row is a difference too. A difference is explained when the
explanations file lists it (kind, key, field, the pack's value, the source's value) with
its reason and the side trusted; an explanation that no longer matches a difference is
stale. Exit status 1 on any unexplained difference or stale explanation; the counts are
printed either way. tests/packs/test_mordheim_audit.py runs it in ``make test``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import mordheim_audit_rows as rows
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PACK = ROOT / "fixtures" / "mordheim.yaml"
DEFAULT_SOURCE = ROOT / "fixtures" / "sources" / "mordheim-roster-builder.json"
DEFAULT_EXPLAINED = ROOT / "fixtures" / "sources" / "mordheim-audit-differences.json"
CITIES = {"reik": "reikland", "midd": "middenheim", "mari": "marienburg"}


class Audit:
    """Comparisons made (rows and fields, by kind) and the differences found."""

    def __init__(self):
        self.rows: Counter = Counter()
        self.fields = 0
        self.differences: list[dict] = []

    def compare(self, kind: str, key: str, pairs) -> None:
        self.rows[kind] += 1
        for field, pack, source in pairs:
            self.fields += 1
            if pack != source:
                self.differences.append({"kind": kind, "key": key, "field": field,
                                         "pack": pack, "source": source})

    def missing(self, kind: str, key: str, side: str) -> None:
        """A row one side has and the other lacks (``side``: the one that lacks it)."""
        self.rows[kind] += 1
        self.differences.append({"kind": kind, "key": key, "field": "(row)",
                                 "pack": side != "pack", "source": side != "source"})


def _factions(pack: dict, source: dict) -> dict[tuple[str, str | None], dict]:
    """(data warband key, city) -> pack faction."""
    out = {}
    for f in pack["factions"]:
        a = f["attributes"]
        sub = (a.get("hire") or {}).get("subtype")
        out[(a["source_key"] if not sub else "merc", sub)] = f
    return out


def _by_source_key(cards) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for card in cards:
        out.setdefault(card["attributes"].get("source_key"), []).append(card)
    return out


def _fighters(audit: Audit, pack: dict, faction: dict, wb: dict, sub: dict | None,
              lists: dict, items: dict) -> set[str]:
    """The warband's fighters and their lists; the keys of the pack cards compared."""
    cards = _by_source_key(c for c in pack["cards"] if c["faction"] == faction["key"])
    seen = set()
    for u in wb["units"]:
        found = cards.get(u["id"]) or []
        if not found:
            audit.missing("fighter", f"{faction['key']}/{u['id']}", "pack")
            continue
        card = found.pop(0)
        seen.add(card["key"])
        audit.compare("fighter", card["key"],
                      rows.fighter(card, u, wb, sub["key"] if sub else None))
        audit.compare("equipment list", card["key"], rows.list_prices(
            card, lists.get(u["equipment_list"] or "", []), items))
    return seen


def _warbands(audit: Audit, pack: dict, source: dict, items: dict) -> None:
    factions = _factions(pack, source)
    seen, seen_cards = set(), set()
    lists = source["equipment_lists"]
    for wb in source["warbands"]:
        subs = [s for s in wb["subtypes"] if s["key"] in CITIES] if wb["key"] == "merc" else []
        for sub in subs or [None]:
            faction = factions.get((wb["key"], sub["key"] if sub else None))
            name = f"{wb['key']}/{sub['key']}" if sub else wb["key"]
            if faction is None:
                audit.missing("warband", name, "pack")
                continue
            seen.add(faction["key"])
            audit.compare("warband", faction["key"],
                          rows.warband(faction, wb, sub, source["hire"]))
            seen_cards |= _fighters(audit, pack, faction, wb, sub, lists, items)
    for f in pack["factions"]:
        if f["key"] not in seen:
            audit.missing("warband", f["key"], "source")
    for card in pack["cards"]:
        if card["key"] not in seen_cards and not card["attributes"].get("hired_sword"):
            audit.missing("fighter", card["key"], "source")


def _hired_swords(audit: Audit, pack: dict, source: dict, items: dict) -> None:
    swords = [c for c in pack["cards"] if c["attributes"].get("hired_sword")]
    cards = _by_source_key(swords)
    keys_of = {c["key"]: c["attributes"].get("source_key") for c in swords}
    for h in source["hired_swords"]:
        found = cards.get(h["key"]) or []
        if not found:
            audit.missing("hired sword", h["key"], "pack")
            continue
        card = found.pop(0)
        audit.compare("hired sword", card["key"], rows.hired_sword(card, h, keys_of, items))
    for left in cards.values():
        for card in left:
            audit.missing("hired sword", card["key"], "source")


def _list_items(audit: Audit, source: dict, by_name: dict, chart: dict, seen: set) -> None:
    """The braces (a chart row's pair price) and the items only a list has."""
    for list_rows in source["equipment_lists"].values():
        for row in list_rows:
            if row["chart"] and not row["pair_of"]:
                continue
            item = by_name.get(row["list_name"])
            if item is None:
                audit.missing("item", row["list_name"], "pack")
            elif item["key"] not in seen:
                seen.add(item["key"])
                pairs = (rows.brace(item, chart[row["pair_of"]]) if row["pair_of"] else
                         [("points", item["points"], row["cost"]),
                          ("kind", item["kind"], row["kind"])])
                audit.compare("item", item["key"], pairs)


def _items(audit: Audit, pack: dict, source: dict, items: dict) -> None:
    by_name = {rows.bare(i["name"]): i for i in items.values()}
    source_keys = {f["key"]: (f["attributes"].get("hire") or {}).get("warband")
                   or f["attributes"]["source_key"] for f in pack["factions"]}
    chart = {row["name"]: row for row in source["equipment"]}
    seen = set()
    for row in source["equipment"]:
        item = by_name.get(row["name"])
        if item is None:
            audit.missing("item", row["name"], "pack")
            continue
        seen.add(item["key"])
        audit.compare("item", item["key"], rows.chart_item(item, row, source_keys))
    _list_items(audit, source, by_name, chart, seen)
    for key in items:
        if key not in seen:
            audit.missing("item", key, "source")


def _tables(audit: Audit, pack: dict, source: dict) -> None:
    tables = pack["system"]["attributes"]["campaign"]
    for key, found in source["races"].items():
        ours = tables["maxima"].get(rows.race(key))
        if ours is None:
            audit.missing("race", key, "pack")
        else:
            audit.compare("race", rows.race(key), rows.race_row(ours, found))
    for key, found in source["skill_lists"].items():
        ours = tables["skill_lists"].get(rows.list_key(key))
        if ours is None:
            audit.missing("skill list", key, "pack")
        else:
            audit.compare("skill list", rows.list_key(key), rows.skill_list(ours, found))


def _same(a: dict, b: dict) -> bool:
    return all(a.get(k) == b.get(k) for k in ("kind", "key", "field", "pack", "source"))


def audit(pack: dict, source: dict, explained: list[dict]) -> dict:
    """The audit's counts, its differences and which of them are explained."""
    found = Audit()
    items = {i["key"]: i for i in pack["items"]}
    _warbands(found, pack, source, items)
    _hired_swords(found, pack, source, items)
    _items(found, pack, source, items)
    _tables(found, pack, source)
    unexplained = [d for d in found.differences if not any(_same(d, e) for e in explained)]
    stale = [e for e in explained if not any(_same(d, e) for d in found.differences)]
    return {
        "rows": dict(found.rows),
        "fields": found.fields,
        "differences": len(found.differences),
        "explained": len(found.differences) - len(unexplained),
        "unexplained": unexplained,
        "stale": stale,
        "trusted": dict(Counter(e["trusted"] for e in explained)),
    }


def report(result: dict) -> str:
    rows_text = ", ".join(f"{n} {kind}s" for kind, n in sorted(result["rows"].items()))
    lines = [
        f"compared {sum(result['rows'].values())} rows ({rows_text}), "
        f"{result['fields']} fields",
        f"{result['differences']} differences: {result['explained']} explained "
        f"(trusted: {result['trusted']}), {len(result['unexplained'])} unexplained, "
        f"{len(result['stale'])} stale explanations",
    ]
    lines += [f"  unexplained: {json.dumps(d, ensure_ascii=False)}"
              for d in result["unexplained"]]
    lines += [f"  stale: {json.dumps(e, ensure_ascii=False)}" for e in result["stale"]]
    return "\n".join(lines)


def load(pack_path: Path, source_path: Path, explained_path: Path) -> dict:
    pack = yaml.safe_load(pack_path.read_text(encoding="utf-8"))
    source = json.loads(source_path.read_text(encoding="utf-8"))
    explained = json.loads(explained_path.read_text(encoding="utf-8"))["differences"]
    return audit(pack, source, explained)


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv[1:4]]
    defaults = [DEFAULT_PACK, DEFAULT_SOURCE, DEFAULT_EXPLAINED]
    result = load(*(paths + defaults[len(paths):]))
    print(report(result))
    return 1 if result["unexplained"] or result["stale"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
