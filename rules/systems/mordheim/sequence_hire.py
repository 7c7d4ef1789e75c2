"""Hired swords hired and dismissed in the trading step of a post-battle sequence
(docs/rules/mordheim.md, "Hired swords and fighters a warband must field").

- ``dismissals``: ``{"entry_id"}`` of a hired sword in the warband: he leaves (logged).
  Dismissals come first, so a warband may let its Roadwarden go and hire a Highwayman.
- ``hires``: ``{"card", "name"}`` of a hired sword. His hire fee (his card's cost) is
  paid from the treasury; the warband after hiring keeps the rules the builder checks:
  who may hire him (``hired_sword_not_allowed``), whom he will not serve beside
  (``hired_sword_conflict``), one of each (``hired_sword_limit``), and its maximum size
  (he counts toward it, not toward its heroes). Answered: ``entry_id``, ``fee``.

His upkeep is due after each battle that follows (``mordheim_sequence_upkeep``), not
after the one whose trading step hired him.
"""

from __future__ import annotations

from dataclasses import replace

import msgspec

from rules.engine.document import Entry
from rules.engine.validation import Context
from rules.engine.violations import N_, Phrase
from rules.systems.mordheim import is_hero, is_large, size_limits
from rules.systems.mordheim.dice import fail, join_path, spec_of, text
from rules.systems.mordheim.hired_swords import (
    HiredSwordConflictValidator,
    HiredSwordLimitValidator,
    HiredSwordNotAllowedValidator,
    is_hired_sword,
    upkeep,
)
from rules.systems.mordheim.roster import Fighter
from rules.systems.mordheim.sequence import MAX_ROWS, PostBattle, rows

HIRE_FIELDS = ("card", "name", "entry_id", "fee")
DISMISSAL_FIELDS = ("entry_id",)
MAX_HIRES = 10
DISMISSED = "dismissed"  # the roster status of a hired sword the warband let go
# The builder's checks of hired swords, run on the warband as it would be after hiring.
HIRE_CHECKS = (HiredSwordNotAllowedValidator, HiredSwordConflictValidator,
               HiredSwordLimitValidator)


def hiring(ps: PostBattle) -> dict:
    """Dismissals, then hires; their resolved rows (the battle's ``input``)."""
    dismissals = [_dismiss(ps, row, f"dismissals[{k}]")
                  for k, row in enumerate(rows(ps.spec, "dismissals", MAX_ROWS))]
    hires = [_hire(ps, row, f"hires[{k}]")
             for k, row in enumerate(rows(ps.spec, "hires", MAX_HIRES))]
    ps.resolved.update(dismissals=dismissals, hires=hires)
    return {"dismissals": dismissals, "hires": hires}


def hired_this_battle(ps: PostBattle, fighter: Fighter) -> bool:
    """Hired in this sequence's trading step: his first upkeep is after the next battle."""
    return fighter.joined == ps.number


def roster_document(ps: PostBattle, extra: Entry | None = None):
    """The warband as it stands (plus ``extra``) as a list document, for the builder's
    checks: the starting list's entries are long out of date in a campaign."""
    entries = [Entry(id=f.entry_id, card=f.card, size=None if f.hero else f.models)
               for f in ps.roster.active() if f.card and f.entry_id]
    if extra is not None:
        entries.append(extra)
    return msgspec.structs.replace(ps.document, entries=tuple(entries))


def _dismiss(ps: PostBattle, row, at: str) -> dict:
    spec_of(row, at, DISMISSAL_FIELDS)
    path = join_path(at, "entry_id")
    f = ps.target(row.get("entry_id"), path)
    card = ps.catalogue.cards[f.card]
    if not is_hired_sword(card):
        fail(path, f"{f.name} is no hired sword: only hired swords are dismissed",
             "not_hired_sword")
    ps.put(replace(f, status=DISMISSED))
    ps.lines.append(Phrase(N_("Dismissed: {name} ({card}) leaves the warband"),
                           {"name": f.name, "card": card.name}))
    return {"entry_id": f.entry_id}


def _hire_card(ps: PostBattle, key, path: str):
    card = ps.catalogue.cards.get(key) if isinstance(key, str) else None
    if card is None:
        fail(path, f"the game data has no hired sword {key!r}",
             "required" if key is None else "unknown_key")
    if not is_hired_sword(card):
        fail(path, f"{card.name} is no hired sword: recruit him instead", "not_hired_sword")
    return card


def _may_hire(ps: PostBattle, card, new_id: str, path: str) -> None:
    """The builder's rules of hired swords, and the warband's size, with him hired."""
    document = roster_document(ps, Entry(id=new_id, card=card.key))
    cards = [ps.catalogue.cards.get(e.card) for e in document.entries]
    ctx = Context(catalogue=ps.catalogue, document=document, entry_points=[], total=0,
                  limit=None, cards=cards)
    him = len(document.entries) - 1
    for check in HIRE_CHECKS:
        for violation in check()(ctx):
            if violation.entry == him:
                fail(path, violation.message, violation.code)
    members = sum(f.models for f in ps.roster.active())
    _low, top = size_limits(ps.catalogue, document)
    if members + 1 > top:
        fail(path, f"the warband has {members} fighters: at most {top}", "warband_size")


def _hire(ps: PostBattle, row, at: str) -> dict:
    spec_of(row, at, HIRE_FIELDS)
    path = join_path(at, "card")
    card = _hire_card(ps, row.get("card"), path)
    new_id = ps.new_entry_id(row.get("entry_id"), join_path(at, "entry_id"))
    _may_hire(ps, card, new_id, path)
    fee = card.points
    if fee > ps.roster.treasury:
        fail(path, f"hiring {card.name} costs {fee} gc, the treasury has "
             f"{ps.roster.treasury} gc", "not_enough_gold")
    ps.gold(-fee)
    name = text(row["name"], join_path(at, "name")) if row.get("name") else card.name
    hero = is_hero(card)
    ps.add(Fighter(
        entry=None, entry_id=new_id, card=card.key, name=name, hero=hero, models=1,
        stats=dict(card.stats), large=is_large(card), joined=ps.number,
        # he advances on the hero table from his own skill lists (as in the starting list)
        skill_lists=tuple(card.attributes.get("skill_lists") or ()),
    ))
    faction = ps.catalogue.factions.get(ps.roster.faction) if ps.roster.faction else None
    ps.lines.append(Phrase(
        N_("Hired sword hired: {name} ({card}) for {fee} gc; upkeep {upkeep} gc after each "
           "battle from the next one"),
        {"name": name, "card": card.name, "fee": fee, "upkeep": upkeep(card, faction)}))
    return {"card": card.key, "name": row.get("name"), "entry_id": new_id, "fee": fee}
