"""The campaign facts the Mordheim pack marks unverified (resting on a single source or
a disputed reading; the trusted value is used), in words a player reads. The pack and
the API name them by key (``trading.sell_rounding``, a card's ``skill_lists``); the
pages show these labels and keep the key in a ``data-`` attribute.

The labels name the question, not the answer, so they stay right when the pack's value
changes. A key without a label (a newer pack) is shown with its underscores as spaces.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# The pack's campaign tables: "<section>.<fact>".
TABLE_FACTS = {
    "exploration.equal_sets": _("Exploration: which set of multiples counts when two are "
                                "equally large"),
    "wyrdstone.warhounds_count": _("Selling wyrdstone: whether warhounds count towards the "
                                   "warband's size"),
    "wyrdstone.may_keep_shards": _("Selling wyrdstone: whether unsold shards may be kept"),
    "trading.hired_swords_search": _("Trading: whether hired swords may search for rare "
                                     "items"),
    "trading.sell_rounding": _("Trading: how half the price is rounded when selling"),
    "trading.haggle_min_price": _("Trading: the lowest price haggling can reach"),
    "rating.missing_models_count": _("Warband rating: whether fighters missing a game still "
                                     "count"),
    "underdog.scope": _("Underdog bonus: which warriors gain it"),
}

# A fighter card's own facts.
CARD_FACTS = {
    "skill_lists": _("Skill lists"),
    "wizard": _("Spellcaster"),
    "race": _("Race (for the characteristic maximums)"),
    # numbers the BSData catalogues give differently (the profile's stats are named by
    # the pack's own stat labels)
    "points": _("Cost"),
    "hire_fee": _("Hire fee"),
    "upkeep": _("Upkeep"),
}


def _plain(key: str) -> str:
    return key.replace("_", " ").replace(".", ": ", 1)


def table_facts(keys) -> list[dict]:
    """``[{"key", "label"}]`` for the pack's unverified table facts."""
    return [{"key": key, "label": TABLE_FACTS.get(key) or _plain(key)} for key in keys]


def card_facts(keys, bsdata=None, stats=None) -> list[dict]:
    """``[{"key", "label"}]`` for a card's unverified facts; a number the BSData catalogues
    give differently (``bsdata``: key -> their number) names their number too, so a player
    sees both; ``stats`` are the reader's stat labels ("BF" for BS in German)."""
    bsdata, stats = bsdata or {}, stats or {}
    facts = []
    for key in keys:
        label = CARD_FACTS.get(key) or stats.get(key) or _plain(key)
        if key in bsdata:
            label = _("%(fact)s (BSData: %(value)s)") % {"fact": label, "value": bsdata[key]}
        facts.append({"key": key, "label": label})
    return facts
