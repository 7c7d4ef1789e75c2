"""The checks of a pack imported from a BattleScribe catalogue (docs/battlescribe-evaluator.md)
beyond its schema: every rule of a card names modifiers the pack keeps and that the
evaluator can read, an option the card offers or a default it keeps, and every option
a card keeps catalogue ids of is one of its options. Pure, like armylists/packs/checks.py,
which calls it."""

from __future__ import annotations

from rules.engine.battlescribe.build import DataError, modifier_from_data
from rules.engine.document import ProblemAt


def _modifier_problems(modifiers: dict) -> list[ProblemAt]:
    problems = []
    for ref, data in modifiers.items():
        try:
            modifier_from_data(data, ref)
        except DataError as exc:
            problems.append(ProblemAt(f"system.attributes.battlescribe.modifiers.{ref}",
                                      f"not a modifier the evaluator reads: {exc}"))
    return problems


def _rule_problems(i: int, card: dict, modifiers: dict) -> list[ProblemAt]:
    attributes = card.get("attributes") or {}
    options = {ref["key"] for ref in card.get("options", [])}
    defaults = {d["id"] for d in attributes.get("battlescribe_defaults") or ()}
    problems = [
        ProblemAt(f"cards[{i}].attributes.battlescribe_options.{key}",
                  f"'{key}' is not one of the card's options")
        for key in (attributes.get("battlescribe_options") or {}) if key not in options
    ]
    for j, rule in enumerate(attributes.get("battlescribe_rules") or ()):
        at = f"cards[{i}].attributes.battlescribe_rules[{j}]"
        problems += _one_rule(at, rule, modifiers, options, defaults)
    return problems


def _one_rule(at: str, rule: dict, modifiers: dict, options: set, defaults: set
              ) -> list[ProblemAt]:
    problems = [ProblemAt(f"{at}.modifiers[{k}]",
                          f"no modifier '{ref}' in system.attributes.battlescribe.modifiers")
                for k, ref in enumerate(rule["modifiers"]) if ref not in modifiers]
    key = rule.get("key") or ""
    if rule["on"] == "option" and key not in options:
        problems.append(ProblemAt(f"{at}.key", f"'{key}' is not one of the card's options"))
    if rule["on"] == "default" and key not in defaults:
        problems.append(ProblemAt(f"{at}.key", f"'{key}' is not a default the card keeps "
                                               "(attributes.battlescribe_defaults)"))
    if (rule["field"] == "hidden") != isinstance(rule["base"], bool):
        problems.append(ProblemAt(f"{at}.base", "a hidden rule's base is true or false, "
                                                "a points or limit rule's a number"))
    return problems


def battlescribe_problems(pack: dict) -> list[ProblemAt]:
    """Every problem of the pack's BattleScribe rules (its schema already passed)."""
    settings = ((pack.get("system") or {}).get("attributes") or {}).get("battlescribe") or {}
    modifiers = settings.get("modifiers") or {}
    problems = _modifier_problems(modifiers)
    for i, card in enumerate(pack.get("cards", [])):
        problems += _rule_problems(i, card, modifiers)
    return problems
