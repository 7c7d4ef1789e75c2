"""Kemet: Blood and Sand, one battle, docs/rules/kemet.md: a pure resolver.

Kemet has no army lists to validate (only ``unknown_key`` runs); the system is the
battle resolver ``resolve_battle(catalogue, data)``. The pack's items are the battle
cards (kind ``battle_card``: strength, shield, damage, sacrifice, optional critical)
and divine interventions (kind ``divine_intervention``: strength/damage/shield/critical
bonuses, ``prayer_cost``, ``battle`` false for a day card, ``bluff`` for the bluff card).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.catalogue import Catalogue, Item
from rules.engine.common import UnknownKeyValidator
from rules.engine.document import Entry, ListDocument
from rules.engine.validation import SystemRules, register
from rules.engine.violations import N_, Phrase

SYSTEM = "kemet"
SIDES = ("attacker", "defender")
VALUES = ("strength", "damage", "shield", "critical", "sacrifice")
BONUSES = ("strength", "damage", "shield", "critical")
SIDE_KEYS = frozenset({
    "soldiers", "card", "card_values", "bonus", "interventions", "prayer_points",
    "in_own_city_district",
})
ZONE_REWARDS = ("temple", "pyramid")
BATTLE_CARD, INTERVENTION = "battle_card", "divine_intervention"


class BattleError(ValueError):
    """The battle cannot be fought as given; ``errors`` is a list of (path, message, code)
    in English (the API's words), ``phrases`` the same with each message a ``Phrase``, to
    be said in the reader's language (the page).

    Codes: ``required``, ``invalid``, ``unknown_field``, ``unknown_key`` and
    ``card_not_allowed`` (a day card, or a card of the wrong kind, played in battle).
    """

    def __init__(self, phrases: list[tuple[str, Phrase, str]]):
        self.phrases = phrases
        self.errors = [(path, str(phrase), code) for path, phrase, code in phrases]
        super().__init__("; ".join(f"{path or '(battle)'}: {msg}"
                                   for path, msg, _ in self.errors))


def price_entry(catalogue: Catalogue, document: ListDocument, entry: Entry) -> int:
    return 0


def limit(catalogue: Catalogue, document: ListDocument) -> int | None:
    return None


RULES = register(
    SystemRules(
        key=SYSTEM,
        validators={UnknownKeyValidator.code: UnknownKeyValidator},
        price_entry=price_entry,
        limit=limit,
    )
)


# -- reading the input ----------------------------------------------------------------


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _attr(item: Item, key: str) -> int:
    return int(item.attributes.get(key) or 0)


class _Reader:
    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue
        self.errors: list[tuple[str, Phrase, str]] = []

    def error(self, path: str, message: str, code: str = "invalid", **params) -> None:
        """``message``: marked with N_, its ``{names}`` filled from ``params``."""
        self.errors.append((path, Phrase(message, params), code))

    def count(self, data: Mapping, key: str, path: str, default=None) -> int:
        value = data.get(key)
        if value is None:
            value = default
        if value is None:
            self.error(path, N_("is required"), "required")
            return 0
        if not _is_count(value):
            self.error(path, N_("must be a whole number >= 0, not {value}"), value=repr(value))
            return 0
        return value

    def numbers(self, data, keys, path: str) -> dict[str, int]:
        """An object of whole numbers >= 0 (missing ones are 0)."""
        if data is None:
            return dict.fromkeys(keys, 0)
        if not isinstance(data, Mapping):
            self.error(path, N_("must be an object, not {value}"), value=repr(data))
            return dict.fromkeys(keys, 0)
        for key in data:
            if key not in keys:
                self.error(f"{path}.{key}", N_("unknown field; one of {keys}"),
                           "unknown_field", keys=", ".join(keys))
        return {k: self.count(data, k, f"{path}.{k}", 0) for k in keys}

    def item(self, key, path: str, kind: str) -> Item | None:
        """A known, battle-playable card of ``kind``."""
        if not isinstance(key, str) or not key:
            self.error(path, N_("must be a card key, not {value}"), "required" if key is None
                       else "invalid", value=repr(key))
            return None
        item = self.catalogue.items.get(key)
        if item is None:
            self.error(path, N_("unknown card '{key}'"), "unknown_key", key=key)
            return None
        if item.kind == INTERVENTION and item.attributes.get("battle") is False:
            self.error(path, N_("{name} is a day card: it may not be played in battle"),
                       "card_not_allowed", name=item.name)
            return None
        if item.kind != kind:
            self.error(path, N_("{name} is not a battle card") if kind == BATTLE_CARD
                       else N_("{name} is not a divine intervention"), "card_not_allowed",
                       name=item.name)
            return None
        return item

    def card_values(self, data: Mapping, path: str) -> dict[str, int]:
        """The battle card's values: typed (``card_values``) or the named card's."""
        if data.get("card_values") is not None:
            return self.numbers(data["card_values"], VALUES, f"{path}.card_values")
        if data.get("card") is None:
            self.error(f"{path}.card", N_("give a battle card key or card_values"), "required")
            return dict.fromkeys(VALUES, 0)
        item = self.item(data["card"], f"{path}.card", BATTLE_CARD)
        return {k: _attr(item, k) for k in VALUES} if item else dict.fromkeys(VALUES, 0)

    def interventions(self, picks, path: str) -> list[Item]:
        """The divine interventions played, in order (each a key or ``{"key": ...}``)."""
        picks = picks or []
        if not isinstance(picks, list):
            self.error(f"{path}.interventions", N_('must be a list of {{"key": ...}}'))
            return []
        played = []
        for j, pick in enumerate(picks):
            key = pick.get("key") if isinstance(pick, Mapping) else pick
            item = self.item(key, f"{path}.interventions[{j}].key", INTERVENTION)
            if item is not None:
                played.append(item)
        return played

    def side(self, data, path: str) -> dict | None:
        if not isinstance(data, Mapping):
            self.error(path, N_("is required") if data is None else N_("must be an object"),
                       "required" if data is None else "invalid")
            return None
        for key in data:
            if key not in SIDE_KEYS:
                self.error(f"{path}.{key}", N_("unknown field"), "unknown_field")
        card_key = data.get("card")
        card = self.card_values(data, path)
        interventions = self.interventions(data.get("interventions"), path)
        district = data.get("in_own_city_district", False)
        if not isinstance(district, bool):
            self.error(f"{path}.in_own_city_district", N_("must be true or false, not {value}"),
                       value=repr(district))
        return {
            "soldiers": self.count(data, "soldiers", f"{path}.soldiers"),
            "card": card_key if isinstance(card_key, str) else None,
            "card_values": card,
            "bonus": self.numbers(data.get("bonus"), BONUSES, f"{path}.bonus"),
            "interventions": interventions,
            "prayer_points": self.count(data, "prayer_points", f"{path}.prayer_points", 0),
            "in_own_city_district": district is True,
        }


def _read(catalogue: Catalogue, data) -> tuple[dict, str | None]:
    reader = _Reader(catalogue)
    if not isinstance(data, Mapping):
        raise BattleError([("", Phrase(N_("the battle must be an object with attacker and "
                                          "defender")), "invalid")])
    for key in data:
        if key not in (*SIDES, "zone_reward"):
            reader.error(key, N_("unknown field"), "unknown_field")
    sides = {name: reader.side(data.get(name), name) for name in SIDES}
    zone = data.get("zone_reward")
    if zone is not None and zone not in ZONE_REWARDS:
        reader.error("zone_reward", N_("must be temple, pyramid or null, not {value}"),
                     value=repr(zone))
    if reader.errors:
        raise BattleError(reader.errors)
    return sides, zone


# -- the battle -----------------------------------------------------------------------


# The sides and zones as the steps name them (translated where they are read).
SIDE_WORDS = {"attacker": N_("attacker"), "defender": N_("defender")}
ZONE_WORDS = {"temple": N_("temple"), "pyramid": N_("pyramid")}


def _side(name: str) -> Phrase:
    return Phrase(SIDE_WORDS[name])


def _reveal(name: str, side: dict, steps: list[Phrase]) -> dict:
    """Step 2: pay the interventions in order; sum strength, damage, shield, critical."""
    points = side["prayer_points"]
    played, returned = [], []
    for item in side["interventions"]:
        cost = _attr(item, "prayer_cost")
        if item.attributes.get("bluff"):
            returned.append(item.key)
            steps.append(Phrase(N_("{side}: {item} is a bluff, no effect, back to hand"),
                                {"side": _side(name), "item": item.name}))
        elif cost <= points:
            points -= cost
            played.append(item)
            steps.append(Phrase(N_("{side}: {item} paid, {cost} prayer points ({left} left)"),
                                {"side": _side(name), "item": item.name, "cost": cost,
                                 "left": points}))
        else:
            returned.append(item.key)
            steps.append(Phrase(N_("{side}: {item} costs {cost} prayer points, only {left} "
                                   "left: back to hand"),
                                {"side": _side(name), "item": item.name, "cost": cost,
                                 "left": points}))
    card, bonus = side["card_values"], side["bonus"]
    totals = {
        k: card[k] + bonus[k] + sum(_attr(item, k) for item in played) for k in BONUSES
    }
    district = 1 if side["in_own_city_district"] else 0
    totals["strength"] += side["soldiers"] + district
    steps.append(Phrase(
        N_("{side}: strength {total} ({soldiers} soldiers + card {card} + bonus {bonus} + "
           "interventions {interventions} + own district {district})"),
        {"side": _side(name), "total": totals["strength"], "soldiers": side["soldiers"],
         "card": card["strength"], "bonus": bonus["strength"],
         "interventions": sum(_attr(i, "strength") for i in played), "district": district}))
    return {
        **totals,
        "sacrifice": card["sacrifice"],
        "prayer_points_paid": side["prayer_points"] - points,
        "prayer_points_left": points,
        "interventions_played": [i.key for i in played],
        "interventions_returned": returned,
    }


OTHER = {"attacker": "defender", "defender": "attacker"}


def _losses(sides: dict, power: dict, steps: list[Phrase]) -> tuple[dict, dict, dict]:
    """Steps 4 and 5: the soldiers left, lost and sacrificed on each side."""
    left = {name: sides[name]["soldiers"] for name in SIDES}
    lost = dict.fromkeys(SIDES, 0)
    sacrificed = dict.fromkeys(SIDES, 0)
    for name in SIDES:  # critical damage first, the attacker's effects before the defender's
        other = OTHER[name]
        crit = min(power[name]["critical"], left[other])
        left[other] -= crit
        lost[other] += crit
        if power[name]["critical"]:
            steps.append(Phrase(N_("{side}: {critical} critical damage, cannot be blocked: "
                                   "{other} loses {lost}"),
                                {"side": _side(name), "critical": power[name]["critical"],
                                 "other": _side(other), "lost": crit}))
        sac = min(power[name]["sacrifice"], left[name])
        left[name] -= sac
        sacrificed[name] = sac
        if power[name]["sacrifice"]:
            steps.append(Phrase(N_("{side}: sacrifices {count} own soldiers (not counted as lost)"),
                                {"side": _side(name), "count": sac}))
    for name in SIDES:
        other = OTHER[name]
        damage, shield = power[name]["damage"], power[other]["shield"]
        hits = min(max(0, damage - shield), left[other])
        left[other] -= hits
        lost[other] += hits
        steps.append(Phrase(N_("{side}: {damage} damage - {shield} shields of the {other}: "
                               "{other} loses {lost}"),
                            {"side": _side(name), "damage": damage, "shield": shield,
                             "other": _side(other), "lost": hits}))
    return left, lost, sacrificed


def _rewards(winner: str, left: dict, zone: str | None, steps: list[Phrase]) -> dict:
    """Step 6: battle victory points, veteran tokens and the zone's victory point."""
    rewards = {name: {"battle_vp": 0, "veteran_tokens": 0, "zone_vp": 0} for name in SIDES}
    if winner == "attacker" and left["attacker"] >= 1:
        rewards["attacker"]["battle_vp"] = 1
        steps.append(Phrase(N_("attacker won with survivors: 1 battle victory point")))
    if winner == "defender":
        rewards["defender"]["veteran_tokens"] += 1
        steps.append(Phrase(N_("defender won: 1 veteran token")))
    for name in SIDES:
        if not rewards[name]["battle_vp"]:
            rewards[name]["veteran_tokens"] += 1
            steps.append(Phrase(N_("{side} gained no victory point in this battle: 1 veteran "
                                   "token"), {"side": _side(name)}))
    if zone is not None:
        rewards[winner]["zone_vp"] = 1
        steps.append(Phrase(N_("{winner} takes the {zone} victory point of the zone"),
                            {"winner": _side(winner), "zone": Phrase(ZONE_WORDS[zone])}))
    return rewards


def _side_result(side: dict, p: dict, *, lost: int, sacrificed: int, survivors: int) -> dict:
    return {
        "strength": p["strength"],
        "soldiers": side["soldiers"],
        "soldiers_lost": lost,
        "sacrificed": sacrificed,
        "survivors": survivors,
        "damage": p["damage"],
        "shield": p["shield"],
        "critical": p["critical"],
        "prayer_points_paid": p["prayer_points_paid"],
        "prayer_points_left": p["prayer_points_left"],
        "interventions_played": p["interventions_played"],
        "interventions_returned": p["interventions_returned"],
        "card": side["card"],
        "card_values": side["card_values"],
    }


def resolve_battle(catalogue: Catalogue, data, translate=None, name=None) -> dict:
    """Fight one battle (docs/rules/kemet.md, steps 2-6) and say what happened and why.

    ``steps`` says it in English unless ``translate`` (a template's words in the reader's
    language) and ``name`` (a card's name in it) are given.
    Raises BattleError naming each impossible field (``attacker.card`` ...).
    """
    # taken before the loops below reuse ``name`` for a side
    words = (translate or (lambda text: text), name or (lambda text: text))
    sides, zone = _read(catalogue, data)
    steps: list[Phrase] = []
    power = {name: _reveal(name, sides[name], steps) for name in SIDES}
    a, d = power["attacker"]["strength"], power["defender"]["strength"]
    winner = "attacker" if a > d else "defender"
    loser = "defender" if winner == "attacker" else "attacker"
    steps.append(Phrase(N_("{winner} wins, strength {a} to {d} (a tie goes to the defender)")
                        if a == d else N_("{winner} wins, strength {a} to {d}"),
                        {"winner": _side(winner), "a": a, "d": d}))

    left, lost, sacrificed = _losses(sides, power, steps)
    disband = max(0, left[loser] - 1)
    steps.append(Phrase(N_("{loser} must leave the zone: disband ({soldiers} soldiers, {points} "
                           "prayer points) or retreat to a free adjacent zone the winner picks"),
                        {"loser": _side(loser), "soldiers": left[loser], "points": disband}))
    rewards = _rewards(winner, left, zone, steps)
    result = {"winner": winner, "loser": loser, "zone_reward": zone}
    for name in SIDES:
        result[name] = _side_result(sides[name], power[name], lost=lost[name],
                                    sacrificed=sacrificed[name], survivors=left[name])
    result["loser_options"] = {
        "disband_prayer_points": disband,
        "retreat": left[loser] > 0,
        "stay": False,
    }
    result["rewards"] = rewards
    result["steps"] = [step.render(*words) for step in steps]
    return result
