"""What the games' matchup modules share (pure; registers no system): reading the two
sides of a request against the game data, and refusing what cannot be fought, each
problem with its path.

The request has the API's shape, its types and fixed bounds already checked (by the
API's serializers or the page's form): ``{"attacker": side, "defender": side,
"weapon": name | None, "attack": "melee" | "ranged" | None, "modifiers": {...},
"attacks": k}``, a side being ``{"card": key | None, "card_values": {...} | None,
"items": [...], "options": [...], "wounds_taken": n}``. What depends on the data is
checked here: keys (``unknown_key``), what a card may take, wounds against the card's
track, the weapon against what the attacker carries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.engine.catalogue import Card, Catalogue, Item

SIDES = ("attacker", "defender")
ATTACKS = ("melee", "ranged")
MAX_ATTACKS = 20  # k attacks (or attack actions) to take the target out within


class MatchupError(ValueError):
    """The matchup cannot be worked out as asked; ``errors`` is a list of (path, message,
    code). Codes: ``required``, ``invalid``, ``unknown_key`` (no such card, item or
    option), ``item_not_allowed`` / ``option_not_allowed`` (not on the card),
    ``no_weapon`` (nothing to attack with that way), ``not_carried`` (a weapon the
    attacker does not have)."""

    def __init__(self, errors: list[tuple[str, str, str]]):
        self.errors = list(errors)
        super().__init__("; ".join(f"{path or '(matchup)'}: {msg}" for path, msg, _c in errors))


class Problems:
    """Every problem of one request, so the answer names them all at once."""

    def __init__(self):
        self.errors: list[tuple[str, str, str]] = []

    def add(self, path: str, message: str, code: str = "invalid") -> None:
        self.errors.append((path, message, code))

    def raise_if_any(self) -> None:
        if self.errors:
            raise MatchupError(self.errors)


def card_of(catalogue: Catalogue, key: str, path: str, problems: Problems) -> Card | None:
    """The card of ``key`` (or of the key it was renamed to), else an ``unknown_key``."""
    card = catalogue.cards.get(key) or catalogue.cards.get(
        catalogue.current_key("card", key) or ""
    )
    if card is None:
        problems.add(path, f"no card {key!r} in the {catalogue.name} data", "unknown_key")
    return card


def bought(
    catalogue: Catalogue,
    card: Card,
    keys: Sequence[str],
    allowed: Mapping[str, int],
    path: str,
    code: str,
    problems: Problems,
) -> list[Item]:
    """The items (or options) a side buys, each known, on the card's list and once."""
    items, seen = [], set()
    for i, key in enumerate(keys):
        at = f"{path}[{i}]"
        item = catalogue.items.get(key) or catalogue.items.get(
            catalogue.current_key("item", key) or ""
        )
        if item is None:
            problems.add(at, f"no item {key!r} in the {catalogue.name} data", "unknown_key")
        elif item.key in seen:
            problems.add(at, f"{item.name} is taken twice")
        elif item.key not in allowed:
            problems.add(at, f"{card.name} may not take {item.name}", code)
        else:
            seen.add(item.key)
            items.append(item)
    return items


def refuse_unused(side: Mapping, path: str, field: str, why: str, problems: Problems) -> None:
    """A list the game does not use must stay empty (Godslayer buys no options, Trupp no
    items; typed values already include what was bought)."""
    if side.get(field):
        problems.add(f"{path}.{field}", why)


def needs_card(side: Mapping | None, path: str, problems: Problems) -> bool:
    """A side names a card or types its values; say so when it does neither."""
    if not isinstance(side, Mapping):
        problems.add(path, "give the card (its key) or its values", "required")
        return False
    if side.get("card_values") is None and not side.get("card"):
        problems.add(f"{path}.card", "give the card (its key) or card_values", "required")
        return False
    return True


def check_attacks(value, problems: Problems) -> int:
    """How many attacks (or attack actions) to count: 1 to MAX_ATTACKS, 1 when not given."""
    attacks = 1 if value is None else value
    if isinstance(attacks, bool) or not isinstance(attacks, int) or not (
        1 <= attacks <= MAX_ATTACKS
    ):
        problems.add("attacks", f"a whole number from 1 to {MAX_ATTACKS}")
        return 1
    return attacks


def same_name(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def roll_needed(target: int) -> str:
    """What a 2D6 roll needs, in words: "7 or more", "every roll", "no roll"."""
    if target <= 2:
        return "any roll"
    if target > 12:
        return "no roll"
    return f"{target} or more"
