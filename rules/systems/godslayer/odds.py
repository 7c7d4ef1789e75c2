"""Godslayer matchup odds, docs/rules/godslayer.md ("Play facts"): one profile card attacks another,
counted exactly (``odds``). Registers no system; the fighters come from
``godslayer_fighters``.

- Melee hit: 2D6 + MEL >= DEF. A charge gives +1 MEL and +1 STR; without one the
  attacker picks a style: offensive +1 MEL or powerful +1 STR. An opportunity attack
  adds +2 to hit and +2 to damage and takes no style (and is no charge).
- Ranged hit: 2D6 + RAN >= DEF; beyond the weapon's range, up to double it, -1 RAN and
  -1 STR (further is a miss, so not asked).
- A knocked-down target has -2 DEF.
- Damage: 2D6 + STR - ARM hit points lost, never fewer than 0 (STR is the weapon's);
  a target with a save ignores the damage on D6 >= its value.
- A model in the orange part of its track (hit points left <= ``orange_from``) is
  severely wounded: -1 to every base stat (MEL, RAN, DEF, ARM ...; not the weapon's STR).
  The target can become severely wounded between attacks: the chance to take it out
  with k attacks follows its hit points attack by attack.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.systems import odds
from rules.systems.godslayer.fighters import Fighter, Weapon, choose_weapon, read_side
from rules.systems.matchup import Problems, check_attacks, roll_needed

MELEE, RANGED = "melee", "ranged"
STYLES = ("offensive", "powerful")


@dataclass(frozen=True, slots=True)
class Situation:
    attack: str = MELEE
    charge: bool = False
    style: str | None = None
    opportunity: bool = False
    knocked_down: bool = False
    beyond_range: bool = False


def conflicts(situation: Situation) -> list[tuple[str, str]]:
    """(modifier, why) for every modifier that cannot go with the attack as asked."""
    s = situation
    found = []
    if s.attack == RANGED:
        for name in ("charge", "opportunity"):
            if getattr(s, name):
                found.append((name, f"a {name.replace('_', ' ')} is a melee attack"))
        if s.style:
            found.append(("style", "a style is chosen for melee attacks only"))
    else:
        if s.beyond_range:
            found.append(("beyond_range", "only a ranged attack can be beyond range"))
        if s.style and s.charge:
            found.append(("style", "a charge gives +1 MEL and +1 STR instead of a style"))
        if s.style and s.opportunity:
            found.append(("style", "an opportunity attack takes no style"))
        if s.charge and s.opportunity:
            found.append(("opportunity", "an opportunity attack is not a charge"))
    return found


@dataclass(frozen=True, slots=True)
class Attack:
    """The numbers of one attack against a target with ``left`` hit points."""

    skill_name: str
    skill: int  # MEL or RAN with every modifier
    hit_bonus: int  # the opportunity attack's +2
    defence: int
    hits: int  # of the 36 rolls
    strength: int  # the weapon's STR with every modifier
    damage_bonus: int
    armour: int
    save: int | None
    damage: odds.Distribution  # hit points lost, a miss being 0

    @property
    def needed(self) -> int:
        """The 2D6 total that hits."""
        return self.defence - self.skill - self.hit_bonus

    @property
    def hit_chance(self) -> Fraction:
        return Fraction(self.hits, odds.ROLLS_2D6)


def attack(attacker: Fighter, defender: Fighter, weapon: Weapon, s: Situation,
           left: int | None = None) -> Attack:
    """One attack of ``attacker`` with ``weapon`` on ``defender`` with ``left`` hit points
    (its current ones by default)."""
    left = defender.left if left is None else left
    own_wound = 1 if attacker.severely_wounded() else 0
    their_wound = 1 if defender.severely_wounded(left) else 0
    melee = s.attack == MELEE
    skill_name = "MEL" if melee else "RAN"
    skill, strength = _situation(attacker.stats.get(skill_name, 0) - own_wound, weapon.str, s)
    bonus = 2 if melee and s.opportunity else 0
    defence = defender.stats.get("DEF", 0) - their_wound - (2 if s.knocked_down else 0)
    armour = defender.stats.get("ARM", 0) - their_wound
    hits = odds.count_2d6(skill + bonus, defence)
    return Attack(
        skill_name, skill, bonus, defence, hits, strength, bonus, armour, defender.save,
        _damage(Fraction(hits, odds.ROLLS_2D6), strength + bonus - armour, defender.save),
    )


def _situation(skill: int, strength: int, s: Situation) -> tuple[int, int]:
    """Skill and strength after the attack's situation: in melee a charge (+1 both), an
    offensive (+1 skill) or powerful (+1 strength) style; at range beyond its range
    (-1 both)."""
    if s.attack != MELEE:
        return (skill - 1, strength - 1) if s.beyond_range else (skill, strength)
    if s.charge:
        return skill + 1, strength + 1
    if s.style == "offensive":
        return skill + 1, strength
    if s.style == "powerful":
        return skill, strength + 1
    return skill, strength


def _damage(hit: Fraction, plus: int, save: int | None) -> odds.Distribution:
    """Hit points lost: 0 on a miss; on a hit 2D6 + ``plus``, at least 0, unless saved."""
    saved = Fraction(odds.count_d6(save), 6) if save is not None else Fraction(0)
    dist: odds.Distribution = {}
    odds.add_to(dist, 0, 1 - hit)
    for total, chance in odds.two_d6_totals().items():
        lost, p = max(0, total + plus), hit * chance
        if lost and saved:
            odds.add_to(dist, 0, p * saved)
            p *= 1 - saved
        odds.add_to(dist, lost, p)
    return dict(sorted(dist.items()))


def matchup(attacker: Fighter, defender: Fighter, weapon: Weapon, s: Situation,
            attacks: int = 1) -> dict:
    """The odds of one attack, and of taking the target out within 1..``attacks``."""
    first = attack(attacker, defender, weapon, s)
    within = odds.take_out_within(
        defender.left, lambda left: attack(attacker, defender, weapon, s, left).damage, attacks
    )
    mean = odds.expected(first.damage)
    return {
        "hit_probability": float(first.hit_chance),
        "hit_fraction": f"{first.hits}/{odds.ROLLS_2D6}",
        "hit_roll_needed": first.needed,
        "damage_distribution": odds.as_numbers(first.damage),
        "expected_damage": float(mean),
        "take_out_probability": float(within[0]),
        "take_out_fraction": str(within[0]),
        "take_out_within": {str(i): float(p) for i, p in enumerate(within, 1)},
        "attacks": attacks,
        "hit_points_left": defender.left,
        "attacker": {"name": attacker.name, "skill": first.skill_name, "value": first.skill,
                     "severely_wounded": attacker.severely_wounded()},
        "defender": {"name": defender.name, "DEF": first.defence, "ARM": first.armour,
                     "save": defender.save, "severely_wounded": defender.severely_wounded()},
        "weapon": {"name": weapon.name, "type": weapon.type, "str": first.strength,
                   "range": weapon.range},
        "steps": steps(attacker, defender, weapon, s, first, mean, within),
    }


def steps(a: Fighter, d: Fighter, weapon: Weapon, s: Situation, first: Attack,
          mean: Fraction, within: list[Fraction]) -> list[str]:
    """The working, in plain words (English)."""
    out = [f"{a.name} attacks {d.name} ({s.attack}) with {weapon.name}, STR {weapon.str}."]
    out += _modifier_steps(a, d, s, first)
    out.append(
        f"To hit: 2D6 + {first.skill_name} {first.skill}"
        + (f" + {first.hit_bonus}" if first.hit_bonus else "")
        + f" >= DEF {first.defence}: {roll_needed(first.needed)}, "
        f"{first.hits} of 36 rolls ({odds.percent(first.hit_chance)})."
    )
    plus = first.strength + first.damage_bonus - first.armour
    low, high = max(0, 2 + plus), max(0, 12 + plus)
    out.append(
        f"Damage on a hit: 2D6 + STR {first.strength}"
        + (f" + {first.damage_bonus}" if first.damage_bonus else "")
        + f" - ARM {first.armour} hit points, never fewer than 0: {low} to {high}."
    )
    if first.save is not None:
        out.append(
            f"{d.name} saves on D6 >= {first.save} ({odds.count_d6(first.save)} of 6): "
            "the damage of a saved hit is ignored."
        )
    out.append(f"Expected hit points lost per attack: {float(mean):.2f}.")
    out.append(
        f"{d.name} has {d.left} of {d.hit_points} hit points left: one attack takes it out "
        f"with {odds.percent(within[0])}"
        + (f", {len(within)} attacks with {odds.percent(within[-1])}." if len(within) > 1
           else ".")
    )
    if d.orange_from and not d.severely_wounded() and len(within) > 1:
        out.append(
            f"With {d.orange_from} hit points left or fewer {d.name} is severely wounded "
            "(-1 DEF, -1 ARM) for the attacks after that; the chances above count it."
        )
    return out


def _modifier_steps(a: Fighter, d: Fighter, s: Situation, first: Attack) -> list[str]:
    out = []
    if s.charge:
        out.append("Charge: +1 MEL and +1 STR.")
    if s.style == "offensive":
        out.append("Offensive style: +1 MEL.")
    if s.style == "powerful":
        out.append("Powerful style: +1 STR.")
    if s.opportunity:
        out.append("Opportunity attack: +2 to hit and +2 to damage.")
    if s.beyond_range:
        out.append("Beyond range, up to double range: -1 RAN and -1 STR.")
    if s.knocked_down:
        out.append(f"{d.name} is knocked down: -2 DEF.")
    if a.severely_wounded():
        out.append(
            f"{a.name} is severely wounded ({a.left} of {a.hit_points} hit points left): "
            f"-1 {first.skill_name}."
        )
    if d.severely_wounded():
        out.append(
            f"{d.name} is severely wounded ({d.left} of {d.hit_points} hit points left): "
            "-1 DEF and -1 ARM."
        )
    return out


def resolve(catalogue, request) -> dict:
    """The matchup a request asks for (``matchup``'s shape), against the loaded data.

    Raises MatchupError naming every field that cannot be fought as asked.
    """
    problems = Problems()
    attacker = read_side(catalogue, request.get("attacker"), "attacker", problems)
    defender = read_side(catalogue, request.get("defender"), "defender", problems)
    modifiers = request.get("modifiers") or {}
    attack_kind = request.get("attack")
    weapon = None
    if attacker is not None:
        weapon = choose_weapon(attacker, request.get("weapon"), attack_kind, problems)
    situation = Situation(
        attack=attack_kind or (weapon.type if weapon else MELEE),
        charge=bool(modifiers.get("charge")),
        style=modifiers.get("style") or None,
        opportunity=bool(modifiers.get("opportunity")),
        knocked_down=bool(modifiers.get("knocked_down")),
        beyond_range=bool(modifiers.get("beyond_range")),
    )
    if situation.style not in (None, *STYLES):
        problems.add("modifiers.style", f"a style is one of {', '.join(STYLES)}")
    for name, why in conflicts(situation):
        problems.add(f"modifiers.{name}", why)
    attacks = check_attacks(request.get("attacks"), problems)
    problems.raise_if_any()
    return matchup(attacker, defender, weapon, situation, attacks)
