"""Mordheim hired swords and the fighter minimums of the warbands beyond the rulebook's
first six (docs/rules/mordheim.md).

A hired sword is a card with ``hired_sword: true`` and no warband of its own; the pack
says who may hire him (``hire_rule``), whom he will not serve beside (``conflicts``),
his hire fee (his cost), upkeep and rating. A warband's ``hire`` attributes say what the
rules ask of it: alignment, tags, its own list of hired swords (``only``), those it may
never hire (``except``), none at all (``none``), and whether it counts as human, chaos,
dwarf or elf. He counts toward the warband's size, not toward its heroes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from rules.engine.catalogue import Card, Catalogue, Faction
from rules.engine.validation import Context, Validator, extend
from rules.engine.violations import N_, Violation
from rules.systems.mordheim import RULES, SYSTEM, is_hired_sword, models, size_bonus, warband

__all__ = ["is_hired_sword", "size_bonus", "may_hire", "hirable", "upkeep"]

HIRED_SWORD_CODES = (
    "hired_sword_not_allowed", "hired_sword_conflict", "hired_sword_limit", "type_minimum",
)


def hire_facts(faction: Faction | None) -> Mapping:
    return (faction.attributes.get("hire") or {}) if faction is not None else {}


def _tags(wb: Mapping) -> set:
    return set(wb.get("tags") or ())


def _excluded(rule: Mapping, wb: Mapping) -> bool:
    """The warband carries one of the tags the rule's ``except`` list turns away."""
    return bool(_tags(wb) & set(rule.get("except") or ()))


def _named(rule: Mapping, wb: Mapping) -> bool:
    return wb.get("warband") in set(rule.get("wbs") or ())


def _flagged(rule: Mapping, wb: Mapping) -> bool:
    return any(wb.get(f) for f in rule.get("flags") or ())


def _good(rule: Mapping, wb: Mapping) -> bool:
    return wb.get("alignment") == "good" and not _excluded(rule, wb)


def _evil(rule: Mapping, wb: Mapping) -> bool:
    return wb.get("alignment") == "evil"


def _chaos(rule: Mapping, wb: Mapping) -> bool:
    return bool(wb.get("chaos"))


def _not_evil(rule: Mapping, wb: Mapping) -> bool:
    return wb.get("alignment") != "evil"


def _not_good(rule: Mapping, wb: Mapping) -> bool:
    return wb.get("alignment") != "good" or _named(rule, wb) or bool(
        _tags(wb) & set(rule.get("wbs") or ()))


def _human(rule: Mapping, wb: Mapping) -> bool:
    return bool(wb.get("human"))


def _non_chaos_human(rule: Mapping, wb: Mapping) -> bool:
    return bool(wb.get("human")) and not wb.get("chaos") and not _excluded(rule, wb)


def _human_or_dwarf(rule: Mapping, wb: Mapping) -> bool:
    return (bool(wb.get("human") or wb.get("dwarf"))
            and not (rule.get("noChaos") and wb.get("chaos"))
            and not _excluded(rule, wb))


def _human_or_high_elf(rule: Mapping, wb: Mapping) -> bool:
    return (bool(wb.get("human")) or wb.get("warband") == "shadowwarriors") and (
        wb.get("alignment") != "evil")


def _only_warbands(rule: Mapping, wb: Mapping) -> bool:
    return _named(rule, wb) and (not rule.get("subtype") or rule["subtype"] == wb.get("subtype"))


def _all_except(rule: Mapping, wb: Mapping) -> bool:
    return (not (_tags(wb) & set(rule.get("tags") or ())) and not _flagged(rule, wb)
            and not _named(rule, wb))


def _only(rule: Mapping, wb: Mapping) -> bool:
    wanted = set(rule.get("tags") or ())
    return bool(_tags(wb) & wanted or wb.get("warband") in wanted or _named(rule, wb)
                or _flagged(rule, wb))


# One reading per kind of ``hire_rule`` (the kinds the Mordheim-Roster-Builder data uses);
# "any" lets every warband hire, and a pack test keeps every kind the pack uses read here.
_HIRE_RULES = {
    "good": _good,
    "evil": _evil,
    "chaos": _chaos,
    "nonEvil": _not_evil,
    "nonGood": _not_good,
    "human": _human,
    "nonChaosHuman": _non_chaos_human,
    "humanOrDwarf": _human_or_dwarf,
    "humanOrHighElf": _human_or_high_elf,
    "onlyWb": _only_warbands,
    "except": _all_except,
    "only": _only,
}


def _rule_allows(rule: Mapping, wb: Mapping) -> bool:
    """The hired sword's own rule (``hire_rule``) read against the warband's facts."""
    reading = _HIRE_RULES.get(rule.get("type", "any"))
    return reading(rule, wb) if reading is not None else True


def _refused_by_warband(card: Card, rule: Mapping, wb: Mapping) -> bool:
    """The warband's own hiring terms turn him away: its own list of hired swords (a
    hired sword naming the warband is on it), then what it may never hire."""
    source = card.attributes.get("source_key")
    if wb.get("only") is not None:
        names_it = rule.get("type") in ("only", "onlyWb") and wb.get("warband") in (
            rule.get("wbs") or ())
        return source not in wb["only"] and not names_it
    if source in (wb.get("except") or ()):
        return True
    if wb.get("no_elf_hired_swords") and card.attributes.get("race") == "elf":
        return True
    return bool(wb.get("no_chaos_hired_swords") and rule.get("type") == "evil")


def may_hire(card: Card, faction: Faction | None) -> bool:
    """May this warband hire this hired sword? Its own list of hired swords comes first
    (a hired sword naming the warband is on it), then what it may never hire, then the
    hired sword's own rule."""
    wb = hire_facts(faction)
    if not is_hired_sword(card) or faction is None or wb.get("none"):
        return False
    rule = card.attributes.get("hire_rule") or {}
    if _refused_by_warband(card, rule, wb):
        return False
    return _rule_allows(rule, wb)


def upkeep(card: Card, faction: Faction | None) -> int:
    """His upkeep after each battle; a grudge (an Elf Ranger in a warband with Dwarfs)
    raises it."""
    grudge = card.attributes.get("grudge") or {}
    if grudge and hire_facts(faction).get(grudge.get("tag")):
        return int(grudge["upkeep"])
    return int(card.attributes.get("upkeep") or 0)


def hirable(catalogue: Catalogue, faction_key: str | None) -> list[Card]:
    """The hired swords a warband may hire, in the pack's order."""
    faction = catalogue.factions.get(faction_key) if faction_key else None
    return [c for c in catalogue.cards.values() if is_hired_sword(c) and may_hire(c, faction)]


def hired_in(ctx: Context) -> Iterator[tuple[int, Card]]:
    for i, _entry, card in ctx.known_entries():
        if is_hired_sword(card):
            yield i, card


class HiredSwordNotAllowedValidator(Validator):
    """`hired_sword_not_allowed`: a warband hires only the hired swords its type may
    (docs/rules/mordheim.md, "Who may hire whom")."""

    code = "hired_sword_not_allowed"
    message = N_("The {faction} may not hire a {name}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        faction = warband(ctx.catalogue, ctx.document)
        if faction is None:
            return  # faction / unknown_key say so
        for i, card in hired_in(ctx):
            if not may_hire(card, faction):
                yield self.violation(entry=i, card=card.key, name=card.name,
                                     faction=faction.name)


class HiredSwordConflictValidator(Validator):
    """`hired_sword_conflict`: some hired swords never serve in the same warband (a
    Highwayman and a Roadwarden) (docs/rules/mordheim.md, "Conflicts")."""

    code = "hired_sword_conflict"
    message = N_("{name} will not serve beside {other}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        seen: dict[str, Card] = {}
        for i, card in hired_in(ctx):
            for other_key in card.attributes.get("conflicts") or ():
                if other_key in seen:
                    yield self.violation(entry=i, card=card.key, name=card.name,
                                         other=seen[other_key].name)
            seen.setdefault(card.key, card)


class HiredSwordLimitValidator(Validator):
    """`hired_sword_limit`: at most one of each hired sword
    (docs/rules/mordheim.md, "One of each")."""

    code = "hired_sword_limit"
    message = N_("{name}: {count} hired, at most one")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        counts: Counter = Counter()
        reported: set[str] = set()
        for i, entry, card in ctx.known_entries():
            if not is_hired_sword(card):
                continue
            counts[card.key] += models(card, entry)
            if counts[card.key] > 1 and card.key not in reported:
                reported.add(card.key)
                yield self.violation(entry=i, card=card.key, name=card.name,
                                     count=counts[card.key])


class TypeMinimumValidator(Validator):
    """`type_minimum`: a fighter type the warband must field, at least ``type_min``
    models of it (a Merchant Caravan's wagon, the Sons of Hashut's hobgoblins)
    (docs/rules/mordheim.md, "Fighters a warband must field")."""

    code = "type_minimum"
    message = N_("{name}: {count} models, at least {min}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        doc = ctx.document
        fielded: Counter = Counter()
        for _i, entry, card in ctx.known_entries():
            fielded[card.key] += models(card, entry)
        for card in ctx.catalogue.cards.values():
            low = card.attributes.get("type_min")
            if low and card.faction == doc.faction and fielded[card.key] < low:
                yield self.violation(card=card.key, name=card.name, count=fielded[card.key],
                                     min=low)


VALIDATORS = (
    HiredSwordNotAllowedValidator,
    HiredSwordConflictValidator,
    HiredSwordLimitValidator,
    TypeMinimumValidator,
)

extend(SYSTEM, validators={**RULES.validators, **{v.code: v for v in VALIDATORS}})
