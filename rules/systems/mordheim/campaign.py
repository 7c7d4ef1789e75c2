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

from .roster import (  # noqa: F401  (the roster is part of this module's API)
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


class CampaignError(ValueError):
    """An event the roster cannot take; ``errors`` is a list of (path, message, code)."""

    def __init__(self, errors: list[tuple[str, str, str]]):
        self.errors = errors
        super().__init__("; ".join(f"{path or '(event)'}: {msg}" for path, msg, _ in errors))


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


def _fail(path: str, message: str, code: str = "invalid"):
    raise CampaignError([(path, message, code)])


def join_path(prefix: str, path: str) -> str:
    """``events[0]`` and ``roll`` -> ``events[0].roll``; ``injuries`` and ``[1]`` ->
    ``injuries[1]``; either empty: the other."""
    if not prefix:
        return path
    return f"{prefix}.{path}" if path and not path.startswith("[") else prefix + path


# -- the serious injury table (D66) ---------------------------------------------------

_TABLE = [
    (range(11, 16), "dead", N_("dead")),
    (range(16, 22), "multiple_injuries", N_("multiple injuries")),
    (range(22, 23), "leg_wound", N_("leg wound")),
    (range(23, 24), "arm_wound", N_("arm wound")),
    (range(24, 25), "madness", N_("madness")),
    (range(25, 26), "smashed_leg", N_("smashed leg")),
    (range(26, 27), "chest_wound", N_("chest wound")),
    (range(31, 32), "blinded_in_one_eye", N_("blinded in one eye")),
    (range(32, 33), "old_battle_wound", N_("old battle wound")),
    (range(33, 34), "nervous_condition", N_("nervous condition")),
    (range(34, 35), "hand_injury", N_("hand injury")),
    (range(35, 36), "deep_wound", N_("deep wound")),
    (range(36, 37), "robbed", N_("robbed")),
    (range(41, 56), "full_recovery", N_("full recovery")),
    (range(56, 57), "bitter_enmity", N_("bitter enmity")),
    (range(61, 62), "captured", N_("captured")),
    (range(62, 64), "hardened", N_("hardened")),
    (range(64, 65), "horrible_scars", N_("horrible scars")),
    (range(65, 66), "sold_to_the_pits", N_("sold to the pits")),
    (range(66, 67), "survives_against_the_odds", N_("survives against the odds")),
]
LABELS = {key: label for _r, key, label in _TABLE}
# Results that need one more roll, and its die.
SUB_ROLL = {
    "multiple_injuries": "d6", "arm_wound": "d6", "madness": "d6", "smashed_leg": "d6",
    "bitter_enmity": "d6", "deep_wound": "d3",
}
# Multiple injuries re-roll these.
REROLLED = frozenset({"dead", "multiple_injuries", "captured"})
STAT_LOSS = {
    "leg_wound": "M", "chest_wound": "T", "blinded_in_one_eye": "BS",
    "nervous_condition": "I", "hand_injury": "WS",
}
HATRED = {1: "model", 2: "model", 3: "model", 4: "leader", 5: "warband", 6: "warband_type"}


def injury_result(roll: int) -> str:
    """The result key of a D66 roll on the serious injury table."""
    for rolls, key, _label in _TABLE:
        if roll in rolls:
            return key
    raise ValueError(f"{roll} is not on the serious injury table")


def is_d66(value) -> bool:
    return _is_int(value) and 1 <= value // 10 <= 6 and 1 <= value % 10 <= 6


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _die(value, path: str, sides: int, name: str):
    if value is None:
        return None
    if not _is_int(value) or not 1 <= value <= sides:
        _fail(path, f"{value!r} is not a {name} roll (1-{sides})")
    return value


def _d66(value, path: str):
    if value is None:
        return None
    if not is_d66(value):
        _fail(path, f"{value!r} is not a D66 roll (11-66, each digit 1-6)")
    return value


class _Dice:
    """The rolls resolve_event makes: from ``rng``, or an error if there is none."""

    def __init__(self, rng):
        self.rng = rng

    def roll(self, sides: int, path: str) -> int:
        if self.rng is None:
            _fail(path, "is missing (resolve the event first)", "required")
        return self.rng.randint(1, sides)

    def d66(self, path: str) -> int:
        return self.roll(6, path) * 10 + self.roll(6, path)

    def d3(self, path: str) -> int:
        return (self.roll(6, path) + 1) // 2


def _resolve_injury(spec, path: str, dice: _Dice, reroll: frozenset = frozenset()) -> dict:
    """Check one injury and fill in its missing rolls; a new dict."""
    if not isinstance(spec, Mapping):
        _fail(path, "must be an object with a 'roll'")
    out = copy.deepcopy(dict(spec))
    at = lambda name: join_path(path, name)  # noqa: E731
    roll = _d66(spec.get("roll"), at("roll"))
    rerolled = list(spec.get("rerolled") or [])
    if roll is not None and injury_result(roll) in reroll:
        _fail(at("roll"), f"{roll} ({LABELS[injury_result(roll)]}) is re-rolled in multiple "
              "injuries (dead 11-15, multiple 16-21 and captured 61 are)", "rerolled")
    while roll is None:
        roll = dice.d66(at("roll"))
        if injury_result(roll) in reroll:
            rerolled.append(roll)
            roll = None
    result = injury_result(roll)
    out.update(roll=roll, result=result)
    sub = SUB_ROLL.get(result)
    for key in ("d6", "d3", "injuries", "won", "again"):
        wanted = key == sub or (result == "multiple_injuries" and key == "injuries") or (
            result == "sold_to_the_pits" and key in ("won", "again"))
        if key in spec and not wanted:
            _fail(at(key), f"roll {roll} ({LABELS[result]}) takes no '{key}'")
    if sub == "d6":
        out["d6"] = _die(spec.get("d6"), at("d6"), 6, "D6") or dice.roll(6, at("d6"))
    elif sub == "d3":
        out["d3"] = _die(spec.get("d3"), at("d3"), 3, "D3") or dice.d3(at("d3"))
    if rerolled:
        out["rerolled"] = rerolled
    if result == "multiple_injuries":
        out["injuries"] = _resolve_multiple(spec, out["d6"], path, dice)
    if result == "sold_to_the_pits":
        won = spec.get("won")
        if won is None:
            won = dice.roll(6, at("won")) >= 4
        if not isinstance(won, bool):
            _fail(at("won"), f"must be true or false, not {won!r}")
        out["won"] = won
        if won and "again" in spec:
            _fail(at("again"), "a won pit fight rolls no further injury")
        if not won:
            out["again"] = _resolve_injury(spec.get("again") or {}, at("again"), dice)
    return out


def resolve_injury(spec, path: str, rng) -> dict:
    """One serious injury of a hero checked, its missing rolls made with ``rng``."""
    return _resolve_injury(spec, path, _Dice(rng))


def _resolve_multiple(spec: Mapping, count: int, path: str, dice: _Dice):
    typed = spec.get("injuries") or []
    at = join_path(path, "injuries")
    if not isinstance(typed, list):
        _fail(at, "must be a list of injuries")
    if len(typed) > count:
        _fail(at, f"{len(typed)} injuries for a D6 of {count}")
    return [
        _resolve_injury(typed[k] if k < len(typed) else {}, f"{at}[{k}]", dice, REROLLED)
        for k in range(count)
    ]


# -- events ---------------------------------------------------------------------------


def _target(roster: Roster, document: ListDocument, event: Mapping, path: str):
    entry_id = event.get("entry_id")
    at = join_path(path, "entry_id")
    if not isinstance(entry_id, str) or not entry_id:
        _fail(at, f"must be the id of a list entry, not {entry_id!r}",
              "required" if entry_id is None else "invalid")
    index = roster.find(entry_id)
    if index is None:
        _fail(at, f"no entry has the id {entry_id!r} in this warband", "unknown_entry")
    fighter = roster.fighters[index]
    if fighter.status == "unknown_card":
        _fail(at, f"{fighter.name} has a card the game data does not know "
              f"('{fighter.card}')", "unknown_key")
    many = fighter.models if fighter.hero else fighter.count
    if many != 1:
        what = "heroes" if fighter.hero else "henchman groups"
        _fail(at, f"{fighter.name} stands for {many} {what}: give each an entry of its own",
              "ambiguous_entry")
    if not fighter.in_warband:
        _fail(at, f"{fighter.name} is no longer in the warband ({fighter.status})",
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


def _check(catalogue, document, roster, event, path: str, dice: _Dice) -> dict:
    if not isinstance(event, Mapping):
        _fail(path, "an event must be an object with a 'type'")
    kind = event.get("type")
    if kind not in EVENT_TYPES:
        _fail(join_path(path, "type"),
              f"unknown event type {kind!r}; one of {', '.join(EVENT_TYPES)}", "unknown_type")
    _index, fighter = _target(roster, document, event, path)
    if kind == "serious_injury":
        if not fighter.hero:
            _fail(join_path(path, "entry_id"), f"{fighter.name} is a henchman group: use "
                  "henchman_out_of_action (serious injuries are for heroes)", "not_a_hero")
        return _resolve_injury(event, path, dice)
    out = copy.deepcopy(dict(event))
    if kind == "henchman_out_of_action":
        if fighter.hero:
            _fail(join_path(path, "entry_id"), f"{fighter.name} is a hero: use serious_injury",
                  "not_a_henchman")
        at = join_path(path, "roll")
        out["roll"] = _die(event.get("roll"), at, 6, "D6") or dice.roll(6, at)
        return out
    amount = event.get("amount")
    if not _is_int(amount):
        _fail(join_path(path, "amount"), f"must be a whole number of experience points, "
              f"not {amount!r}", "required" if amount is None else "invalid")
    if fighter.experience + amount < 0:
        _fail(join_path(path, "amount"), f"{fighter.name} has {fighter.experience} experience, "
              f"cannot lose {-amount}")
    cap = experience_cap(catalogue, hero=fighter.hero)
    if cap is not None and fighter.experience + amount > cap:
        _fail(join_path(path, "amount"), f"{fighter.name} has {fighter.experience} experience "
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
    return _check(catalogue, document, roster, event, "", _Dice(rng))


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
    checked = _check(catalogue, document, roster, event, path, _Dice(None))
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
        fighter, gold = _injure(fighter, event, words)
    return fighter, gold, words


def _apply(roster: Roster, event: dict) -> tuple[Roster, Phrase]:
    index = roster.find(event["entry_id"])
    fighter, gold, words = _effects(roster.fighters[index], event)
    fighters = list(roster.fighters)
    fighters[index] = fighter
    line = Phrase(N_("{who}: {what}"), {"who": fighter.name, "what": words})
    return replace(roster, fighters=tuple(fighters), treasury=roster.treasury + gold), line


def _add(values: tuple[str, ...], value: str) -> tuple[str, ...]:
    return values if value in values else values + (value,)


TRAITS = {
    "stupidity": N_("stupidity"),
    "frenzy": N_("frenzy"),
    "immune_to_fear": N_("immune to fear"),
    "causes_fear": N_("causes fear"),
    "old_battle_wound": N_("old battle wound: before each battle D6, on a 1 cannot fight"),
    "no_running": N_("may not run"),
    "one_hand_weapon": N_("one hand weapon only"),
}
HATRED_OF = {
    "model": N_("hatred of the model that injured him"),
    "leader": N_("hatred of that warband's leader"),
    "warband": N_("hatred of that warband"),
    "warband_type": N_("hatred of every warband of that kind"),
}


def _d6(d6: int, what: Phrase) -> Phrase:
    return Phrase(N_("D6 {d6}: {what}"), {"d6": d6, "what": what})


def _injure(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    """Apply one resolved injury, saying what it did in ``words``; returns the fighter
    and the gold won."""
    result, roll = injury["result"], injury["roll"]
    words.append(Phrase(N_("{roll} {injury}"), {"roll": roll, "injury": Phrase(LABELS[result])}))
    if injury.get("rerolled"):
        rolls = ", ".join(str(r) for r in injury["rerolled"])
        words.append(Phrase(N_("re-rolled {rolls}"), {"rolls": rolls}))
    f = replace(f, injuries=f.injuries + (result,))
    gold = 0
    if result == "captured":
        # his gear goes with him: back when he is ransomed or exchanged
        f = replace(f, status="captured", items=(), held_items=f.items)
        words.append(Phrase(N_("gear lost")))
    elif result in ("dead", "robbed"):
        status = "dead" if result == "dead" else f.status
        f = replace(f, status=status, items=())
        words.append(Phrase(N_("gear lost")))
    elif result == "multiple_injuries":
        words.append(_d6(injury["d6"], Phrase(N_("{n} more injuries"), {"n": injury["d6"]})))
        for one in injury["injuries"]:
            if not f.in_warband:
                break
            f, won = _injure(f, one, words)
            gold += won
    elif result in STAT_LOSS:
        stat = STAT_LOSS[result]
        stats = dict(f.stats)
        stats[stat] = max(0, stats.get(stat, 0) - 1)
        f = replace(f, stats=stats)
        words.append(Phrase(N_("{stat} -1"), {"stat": stat}))
        if result == "blinded_in_one_eye" and f.injuries.count(result) >= 2:
            f = replace(f, status="retired", items=())
            words.append(Phrase(N_("blind in both eyes: retires")))
    elif result in ("arm_wound", "smashed_leg"):
        if injury["d6"] == 1:
            trait = "one_hand_weapon" if result == "arm_wound" else "no_running"
            f = replace(f, traits=_add(f.traits, trait))
            words.append(_d6(1, Phrase(TRAITS[trait])))
        else:
            f = replace(f, misses_games=max(f.misses_games, 1))
            words.append(_d6(injury["d6"], Phrase(N_("misses the next game"))))
    elif result == "madness":
        trait = "stupidity" if injury["d6"] <= 3 else "frenzy"
        f = replace(f, traits=_add(f.traits, trait))
        words.append(_d6(injury["d6"], Phrase(TRAITS[trait])))
    elif result == "old_battle_wound":
        f = replace(f, traits=_add(f.traits, "old_battle_wound"))
    elif result == "deep_wound":
        f = replace(f, misses_games=max(f.misses_games, injury["d3"]))
        words.append(Phrase(N_("misses {n} games"), {"n": injury["d3"]}))
    elif result == "bitter_enmity":
        whom = HATRED[injury["d6"]]
        f = replace(f, hatred=_add(f.hatred, whom))
        words.append(_d6(injury["d6"], Phrase(HATRED_OF[whom])))
    elif result == "hardened":
        f = replace(f, traits=_add(f.traits, "immune_to_fear"))
        words.append(Phrase(TRAITS["immune_to_fear"]))
    elif result == "horrible_scars":
        f = replace(f, traits=_add(f.traits, "causes_fear"))
        words.append(Phrase(TRAITS["causes_fear"]))
    elif result == "sold_to_the_pits":
        if injury["won"]:
            f = replace(f, experience=f.experience + 2)
            gold += 50
            words.append(Phrase(N_("won the pit fight: 50 gc, +2 experience")))
        else:
            f = replace(f, items=())
            words.append(Phrase(N_("lost the pit fight and all gear, then")))
            f, won = _injure(f, injury["again"], words)
            gold += won
    elif result == "survives_against_the_odds":
        f = replace(f, experience=f.experience + 1)
        words.append(Phrase(N_("+1 experience")))
    return f, gold
