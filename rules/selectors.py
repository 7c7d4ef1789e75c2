"""The one bridge from database rows to the engine's frozen objects (reads only)."""

from __future__ import annotations

from django.db.models import Prefetch

from rules.engine import catalogue as c
from rules.engine.aliases import alias_table

from . import models


def system_list() -> list[models.GameSystem]:
    return list(models.GameSystem.objects.all())


def system_get(*, key: str) -> models.GameSystem | None:
    return models.GameSystem.objects.filter(key=key).first()


# Built catalogues by (system key, updated_at). Any admin edit or pack load touches
# the system's updated_at (see rules/signals.py), so a stale entry is never used; one
# query per request checks it. Per process, so no shared state between app servers.
_catalogues: dict[tuple[str, object], c.Catalogue] = {}


def catalogue_get(*, key: str) -> c.Catalogue | None:
    """The whole game system: one query when cached, seven when built, whatever its size."""
    system = system_get(key=key)
    if system is None:
        return None
    return catalogue_for(system=system)


def catalogue_for(*, system: models.GameSystem) -> c.Catalogue:
    cache_key = (system.key, system.updated_at)
    catalogue = _catalogues.get(cache_key)
    if catalogue is None:
        catalogue = _build(system)
        for stale in [k for k in _catalogues if k[0] == system.key]:
            del _catalogues[stale]
        _catalogues[cache_key] = catalogue
    return catalogue


def _build(system: models.GameSystem) -> c.Catalogue:
    factions = list(system.factions.all())
    faction_keys = {f.id: f.key for f in factions}
    items = list(system.items.all())
    item_keys = {i.id: i.key for i in items}
    item_points = {i.id: i.points for i in items}
    cards = list(
        system.cards.prefetch_related(
            Prefetch("card_items", queryset=models.CardItem.objects.order_by("slot", "position"))
        )
    )
    special_actions = list(system.special_actions.all())

    # JSONB keeps keys sorted, not in card order: the pack names the order players know.
    stat_order = {k: i for i, k in enumerate(system.attributes.get("stat_order", []))}

    def ordered(stats: dict) -> dict:
        return dict(sorted(stats.items(), key=lambda kv: stat_order.get(kv[0], len(stat_order))))

    def priced(card, slot):
        return {
            item_keys[ci.item_id]: ci.points if ci.points is not None else item_points[ci.item_id]
            for ci in card.card_items.all()
            if ci.slot == slot
        }

    return c.Catalogue(
        system=system.key,
        name=system.name,
        data_version=system.data_version,
        sample_data=system.sample_data,
        attributes=c.frozen_map(system.attributes),
        validators=tuple(
            c.ValidatorSpec(code=v.code, params=c.frozen_map(v.params))
            for v in system.validators.all()
        ),
        factions=c.frozen_map(
            {
                f.key: c.Faction(key=f.key, name=f.name, attributes=c.frozen_map(f.attributes))
                for f in factions
            }
        ),
        items=c.frozen_map(
            {
                i.key: c.Item(
                    key=i.key,
                    name=i.name,
                    kind=i.kind,
                    points=i.points,
                    faction=faction_keys.get(i.faction_id),
                    def_bonus=i.def_bonus,
                    arm_bonus=i.arm_bonus,
                    attributes=c.frozen_map(i.attributes),
                )
                for i in items
            }
        ),
        cards=c.frozen_map(
            {
                card.key: c.Card(
                    key=card.key,
                    name=card.name,
                    kind=card.kind,
                    faction=faction_keys.get(card.faction_id),
                    warlord=card.warlord,
                    aal=card.aal,
                    points=card.points,
                    core_points=card.core_points,
                    soldier_points=card.soldier_points,
                    core_size=card.core_size,
                    max_size=card.max_size,
                    allowed_items=c.frozen_map(priced(card, "item")),
                    allowed_options=c.frozen_map(priced(card, "option")),
                    base_mm=card.base_mm,
                    movement_class=card.movement_class,
                    stats=c.frozen_map(ordered(card.stats)),
                    weapons=tuple(card.weapons),
                    attributes=c.frozen_map(card.attributes),
                )
                for card in cards
            }
        ),
        special_actions=c.frozen_map(
            {
                a.key: c.SpecialAction(
                    key=a.key,
                    name=a.name,
                    role=a.role,
                    points=a.points,
                    variants=tuple(c.Variant(v["key"], v["name"], v["points"]) for v in a.variants),
                    attributes=c.frozen_map(a.attributes),
                )
                for a in special_actions
            }
        ),
        aliases=alias_table(
            {"faction": factions, "card": cards, "item": items, "special_action": special_actions}
        ),
    )
