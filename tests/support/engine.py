"""Shared helpers of the table-driven engine tests: run one catalogue's rules on a document."""

from rules.engine import (
    Card,
    Catalogue,
    Faction,
    Item,
    Result,
    ValidatorSpec,
    Violation,
    parse,
    validate,
)
from tests.support.paths import read_yaml


class Probe:
    """``result``, ``codes`` and ``only`` bound to one hand-built catalogue."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue

    def result(self, data, catalogue: Catalogue | None = None) -> Result:
        return validate(catalogue or self.catalogue, parse(data))

    def codes(self, data) -> list[str]:
        return [v.code for v in self.result(data).violations]

    def only(self, data, code) -> Violation:
        [violation] = [v for v in self.result(data).violations if v.code == code]
        return violation


def catalogue_from_pack(path) -> Catalogue:
    """A shipped pack as the engine sees it, without a database (as rules.selectors does)."""
    pack = read_yaml(path)
    items = {
        i["key"]: Item(key=i["key"], name=i["name"], kind=i["kind"], points=i.get("points", 0),
                       faction=i.get("faction"), attributes=i.get("attributes", {}))
        for i in pack.get("items", [])
    }

    def priced(refs):
        return {r["key"]: items[r["key"]].points if r.get("points") is None else r["points"]
                for r in refs}

    fields = ("kind", "faction", "warlord", "aal", "points", "core_points", "soldier_points",
              "core_size", "max_size", "stats", "attributes")
    cards = {
        c["key"]: Card(key=c["key"], name=c["name"], allowed_items=priced(c.get("items", [])),
                       **{f: c[f] for f in fields if f in c})
        for c in pack.get("cards", [])
    }
    return Catalogue(
        system=pack["system"]["key"], name=pack["system"]["name"],
        data_version=pack["system"]["data_version"],
        attributes=pack["system"].get("attributes", {}),
        factions={f["key"]: Faction(f["key"], f["name"], f.get("attributes", {}))
                  for f in pack.get("factions", [])},
        cards=cards, items=items,
        validators=tuple(ValidatorSpec(v["code"], v.get("params", {}))
                         for v in pack.get("validators", [])),
    )
