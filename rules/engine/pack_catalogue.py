"""A ``muster-pack/1`` document -> the engine's ``Catalogue``: the one converter.

Both ways game data reaches the engine go through here: the official data in the game
tables (``rules.selectors`` first writes its rows in the pack's shape) and a pack
version's stored document (a player's pack, or an official version a list is pinned
to). So a catalogue built from the tables and one built from the same data as a pack
version cannot drift apart.

The document has passed ``check_pack`` (schema and references) before it was stored;
absent optional fields take the same defaults ``armylists.packs.tables`` writes to the tables.
Pure: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine import catalogue as c
from rules.engine.aliases import ALIASES, alias_table


def _attributes(row: Mapping) -> Mapping:
    """The row's attributes with its old keys under ``aliases``, as the tables keep them
    (``alias_table`` reads them there)."""
    attributes = dict(row.get("attributes") or {})
    if row.get("aliases"):
        attributes[ALIASES] = list(row["aliases"])
    return c.frozen_map(attributes)


def _faction(row: Mapping) -> c.Faction:
    return c.Faction(
        key=row["key"],
        name=row["name"],
        attributes=_attributes(row),
        names=c.frozen_map(row.get("names")),
    )


def _item(row: Mapping) -> c.Item:
    return c.Item(
        key=row["key"],
        name=row["name"],
        kind=row["kind"],
        points=row.get("points", 0),
        faction=row.get("faction"),
        def_bonus=row.get("def", 0),
        arm_bonus=row.get("arm", 0),
        attributes=_attributes(row),
        names=c.frozen_map(row.get("names")),
    )


def _priced(row: Mapping, slot: str, items: Mapping[str, c.Item]) -> Mapping[str, int]:
    """What the card pays for each item it may take: its own price, else the item's."""
    out = {}
    for ref in row.get(slot) or ():
        own = ref.get("points")
        out[ref["key"]] = own if own is not None else items[ref["key"]].points
    return c.frozen_map(out)


def _ordered(stats: Mapping, stat_order: Mapping[str, int]) -> Mapping:
    """The card's stats in the order players know (the system's ``stat_order``)."""
    last = len(stat_order)
    return c.frozen_map(dict(sorted(stats.items(), key=lambda kv: stat_order.get(kv[0], last))))


def _card(row: Mapping, items: Mapping[str, c.Item], stat_order: Mapping[str, int]) -> c.Card:
    return c.Card(
        key=row["key"],
        name=row["name"],
        kind=row.get("kind", "model"),
        faction=row.get("faction"),
        warlord=row.get("warlord", False),
        aal=row.get("aal"),
        points=row.get("points", 0),
        core_points=row.get("core_points", 0),
        soldier_points=row.get("soldier_points", 0),
        core_size=row.get("core_size", 1),
        max_size=row.get("max_size", 1),
        allowed_items=_priced(row, "items", items),
        allowed_options=_priced(row, "options", items),
        base_mm=row.get("base_mm"),
        movement_class=row.get("movement_class"),
        stats=_ordered(row.get("stats") or {}, stat_order),
        weapons=tuple(row.get("weapons") or ()),
        attributes=_attributes(row),
        names=c.frozen_map(row.get("names")),
    )


def _special_action(row: Mapping) -> c.SpecialAction:
    return c.SpecialAction(
        key=row["key"],
        name=row["name"],
        role=row.get("role"),
        points=row["points"],
        variants=tuple(
            c.Variant(v["key"], v["name"], v["points"]) for v in row.get("variants") or ()
        ),
        attributes=_attributes(row),
        names=c.frozen_map(row.get("names")),
    )


def catalogue_from_pack(document: Mapping, origin: c.PackOrigin | None = None) -> c.Catalogue:
    """The catalogue of a checked pack document; ``origin``: the pack version it is."""
    system = document["system"]
    attributes = system.get("attributes") or {}
    stat_order = {k: i for i, k in enumerate(attributes.get("stat_order") or [])}
    factions = {row["key"]: _faction(row) for row in document.get("factions") or ()}
    items = {row["key"]: _item(row) for row in document.get("items") or ()}
    cards = {row["key"]: _card(row, items, stat_order) for row in document.get("cards") or ()}
    actions = {row["key"]: _special_action(row) for row in document.get("special_actions") or ()}
    return c.Catalogue(
        system=system["key"],
        name=system["name"],
        names=c.frozen_map(system.get("names")),
        data_version=system.get("data_version", "0"),
        sample_data=system.get("sample_data", False),
        attributes=c.frozen_map(attributes),
        validators=tuple(
            c.ValidatorSpec(code=v["code"], params=c.frozen_map(v.get("params")))
            for v in document.get("validators") or ()
        ),
        factions=c.frozen_map(factions),
        items=c.frozen_map(items),
        cards=c.frozen_map(cards),
        special_actions=c.frozen_map(actions),
        aliases=alias_table(
            {
                "faction": factions.values(),
                "card": cards.values(),
                "item": items.values(),
                "special_action": actions.values(),
            }
        ),
        origin=origin or c.PackOrigin(),
    )
