"""Mordheim campaign log, docs/rules/mordheim.md: what happens to a warband between battles.

The log is a list of events applied, in order, to the starting roster (the list
document). Events name the fighter by the id of its list entry, never by its position,
so a fighter removed from the list takes his history with him (his events stay in the
log, applied to nobody else) and one added later starts with none. Three event types::

    {"type": "serious_injury", "entry_id": "k3Jx", "roll": 22}          # a hero out of action
    {"type": "henchman_out_of_action", "entry_id": "Qa9_", "roll": 2}   # one model of a group
    {"type": "experience", "entry_id": "k3Jx", "amount": 2}

``resolve_event`` fills in every roll the player did not type (D66, and the sub-rolls a
result asks for) from ``rng`` and returns the complete event; stored that way, the log
replays the same on every ``apply_events``. Undo is ``apply_events(..., events[:-1])``;
``apply_event`` applies one event to a roster (a campaign keeps the roster after each
record, so the next one starts there). A whole battle's post-battle sequence is
``mordheim_battle``; the roster itself is ``mordheim_roster``.

A resolved serious injury is an *injury*: ``{"roll": D66, "result": "<key>"}`` plus the
sub-roll its result needs:

- 16-21 multiple injuries: ``"d6"`` (how many) and ``"injuries"`` (that many); dead,
  multiple injuries and captured are re-rolled, the discarded rolls listed in the
  injury's ``"rerolled"``;
- 23 arm wound, 24 madness, 25 smashed leg, 56 bitter enmity: ``"d6"``;
- 35 deep wound: ``"d3"`` (games missed);
- 65 sold to the pits: ``"won"`` (true/false; the fight is played out, a D6 of 4+ stands
  in when not given) and, when lost, ``"again"``: another injury, rolled on the table.

Impossible events raise ``CampaignError`` whose ``errors`` are ``(path, message, code)``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import replace

from rules.engine.catalogue import Catalogue
from rules.engine.document import ListDocument
from rules.engine.violations import N_, Phrase
from rules.systems.mordheim.errors import CampaignError, join_path, refuse  # noqa: F401  (part of the API)
from rules.systems.mordheim.injuries import (  # noqa: F401  (the injury table is part of this module's API)
    HATRED_OF,
    LABELS,
    TRAITS,
    Dice,
    checked_die,
    injure,
    injury_result,
    is_d66,
    is_int,
    resolve_injury,
    resolve_injury_with,
)
from rules.systems.mordheim.roster import (  # noqa: F401  (the roster is part of this module's API)
    IN_WARBAND,
    STATUSES,
    Fighter,
    Roster,
    roster_rating,
    starting_roster,
)

EVENT_TYPES = ("serious_injury", "henchman_out_of_action", "experience")
# The fields each event type takes besides "type" and the fighter's "entry_id".
EVENT_FIELDS = {
    "serious_injury": ("roll", "d6", "d3", "injuries", "won", "again"),
    "henchman_out_of_action": ("roll",),
    "experience": ("amount",),
}


def experience_cap(catalogue: Catalogue, *, hero: bool) -> int | None:
    """The most experience a fighter can hold: the last threshold of his track in the
    pack's campaign ``thresholds`` (heroes 90, henchmen 14 in the shipped pack). Past it
    the track has no box and no advance, so nothing larger is stored. None when the game
    data has no track."""
    tables = catalogue.attributes.get("campaign")
    try:
        track = tables["thresholds"]["hero" if hero else "henchman"]
        return max(int(t) for t in track)
    except (KeyError, TypeError, ValueError):
        return None


# -- events ---------------------------------------------------------------------------


def _target(roster: Roster, document: ListDocument, event: Mapping, path: str):
    entry_id = event.get("entry_id")
    at = join_path(path, "entry_id")
    if not isinstance(entry_id, str) or not entry_id:
        refuse(at, f"must be the id of a list entry, not {entry_id!r}",
              "required" if entry_id is None else "invalid")
    index = roster.find(entry_id)
    if index is None:
        refuse(at, f"no entry has the id {entry_id!r} in this warband", "unknown_entry")
    fighter = roster.fighters[index]
    if fighter.status == "unknown_card":
        refuse(at, f"{fighter.name} has a card the game data does not know "
              f"('{fighter.card}')", "unknown_key")
    many = fighter.models if fighter.hero else fighter.count
    if many != 1:
        what = "heroes" if fighter.hero else "henchman groups"
        refuse(at, f"{fighter.name} stands for {many} {what}: give each an entry of its own",
              "ambiguous_entry")
    if not fighter.in_warband:
        refuse(at, f"{fighter.name} is no longer in the warband ({fighter.status})",
              "not_in_warband")
    return index, fighter


def belongs(roster: Roster, event: Mapping) -> bool:
    """Whether the event's fighter is still in the list as the fighter it happened to (the
    same entry id, and the same card when the event names one)."""
    index = roster.find(event.get("entry_id"))
    if index is None:
        return False
    card = event.get("card")
    return card is None or roster.fighters[index].card == card


def _check(catalogue, document, roster, event, path: str, dice: Dice) -> dict:
    if not isinstance(event, Mapping):
        refuse(path, "an event must be an object with a 'type'")
    kind = event.get("type")
    if kind not in EVENT_TYPES:
        refuse(join_path(path, "type"),
              f"unknown event type {kind!r}; one of {', '.join(EVENT_TYPES)}", "unknown_type")
    _index, fighter = _target(roster, document, event, path)
    if kind == "serious_injury":
        if not fighter.hero:
            refuse(join_path(path, "entry_id"), f"{fighter.name} is a henchman group: use "
                  "henchman_out_of_action (serious injuries are for heroes)", "not_a_hero")
        return resolve_injury_with(event, path, dice)
    out = copy.deepcopy(dict(event))
    if kind == "henchman_out_of_action":
        if fighter.hero:
            refuse(join_path(path, "entry_id"), f"{fighter.name} is a hero: use serious_injury",
                  "not_a_henchman")
        at = join_path(path, "roll")
        out["roll"] = checked_die(event.get("roll"), at, 6, "D6") or dice.roll(6, at)
        return out
    amount = event.get("amount")
    if not is_int(amount):
        refuse(join_path(path, "amount"), f"must be a whole number of experience points, "
              f"not {amount!r}", "required" if amount is None else "invalid")
    if fighter.experience + amount < 0:
        refuse(join_path(path, "amount"), f"{fighter.name} has {fighter.experience} experience, "
              f"cannot lose {-amount}")
    cap = experience_cap(catalogue, hero=fighter.hero)
    if cap is not None and fighter.experience + amount > cap:
        refuse(join_path(path, "amount"), f"{fighter.name} has {fighter.experience} experience "
              f"and can hold at most {cap} (the end of the experience track): at most "
              f"{cap - fighter.experience} more", "out_of_range")
    return out


def resolve_event(
    catalogue: Catalogue, document: ListDocument, roster: Roster | None, event: Mapping, rng
) -> dict:
    """Check ``event`` against ``roster`` (None: the starting roster) and return it with
    every roll the player did not type filled in from ``rng`` (``rng.randint(1, 6)``,
    e.g. ``random.Random()``). A complete event comes back unchanged."""
    if roster is None:
        roster = starting_roster(catalogue, document)
    return _check(catalogue, document, roster, event, "", Dice(rng))


def apply_events(
    catalogue: Catalogue, document: ListDocument, resolved_events: Iterable[Mapping]
) -> Roster:
    """The starting roster with every resolved event applied in order.

    Raises CampaignError (paths like ``events[2].roll``) for an impossible event or one
    that still misses a roll. Undo: apply all events but the last.
    """
    roster = starting_roster(catalogue, document)
    for n, event in enumerate(resolved_events):
        roster, line, orphaned = apply_event(catalogue, document, roster, event,
                                             f"events[{n}]")
        roster = replace(roster, log=roster.log + (line,),
                         orphaned=roster.orphaned + ((n,) if orphaned else ()))
    return roster


def apply_event(
    catalogue: Catalogue, document: ListDocument, roster: Roster, event: Mapping,
    path: str = "",
) -> tuple[Roster, Phrase, bool]:
    """One resolved event on ``roster``: (the roster after it, its log line, whether it
    belongs to a fighter no longer in the list and was applied to nobody)."""
    if not belongs(roster, event):
        # A fighter removed from the list (or another fighter under his id now): his
        # history stays his, applied to nobody else.
        return roster, _orphan_line(event), True
    checked = _check(catalogue, document, roster, event, path, Dice(None))
    return (*_apply(roster, checked), False)


def _orphan_line(event: Mapping) -> Phrase:
    """What an event of a fighter no longer in the list recorded (told on a stand-in, as
    his roster is gone)."""
    who = event.get("who") or event.get("card") or "?"
    stand_in = Fighter(entry=-1, entry_id=None, card=event.get("card"), name=who,
                       hero=event.get("type") == "serious_injury", models=1)
    _fighter, _gold, words = _effects(stand_in, event)
    return Phrase(N_("{who}: {what} (no longer in the list)"), {"who": who, "what": words})


def event_effects(fighter: Fighter, event: Mapping) -> tuple[Fighter, int, list[Phrase]]:
    """One resolved event on one fighter: the fighter after it, gold won, what it did."""
    return _effects(fighter, event)


def _effects(fighter: Fighter, event: Mapping) -> tuple[Fighter, int, list[Phrase]]:
    """One resolved event on one fighter: the fighter after it, gold won, what it did."""
    words: list[Phrase] = []
    gold = 0
    if event["type"] == "experience":
        fighter = replace(fighter, experience=fighter.experience + event["amount"])
        words.append(Phrase(N_("{amount} experience ({total})"),
                            {"amount": f"{event['amount']:+d}", "total": fighter.experience}))
    elif event["type"] == "henchman_out_of_action":
        if event["roll"] <= 2:
            left = max(0, fighter.models - 1)
            fighter = replace(fighter, models=left, lost_models=fighter.lost_models + 1)
            if left == 0:
                fighter = replace(fighter, status="gone", items=())
            words.append(Phrase(N_("D6 {roll}: one model lost with its gear ({left} left)"),
                                {"roll": event["roll"], "left": left}))
        else:
            words.append(Phrase(N_("D6 {roll}: back in the group"), {"roll": event["roll"]}))
    else:
        fighter, gold = injure(fighter, event, words)
    return fighter, gold, words


def _apply(roster: Roster, event: dict) -> tuple[Roster, Phrase]:
    index = roster.find(event["entry_id"])
    fighter, gold, words = _effects(roster.fighters[index], event)
    fighters = list(roster.fighters)
    fighters[index] = fighter
    line = Phrase(N_("{who}: {what}"), {"who": fighter.name, "what": words})
    return replace(roster, fighters=tuple(fighters), treasury=roster.treasury + gold), line


