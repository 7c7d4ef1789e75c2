"""The Mordheim campaign hook (docs/rules/mordheim.md): what
``armylists.games.mordheim.services.campaign`` calls, found through the registered
rules (``rules_for("mordheim").campaign``), never by importing a game's module.

A campaign is a log of records, each applied to the roster the one before left:

- an *event* (``mordheim_campaign``: a serious injury, a henchman out of action,
  experience), ``resolve_event`` then ``apply_event``;
- a *battle* (``mordheim_battle``): the whole post-battle sequence, ``run_battle``.

After each record the campaign keeps the roster as JSON (``roster_to_json``), so the
next record starts from it (``roster_from_json``) instead of replaying the log.
"""

from __future__ import annotations

import sys

from rules.engine.validation import extend
from rules.systems.mordheim import SYSTEM
from rules.systems.mordheim.battle import STEPS as BATTLE_STEPS  # noqa: F401
from rules.systems.mordheim.battle import run_battle  # noqa: F401
from rules.systems.mordheim.campaign import (  # noqa: F401
    EVENT_FIELDS,
    EVENT_TYPES,
    CampaignError,
    apply_event,
    apply_events,
    belongs,
    join_path,
    resolve_event,
    roster_rating,
    starting_roster,
)
from rules.systems.mordheim.roster import roster_from_json, roster_to_json  # noqa: F401


def unverified_facts(catalogue) -> list[str]:
    """The campaign facts of the pack resting on a single source or a disputed reading
    (the pack ships the trusted value and lists them): "<section>.<fact>"."""
    tables = catalogue.attributes.get("campaign") or {}
    return [f"{section}.{key}" for section, values in tables.items()
            if isinstance(values, dict) for key in values.get("unverified") or []]


extend(SYSTEM, campaign=sys.modules[__name__])
