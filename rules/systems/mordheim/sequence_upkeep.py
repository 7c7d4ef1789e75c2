"""Post-battle upkeep of hired swords, at the end of the trading step
(docs/rules/mordheim.md, "Upkeep").

Every hired sword still in the warband is due his upkeep (the pack's ``upkeep``, raised
by a grudge). ``upkeep`` in the battle's input names those the player lets go
(``{"entry_id": ..., "pay": false}``); every other one is paid from the treasury when it
can, and leaves the warband when it cannot. Each payment and each leaving is logged.
One hired in this battle's trading step owes nothing until the next battle.
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine.violations import N_, Phrase
from rules.systems.mordheim.dice import fail, flag, join_path, spec_of
from rules.systems.mordheim.hired_swords import is_hired_sword
from rules.systems.mordheim.hired_swords import upkeep as upkeep_of
from rules.systems.mordheim.sequence import MAX_ROWS, PostBattle, rows
from rules.systems.mordheim.sequence_hire import hired_this_battle
from rules.systems.mordheim.trading import hired_sword_upkeep

UPKEEP_FIELDS = ("entry_id", "pay", "paid", "leaves")
LEFT = "left"  # the roster status of a hired sword who left unpaid


def _dismissed(ps: PostBattle) -> None:
    """A hired sword dismissed in this trading step owes no upkeep: the log says so, so his
    upkeep line is not missing without a word."""
    for row in ps.resolved.get("dismissals") or ():
        f = ps.fighter(row["entry_id"])
        if f is not None:
            ps.lines.append(Phrase(N_("No upkeep for {name}: dismissed before it was due"),
                                   {"name": f.name}))


def upkeep(ps: PostBattle) -> None:
    choices: dict[str, bool] = {}
    for k, row in enumerate(rows(ps.spec, "upkeep", MAX_ROWS)):
        at = f"upkeep[{k}]"
        spec_of(row, at, UPKEEP_FIELDS)
        who = row.get("entry_id")
        f = ps.fighter(who)
        card = ps.catalogue.cards.get(f.card) if f is not None and f.card else None
        if card is None or not is_hired_sword(card):
            fail(join_path(at, "entry_id"), f"{who!r} is no hired sword of this warband",
                 "not_hired_sword")
        choices[who] = flag(row.get("pay", True), join_path(at, "pay"))
    faction = ps.catalogue.factions.get(ps.roster.faction) if ps.roster.faction else None
    resolved = []
    for f in ps.roster.active():
        card = ps.catalogue.cards.get(f.card) if f.card else None
        if card is None or not is_hired_sword(card) or hired_this_battle(ps, f):
            continue
        due = upkeep_of(card, faction)
        pay = choices.get(f.entry_id, True) and due <= ps.roster.treasury
        out = hired_sword_upkeep(treasury=ps.roster.treasury, upkeep=due, pay=pay)
        ps.gold(-out["paid"])
        if out["leaves"]:
            ps.put(replace(f, status=LEFT))
            ps.lines.append(Phrase(N_("{name} leaves the warband: his upkeep of {gold} gc "
                                      "was not paid"), {"name": f.name, "gold": due}))
        else:
            ps.lines.append(Phrase(N_("Upkeep paid: {name}, {gold} gc"),
                                   {"name": f.name, "gold": due}))
        resolved.append({"entry_id": f.entry_id, "pay": pay, "paid": out["paid"],
                         "leaves": out["leaves"]})
    _dismissed(ps)
    ps.resolved["upkeep"] = resolved
    ps.step("upkeep", {}, {"upkeep": resolved})
