"""Validators every game system shares."""

from __future__ import annotations

from collections.abc import Iterator

from rules.engine.catalogue import Card
from rules.engine.document import Entry
from rules.engine.validation import Context, Validator
from rules.engine.violations import N_, Violation


class UnknownKeyValidator(Validator):
    """Every system: a key the game data does not know is an error (docs/rules/README.md).

    The entry stays in the list and the other entries are still validated; the
    violation names the key and the place, so nothing is dropped silently.
    """

    code = "unknown_key"
    message = N_("Unknown {field} '{key}' at {path}")
    no_factions = N_("Unknown faction '{key}' at {path}: {system} has no factions")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        cat, doc = ctx.catalogue, ctx.document
        # A system without factions (Boarding Action, Trupp, Kemet) knows no faction at
        # all: a list that names one is told so rather than keeping it unseen.
        if doc.faction is not None and doc.faction not in cat.factions:
            where = {} if cat.factions else {"message": self.no_factions, "system": cat.name}
            yield self.violation(field="faction", key=doc.faction, path="faction", **where)
        for i, entry in enumerate(doc.entries):
            yield from self._entry(ctx, i, entry)
        yield from self._special_actions(ctx)

    def _entry(self, ctx: Context, i: int, entry: Entry) -> Iterator[Violation]:
        """The entry's custom unit, card, items and options."""
        cat = ctx.catalogue
        if entry.custom is not None and not cat.attributes.get("custom_units"):
            yield self.violation(
                entry=i,
                message=N_("Custom unit '{key}' at {path}: {system} has no custom units"),
                field="custom",
                key=entry.custom.name,
                path=f"entries[{i}].custom",
                system=cat.name,
            )
        if entry.card is not None and ctx.cards[i] is None:
            yield self.violation(
                entry=i, field="card", key=entry.card, path=f"entries[{i}].card"
            )
        for field, keys, where in (("item", entry.items, "items"),
                                   ("option", entry.options, "options")):
            for j, key in enumerate(keys):
                if key not in cat.items:
                    yield self.violation(
                        entry=i, field=field, key=key, path=f"entries[{i}].{where}[{j}]"
                    )

    def _special_actions(self, ctx: Context) -> Iterator[Violation]:
        """The list's special actions and their variants."""
        for k, pick in enumerate(ctx.document.special_actions):
            action = ctx.catalogue.special_actions.get(pick.action)
            if action is None:
                yield self.violation(
                    field="special action", key=pick.action, path=f"special_actions[{k}].action"
                )
            elif pick.variant is not None and action.variant(pick.variant) is None:
                yield self.violation(
                    field="variant", key=pick.variant, path=f"special_actions[{k}].variant"
                )


class OverLimitValidator(Validator):
    """Base for a system's points (or gold) limit rule: the total must not exceed the limit.

    Subclasses give the rule's ``code``, ``message`` and docstring; ``total`` and
    ``limit`` come from the system's pricing (``SystemRules.total`` and ``limit``).
    """

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        if ctx.limit is not None and ctx.total > ctx.limit:
            yield self.violation(total=ctx.total, limit=ctx.limit, over=ctx.total - ctx.limit)


class ExactlyOneValidator(Validator):
    """Base for "exactly one leader" rules (Godslayer's Warlord, Mordheim's leader).

    Subclasses give ``code``, ``message`` (none at all), ``too_many`` and
    ``counts(card)``; ``fielded(card, entry)`` says how many a qualifying entry adds
    (default: its ``count``) and ``none_params(ctx)`` what the "none" message needs
    besides ``count``. One too many names the entry where the count first passes one.
    """

    too_many = ""

    def counts(self, card: Card) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def fielded(self, card: Card, entry: Entry) -> int:
        return entry.count

    def none_params(self, ctx: Context) -> dict:
        return {}

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        count, extra = 0, None
        for i, entry, card in ctx.known_entries():
            if self.counts(card):
                count += self.fielded(card, entry)
                if count > 1 and extra is None:
                    extra = (i, card)
        if extra is not None:
            i, card = extra
            yield self.violation(
                entry=i, message=self.too_many, count=count, card=card.key, name=card.name
            )
        elif count == 0:
            yield self.violation(count=0, **self.none_params(ctx))


class NotOnItemListValidator(Validator):
    """Base for "buys only from its own list" rules: an item that is not among the card's
    ``allowed_items`` is refused (``message``; ``no_list`` for a card that takes no items
    at all). With ``with_path`` the violation also names the item's place
    (``entries[i].items[j]``)."""

    no_list = ""
    with_path = False

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        for i, entry, card in ctx.known_entries():
            for j, key in enumerate(entry.items):
                item = ctx.item(key)
                if item is None or key in card.allowed_items:
                    continue
                where = {"path": f"entries[{i}].items[{j}]"} if self.with_path else {}
                yield self.violation(
                    entry=i,
                    message=self.message if card.takes_items else self.no_list,
                    card=card.key,
                    name=card.name,
                    item_key=key,
                    item=item.name,
                    **where,
                )
