"""The Mordheim serious injury table (D66), docs/rules/mordheim.md: a hero's injury
checked with its missing rolls made (``resolve_injury``), and a resolved injury applied
to the fighter (``injure``). The event log around it is ``campaign``; the format of a
resolved injury is described there."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace

from rules.engine.violations import N_, Phrase
from rules.systems.mordheim.errors import join_path, refuse
from rules.systems.mordheim.roster import Fighter

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
    return is_int(value) and 1 <= value // 10 <= 6 and 1 <= value % 10 <= 6


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def checked_die(value, path: str, sides: int, name: str):
    if value is None:
        return None
    if not is_int(value) or not 1 <= value <= sides:
        refuse(path, f"{value!r} is not a {name} roll (1-{sides})")
    return value


def _d66(value, path: str):
    if value is None:
        return None
    if not is_d66(value):
        refuse(path, f"{value!r} is not a D66 roll (11-66, each digit 1-6)")
    return value


class Dice:
    """The rolls resolve_event makes: from ``rng``, or an error if there is none."""

    def __init__(self, rng):
        self.rng = rng

    def roll(self, sides: int, path: str) -> int:
        if self.rng is None:
            refuse(path, "is missing (resolve the event first)", "required")
        return self.rng.randint(1, sides)

    def d66(self, path: str) -> int:
        return self.roll(6, path) * 10 + self.roll(6, path)

    def d3(self, path: str) -> int:
        return (self.roll(6, path) + 1) // 2


def _takes(result: str, key: str) -> bool:
    """Whether an injury with this result takes the field ``key`` (a sub-roll, the
    injuries of a multiple injury, the pit fight's outcome)."""
    return key == SUB_ROLL.get(result) or (result == "multiple_injuries" and key == "injuries") or (
        result == "sold_to_the_pits" and key in ("won", "again"))


def _table_roll(spec: Mapping, path: str, dice: Dice, reroll: frozenset) -> tuple[int, list]:
    """The D66 roll on the table: typed (and then never one that is re-rolled) or rolled
    until it lands on a result that stands; with the discarded rolls."""
    at = join_path(path, "roll")
    roll = _d66(spec.get("roll"), at)
    rerolled = list(spec.get("rerolled") or [])
    if roll is not None and injury_result(roll) in reroll:
        refuse(at, f"{roll} ({LABELS[injury_result(roll)]}) is re-rolled in multiple "
               "injuries (dead 11-15, multiple 16-21 and captured 61 are)", "rerolled")
    while roll is None:
        roll = dice.d66(at)
        if injury_result(roll) in reroll:
            rerolled.append(roll)
            roll = None
    return roll, rerolled


def _sub_roll(spec: Mapping, path: str, dice: Dice, result: str) -> dict:
    """The one extra die the result asks for, typed or rolled."""
    sub = SUB_ROLL.get(result)
    at = join_path(path, sub or "")
    if sub == "d6":
        return {"d6": checked_die(spec.get("d6"), at, 6, "D6") or dice.roll(6, at)}
    if sub == "d3":
        return {"d3": checked_die(spec.get("d3"), at, 3, "D3") or dice.d3(at)}
    return {}


def _pit_fight(spec: Mapping, path: str, dice: Dice) -> dict:
    """Sold to the pits: the fight won or lost (a D6 of 4+ stands in when not given),
    and when lost another injury, rolled on the table."""
    at = lambda name: join_path(path, name)  # noqa: E731
    won = spec.get("won")
    if won is None:
        won = dice.roll(6, at("won")) >= 4
    if not isinstance(won, bool):
        refuse(at("won"), f"must be true or false, not {won!r}")
    if won and "again" in spec:
        refuse(at("again"), "a won pit fight rolls no further injury")
    if won:
        return {"won": won}
    return {"won": won, "again": resolve_injury_with(spec.get("again") or {}, at("again"), dice)}


def resolve_injury_with(spec, path: str, dice: Dice, reroll: frozenset = frozenset()) -> dict:
    """Check one injury and fill in its missing rolls from ``dice``; a new dict."""
    if not isinstance(spec, Mapping):
        refuse(path, "must be an object with a 'roll'")
    out = copy.deepcopy(dict(spec))
    roll, rerolled = _table_roll(spec, path, dice, reroll)
    result = injury_result(roll)
    out.update(roll=roll, result=result)
    for key in ("d6", "d3", "injuries", "won", "again"):
        if key in spec and not _takes(result, key):
            refuse(join_path(path, key), f"roll {roll} ({LABELS[result]}) takes no '{key}'")
    out.update(_sub_roll(spec, path, dice, result))
    if rerolled:
        out["rerolled"] = rerolled
    if result == "multiple_injuries":
        out["injuries"] = _resolve_multiple(spec, out["d6"], path, dice)
    if result == "sold_to_the_pits":
        out.update(_pit_fight(spec, path, dice))
    return out


def resolve_injury(spec, path: str, rng) -> dict:
    """One serious injury of a hero checked, its missing rolls made with ``rng``."""
    return resolve_injury_with(spec, path, Dice(rng))


def _resolve_multiple(spec: Mapping, count: int, path: str, dice: Dice):
    typed = spec.get("injuries") or []
    at = join_path(path, "injuries")
    if not isinstance(typed, list):
        refuse(at, "must be a list of injuries")
    if len(typed) > count:
        refuse(at, f"{len(typed)} injuries for a D6 of {count}")
    return [
        resolve_injury_with(typed[k] if k < len(typed) else {}, f"{at}[{k}]", dice, REROLLED)
        for k in range(count)
    ]



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


def _captured(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    # his gear goes with him: back when he is ransomed or exchanged
    words.append(Phrase(N_("gear lost")))
    return replace(f, status="captured", items=(), held_items=f.items), 0


def _gear_lost(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    """Dead (and his gear with him) or robbed (gear gone, the hero stays)."""
    status = "dead" if injury["result"] == "dead" else f.status
    words.append(Phrase(N_("gear lost")))
    return replace(f, status=status, items=()), 0


def _multiple(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    words.append(_d6(injury["d6"], Phrase(N_("{n} more injuries"), {"n": injury["d6"]})))
    gold = 0
    for one in injury["injuries"]:
        if not f.in_warband:
            break
        f, won = injure(f, one, words)
        gold += won
    return f, gold


def _stat_loss(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    result = injury["result"]
    stat = STAT_LOSS[result]
    stats = dict(f.stats)
    stats[stat] = max(0, stats.get(stat, 0) - 1)
    f = replace(f, stats=stats)
    words.append(Phrase(N_("{stat} -1"), {"stat": stat}))
    if result == "blinded_in_one_eye" and f.injuries.count(result) >= 2:
        f = replace(f, status="retired", items=())
        words.append(Phrase(N_("blind in both eyes: retires")))
    return f, 0


def _limb_wound(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    """Arm wound or smashed leg: on a 1 a lasting trait, else he misses the next game."""
    if injury["d6"] == 1:
        trait = "one_hand_weapon" if injury["result"] == "arm_wound" else "no_running"
        words.append(_d6(1, Phrase(TRAITS[trait])))
        return replace(f, traits=_add(f.traits, trait)), 0
    words.append(_d6(injury["d6"], Phrase(N_("misses the next game"))))
    return replace(f, misses_games=max(f.misses_games, 1)), 0


def _madness(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    trait = "stupidity" if injury["d6"] <= 3 else "frenzy"
    words.append(_d6(injury["d6"], Phrase(TRAITS[trait])))
    return replace(f, traits=_add(f.traits, trait)), 0


def _old_battle_wound(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    return replace(f, traits=_add(f.traits, "old_battle_wound")), 0


def _deep_wound(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    words.append(Phrase(N_("misses {n} games"), {"n": injury["d3"]}))
    return replace(f, misses_games=max(f.misses_games, injury["d3"])), 0


def _bitter_enmity(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    whom = HATRED[injury["d6"]]
    words.append(_d6(injury["d6"], Phrase(HATRED_OF[whom])))
    return replace(f, hatred=_add(f.hatred, whom)), 0


def _gains_trait(trait: str):
    """Hardened and horrible scars: a trait, said by its name."""
    def gain(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
        words.append(Phrase(TRAITS[trait]))
        return replace(f, traits=_add(f.traits, trait)), 0
    return gain


def _sold_to_the_pits(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    if injury["won"]:
        words.append(Phrase(N_("won the pit fight: 50 gc, +2 experience")))
        return replace(f, experience=f.experience + 2), 50
    words.append(Phrase(N_("lost the pit fight and all gear, then")))
    return injure(replace(f, items=()), injury["again"], words)


def _against_the_odds(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    words.append(Phrase(N_("+1 experience")))
    return replace(f, experience=f.experience + 1), 0


# What each result does to the fighter; a result not listed (full recovery) does nothing.
_EFFECTS = {
    "captured": _captured,
    "dead": _gear_lost,
    "robbed": _gear_lost,
    "multiple_injuries": _multiple,
    **{result: _stat_loss for result in STAT_LOSS},
    "arm_wound": _limb_wound,
    "smashed_leg": _limb_wound,
    "madness": _madness,
    "old_battle_wound": _old_battle_wound,
    "deep_wound": _deep_wound,
    "bitter_enmity": _bitter_enmity,
    "hardened": _gains_trait("immune_to_fear"),
    "horrible_scars": _gains_trait("causes_fear"),
    "sold_to_the_pits": _sold_to_the_pits,
    "survives_against_the_odds": _against_the_odds,
}


def injure(f: Fighter, injury: Mapping, words: list[Phrase]) -> tuple[Fighter, int]:
    """Apply one resolved injury, saying what it did in ``words``; returns the fighter
    and the gold won."""
    result, roll = injury["result"], injury["roll"]
    words.append(Phrase(N_("{roll} {injury}"), {"roll": roll, "injury": Phrase(LABELS[result])}))
    if injury.get("rerolled"):
        rolls = ", ".join(str(r) for r in injury["rerolled"])
        words.append(Phrase(N_("re-rolled {rolls}"), {"rolls": rolls}))
    f = replace(f, injuries=f.injuries + (result,))
    effect = _EFFECTS.get(result)
    return effect(f, injury, words) if effect is not None else (f, 0)
