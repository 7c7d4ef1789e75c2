"""Run a system's validators over a list document.

A validator is a small class in the manner of DRF's ``validators.py``: ``code``,
``severity``, ``message`` and ``__call__(ctx)`` yielding violations. Each game system
registers its validators and its pricing in a ``SystemRules``; the data pack decides
which validators run, with which parameters.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace

from rules.engine.catalogue import Card, Catalogue, Item
from rules.engine.document import Entry, ListDocument, SpecialActionPick
from rules.engine.violations import ERROR, Violation


class UnknownSystem(LookupError):
    pass


class Validator:
    code: str = ""
    severity: str = ERROR
    message: str = ""

    def __init__(self, **params):
        self.params = params

    def __call__(self, ctx: Context) -> Iterable[Violation]:  # pragma: no cover - abstract
        raise NotImplementedError

    def violation(
        self, *, entry: int | None = None, message: str | None = None, words=(), **params
    ):
        return Violation(
            code=self.code,
            severity=self.severity,
            template=message or self.message,
            entry=entry,
            params=params,
            words=tuple(words),
        )


@dataclass(frozen=True, slots=True)
class SystemRules:
    """What the engine needs to know about one game system besides its data."""

    key: str
    validators: Mapping[str, type[Validator]]
    price_entry: Callable[[Catalogue, ListDocument, Entry], int]
    # The points (or gold) limit: the document's battle size, or the system's default.
    limit: Callable[[Catalogue, ListDocument], int | None]
    # Validators that run whatever the pack says (unknown_key: nothing may vanish).
    always: tuple[str, ...] = ("unknown_key",)
    # Extra totals (e.g. Boarding Action counts special actions into the battle size).
    total: Callable[[Catalogue, ListDocument, list[int]], int] | None = None
    # A card's stats with what the entry bought (armour, equipment modifiers).
    effective_stats: Callable[[Card, Entry, Catalogue], dict] | None = None
    # Facts of one entry that pages and exports show and that only the rules know (e.g.
    # a Mordheim henchman group's models and price per model): added to its breakdown.
    entry_facts: Callable[[Catalogue, ListDocument, Entry], dict] | None = None
    # Numbers about the whole list beside its total (e.g. Boarding Action's free and paid
    # special-action points, a Mordheim warband's rating and size limits).
    summary: Callable[[Catalogue, ListDocument, list[int]], dict] | None = None
    # Play beyond list building, when the game has it: a campaign log's rules (an object
    # with the functions a game's campaign services call) and scoring after a game.
    campaign: object | None = None
    scoring: object | None = None
    # What one special-action purchase costs (all its uses), for games that sell them.
    price_special_action: Callable[[Catalogue, SpecialActionPick], int] | None = None
    # The JSON Schema of each validator code's parameters in a pack (rules/engine/
    # params.py); a code not named here takes none.
    params: Mapping[str, Mapping] = field(default_factory=dict)

    def stats_for(self, card: Card, entry: Entry, catalogue: Catalogue) -> dict:
        if self.effective_stats is None:
            return dict(card.stats)
        return self.effective_stats(card, entry, catalogue)


_REGISTRY: dict[str, SystemRules] = {}

# Where the games' rules live: a package whose import registers every system. The engine
# names it, never imports it by module: the games register themselves here (the engine
# sits below them), as Django finds its apps by name.
SYSTEMS_PACKAGE = "rules.systems"


def _load_systems() -> None:
    importlib.import_module(SYSTEMS_PACKAGE)


def register(rules: SystemRules) -> SystemRules:
    _REGISTRY[rules.key] = rules
    return rules


def extend(key: str, **hooks) -> SystemRules:
    """Add hooks (``campaign``, ``scoring``, ``summary``...) to a registered system, from a
    module of its own (the campaign rules live beside the roster rules, not inside them)."""
    _REGISTRY[key] = replace(_REGISTRY[key], **hooks)
    return _REGISTRY[key]


def rules_for(system: str) -> SystemRules:
    _load_systems()

    try:
        return _REGISTRY[system]
    except KeyError:
        raise UnknownSystem(system) from None


def registered_systems() -> list[str]:
    _load_systems()

    return sorted(_REGISTRY)


@dataclass(slots=True)
class Context:
    """What every validator of one run sees; lookups are resolved once, here."""

    catalogue: Catalogue
    document: ListDocument
    entry_points: list[int]
    total: int
    limit: int | None
    cards: list[Card | None] = field(default_factory=list)

    def card(self, index: int) -> Card | None:
        return self.cards[index]

    def item(self, key: str) -> Item | None:
        return self.catalogue.items.get(key)

    def known_entries(self) -> Iterator[tuple[int, Entry, Card]]:
        """Entries whose card the data knows (unknown ones are unknown_key's)."""
        for i, entry in enumerate(self.document.entries):
            card = self.cards[i]
            if card is not None:
                yield i, entry, card


@dataclass(frozen=True, slots=True)
class Points:
    total: int
    limit: int | None
    entries: list[int]
    special_actions: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Result:
    points: Points
    violations: list[Violation]

    @property
    def valid(self) -> bool:
        return not any(v.severity == ERROR for v in self.violations)


def validate(catalogue: Catalogue, document: ListDocument) -> Result:
    rules = rules_for(catalogue.system)
    entry_points = [rules.price_entry(catalogue, document, e) for e in document.entries]
    pick_points = (
        [rules.price_special_action(catalogue, p) for p in document.special_actions]
        if rules.price_special_action is not None
        else []
    )
    total = (rules.total or _sum_total)(catalogue, document, entry_points)
    ctx = Context(
        catalogue=catalogue,
        document=document,
        entry_points=entry_points,
        total=total,
        limit=rules.limit(catalogue, document),
        cards=[catalogue.cards.get(e.card) if e.card else None for e in document.entries],
    )
    specs = [(code, {}) for code in rules.always]
    specs += [(s.code, dict(s.params)) for s in catalogue.validators if s.code not in rules.always]
    violations: list[Violation] = []
    for code, params in specs:
        violations.extend(rules.validators[code](**params)(ctx))
    # Stable order for readers: list-wide problems first, then by entry.
    violations.sort(key=lambda v: -1 if v.entry is None else v.entry)
    return Result(
        points=Points(
            total=total, limit=ctx.limit, entries=entry_points, special_actions=pick_points
        ),
        violations=violations,
    )


def _sum_total(catalogue: Catalogue, document: ListDocument, entry_points: list[int]) -> int:
    return sum(entry_points)
