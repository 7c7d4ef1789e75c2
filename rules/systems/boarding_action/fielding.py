"""Boarding Action: what a card of a pack imported from a codex catalogue adds to the
rules (docs/rules/boarding_action.md, "Units from a codex catalogue").

- ``fielding_limit``: a card with ``attributes.max_per_list`` (the catalogue's "max n
  per roster", e.g. a named character) is fielded at most that many times per list;
- ``card_option``: an entry takes only the options its card offers (``options`` of the
  card in the pack), each at most once;
- ``catalogue_hidden`` (warning): the codex does not offer a unit or an option taken in
  this list (a rule of the card, catalogue_rules.py, hides it here).

Pure: what the validators read is the card and the entry.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.engine.validation import Context, Validator
from rules.engine.violations import N_, WARNING, Violation
from rules.systems.boarding_action.catalogue_rules import judge


def max_per_list(card) -> int | None:
    value = card.attributes.get("max_per_list") if card is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class FieldingLimitValidator(Validator):
    """`fielding_limit` (docs/rules/boarding_action.md): a card with a fielding limit
    (``attributes.max_per_list``, the codex's "0-1 per army") is fielded at most that
    many times, counting every entry of it and each entry's ``count``. The violation is
    reported on the entry that takes the list over the limit, and on each one after it.
    """

    code = "fielding_limit"
    # The codex's limit may depend on the rest of the list (``battlescribe_rules``, field
    # "limit": e.g. "0-1, or 0-3 with a certain detachment"): the rule's value counts.
    message = N_("{name} may be fielded at most {limit} per list; this list fields {fielded}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        fielded: dict[str, int] = {}
        ruled = judge(ctx.catalogue, ctx.document).limits
        for i, entry, card in ctx.known_entries():
            limit = max_per_list(card)
            if card.key in ruled:  # a rule of the codex sets the limit for this list
                limit = ruled[card.key] if limit is None else min(limit, ruled[card.key])
            if limit is None:
                continue
            fielded[card.key] = fielded.get(card.key, 0) + entry.count
            if fielded[card.key] > limit:
                yield self.violation(
                    entry=i, card=card.key, name=card.name, limit=limit,
                    fielded=fielded[card.key],
                )


class CardOptionValidator(Validator):
    """`card_option` (docs/rules/boarding_action.md): an entry takes only its card's
    options, each once. An option the pack does not know at all is unknown_key's; one
    the pack knows but this card does not offer, or one taken twice, is this rule's.
    Custom units take no options (their wargear is typed in).
    """

    code = "card_option"
    message = N_("{name} cannot take {option}: it is not one of its options")
    twice = N_("{name} takes {option} twice: each option once")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        for i, entry, card in ctx.known_entries():
            seen: set[str] = set()
            for j, key in enumerate(entry.options):
                item = ctx.item(key)
                if item is None:
                    continue
                params = dict(entry=i, name=card.name, option=item.name, option_key=key,
                              path=f"entries[{i}].options[{j}]")
                if key not in card.allowed_options:
                    yield self.violation(**params)
                elif key in seen:
                    yield self.violation(message=self.twice, **params)
                seen.add(key)


class CatalogueHiddenValidator(Validator):
    """`catalogue_hidden` (warning, docs/rules/boarding_action.md): a unit or option the
    codex does not offer in this list. A card imported from a codex keeps the codex's
    conditions on what it offers (``attributes.battlescribe_rules`` with field "hidden",
    e.g. a relic only for one chapter, a Forge World unit only with Forge World shown);
    evaluated against the list (catalogue_rules.py), one that hides the unit or a taken
    option is reported with its condition. A warning, not an error: a list has no place
    for the roster-wide choices such a condition may ask about (a chapter, a detachment),
    so the player is told and decides.
    """

    code = "catalogue_hidden"
    severity = WARNING
    message = N_("{name}: the codex does not offer {option} in this list ({why})")
    unit = N_("{name}: the codex does not offer this unit in this list ({why})")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        for i, key, why in judge(ctx.catalogue, ctx.document).hidden:
            card = ctx.card(i)
            if card is None:
                continue
            if key is None:
                yield self.violation(entry=i, message=self.unit, name=card.name, card=card.key,
                                     why=why)
                continue
            item = ctx.item(key)
            yield self.violation(entry=i, name=card.name, card=card.key, option_key=key,
                                 option=item.name if item is not None else key, why=why,
                                 path=f"entries[{i}].options")
