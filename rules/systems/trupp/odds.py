"""Trupp matchup odds, docs/rules/trupp.md ("Tests"): one character attacks another, counted
exactly (``odds``). Registers no system; the characters come from ``trupp_characters``.

Every test is 2D6 + active skill >= passive skill; a double 1 always fails and a double
6 always passes. An attack hits on KG (N) (melee) or KG (F) (ranged) against AGI, then
wounds on STÄ against WID. An attack action is #A (N) or #A (F) attacks. The row of the
sheet beside the wounds taken applies, so a target's AGI and WID may drop as it is
wounded within one action: the chances follow it wound by wound. One wound more than
the sheet's last row takes a character out. Cover (ranged only): a quarter hidden -2
KG (F), more than three quarters hidden -4 (the pack's ``play_facts.cover_modifier``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.systems import odds
from rules.systems.matchup import Problems, check_attacks
from rules.systems.trupp.characters import Carried, Character, check_weapon, read_side

SKILLS = {"melee": ("KG_N", "A_N"), "ranged": ("KG_F", "A_F")}
LABELS = {"KG_N": "KG (N)", "A_N": "#A (N)", "KG_F": "KG (F)", "A_F": "#A (F)",
          "STAE": "STÄ", "WID": "WID", "AGI": "AGI"}
COVER = {"quarter_hidden": -2, "mostly_hidden": -4}
NOT_TRUPP = ("charge", "style", "opportunity", "knocked_down", "beyond_range")
OF_TWO = odds.ROLLS_2D6 ** 2  # a hit roll and a wound roll


def passes(active: int, passive: int) -> int:
    """Rolls of 36 that pass 2D6 + active >= passive (double 1 fails, double 6 passes)."""
    return odds.count_2d6(active, passive, doubles_decide=True)


def one_attack(a: Character, d: Character, attack: str, cover: int,
               left: int | None = None) -> tuple[int, int]:
    """(hit rolls, wound rolls), each of 36, against ``d`` with ``left`` wounds to take."""
    skill, _number = SKILLS[attack]
    hits = passes((a.stat(skill) or 0) + cover, d.stat("AGI", left) or 0)
    wounds = passes(a.stat("STAE") or 0, d.stat("WID", left) or 0)
    return hits, wounds


def matchup(a: Character, d: Character, attack: str = "melee", cover: int = 0,
            actions: int = 1, weapon: Carried | None = None) -> dict:
    """The odds of one attack and of one attack action, and of taking the target out
    within 1..``actions`` attack actions."""
    _skill, number = SKILLS[attack]
    per_action = a.stat(number) or 0

    def attack_step(left: int) -> Mapping[int, Fraction]:
        hits, wounds = one_attack(a, d, attack, cover, left)
        wound = Fraction(hits * wounds, OF_TWO)
        return {0: 1 - wound, 1: wound}

    def action_step(left: int) -> Mapping[int, Fraction]:
        return odds.lost_within(left, attack_step, per_action)

    hits, wounds = one_attack(a, d, attack, cover)
    wound = Fraction(hits * wounds, OF_TWO)
    action = action_step(d.left)
    within = odds.take_out_within(d.left, action_step, actions)
    mean = odds.expected(action)
    per_attack = odds.take_out_within(d.left, attack_step, 1)[0]
    return {
        "hit_probability": float(Fraction(hits, 36)),
        "hit_fraction": f"{hits}/36",
        "wound_test_fraction": f"{wounds}/36",
        "wound_probability": float(wound),
        "wound_fraction": f"{hits * wounds}/{OF_TWO}",
        "take_out_per_attack_probability": float(per_attack),
        "attacks_per_action": per_action,
        "damage_distribution": odds.as_numbers(action),
        "expected_damage": float(mean),
        "take_out_probability": float(within[0]),
        "take_out_within": {str(i): float(p) for i, p in enumerate(within, 1)},
        "attacks": actions,
        "wounds_to_take_out": d.left,
        "attacker": {"name": a.name, "wounds_taken": a.wounds_taken, "row": dict(a.row())},
        "defender": {"name": d.name, "wounds_taken": d.wounds_taken, "row": dict(d.row())},
        "weapon": {"name": weapon.name, "ranged": weapon.ranged} if weapon else None,
        "steps": steps(a, d, attack, cover, weapon, (hits, wounds), mean, within, per_action),
    }


def steps(a: Character, d: Character, attack: str, cover: int, weapon: Carried | None,
          counts: tuple[int, int], mean: Fraction, within: list[Fraction],
          per_action: int) -> list[str]:
    """The working, in plain words (English)."""
    skill, number = SKILLS[attack]
    hits, wounds = counts
    out = [
        f"{a.name} ({_wounds(a.wounds_taken)} taken) attacks {d.name} "
        f"({_wounds(d.wounds_taken)} taken), {attack}: {per_action} attacks per attack action "
        f"({LABELS[number]})."
    ]
    if weapon is not None:
        out.append(f"{weapon.name}: its modifiers are in the effective stats already.")
    if cover:
        out.append(f"The target is in cover: {cover} {LABELS[skill]}.")
    doubles = "a double 1 always fails, a double 6 always passes"
    out.append(
        f"To hit: 2D6 + {LABELS[skill]} {(a.stat(skill) or 0) + cover} >= AGI "
        f"{d.stat('AGI') or 0}: {hits} of 36 rolls ({doubles})."
    )
    out.append(
        f"To wound: 2D6 + STÄ {a.stat('STAE') or 0} >= WID {d.stat('WID') or 0}: "
        f"{wounds} of 36 rolls."
    )
    out.append(
        f"One attack wounds with {hits} x {wounds} of 1296 "
        f"({odds.percent(Fraction(hits * wounds, OF_TWO))})."
    )
    out.append(
        f"{d.name} is out after {_wounds(d.left)} more (one more than the last row of its "
        "sheet)."
    )
    rows = [(r.get("AGI"), r.get("WID")) for r in d.rows[d.wounds_taken:]]
    if len(set(rows)) > 1:
        out.append(f"{d.name}'s AGI and WID change with its row as it is wounded; "
                   "the chances below follow it wound by wound.")
    out.append(f"Expected wounds per attack action: {float(mean):.2f}.")
    out.append(
        f"One attack action takes {d.name} out with {odds.percent(within[0])}"
        + (f", {len(within)} attack actions with {odds.percent(within[-1])}."
           if len(within) > 1 else ".")
    )
    return out


def _wounds(n: int) -> str:
    return f"{n} wound" if n == 1 else f"{n} wounds"


def resolve(catalogue, request) -> dict:
    """The matchup a request asks for (``matchup``'s shape), against the loaded data.

    Raises MatchupError naming every field that cannot be fought as asked.
    """
    problems = Problems()
    attacker = read_side(catalogue, request.get("attacker"), "attacker", problems)
    defender = read_side(catalogue, request.get("defender"), "defender", problems)
    attack = request.get("attack") or "melee"
    modifiers = request.get("modifiers") or {}
    for name in NOT_TRUPP:
        if modifiers.get(name):
            problems.add(f"modifiers.{name}", f"Trupp has no {name.replace('_', ' ')} rule")
    cover = cover_modifier(catalogue, attack, modifiers.get("cover"), problems)
    weapon = None
    if attacker is not None:
        skill, number = SKILLS.get(attack, (None, None))
        if skill is None:
            problems.add("attack", "an attack is melee or ranged")
        elif attacker.stat(skill) is None or attacker.stat(number) is None:
            problems.add("attack", f"{attacker.name} has no {attack} attacks "
                         f"({LABELS[skill]} and {LABELS[number]})", "no_weapon")
        else:
            weapon = check_weapon(attacker, request.get("weapon"), attack, problems)
    actions = check_attacks(request.get("attacks"), problems)
    problems.raise_if_any()
    return matchup(attacker, defender, attack, cover, actions, weapon)


def cover_modifier(catalogue, attack: str, cover, problems: Problems) -> int:
    """The KG (F) modifier of the target's cover (the pack's figures, else the rules')."""
    if not cover:
        return 0
    facts = (catalogue.attributes.get("play_facts") or {}).get("cover_modifier") or {}
    table = {**COVER, **{k: v for k, v in facts.items() if isinstance(v, int)}}
    if cover not in table:
        problems.add("modifiers.cover", f"cover is one of {', '.join(table)}")
        return 0
    if attack != "ranged":
        problems.add("modifiers.cover", "cover counts against ranged attacks only")
        return 0
    return table[cover]

