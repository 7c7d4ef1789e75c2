"""Trupp, a homebrew fantasy skirmish game, docs/rules/trupp.md.

Characters are bought into a troop (Trupp). The game has no factions: a list's
``faction`` stays null, and what holds a troop together is alignment (good, evil,
neutral). A character is a card:

- ``points``: the base cost, which includes its normal equipment and every special
  ability without a price;
- ``options`` (``Card.allowed_options``): what its sheet lets it buy, each an item of kind
  ``equipment`` (magic or mundane gear), ``ability`` (priced special ability), ``spell``
  or ``veteran`` (a veteran variant of the character), priced by the card or the item;
- ``attributes``: ``alignment`` (good | evil | neutral), ``mook`` (may be fielded several
  times), ``sorcery`` (has the Sorcery ability), ``included_spells`` (item keys of the
  spells that come with Sorcery), ``equipment`` (item keys of its normal equipment,
  whose modifiers count in the effective stats), and ``stat_rows``.

``stat_rows`` is the sheet's table, a list indexed by wounds taken (row 0 applies at the
start; one wound more than the last row takes the character out). Each row has the keys
``KG_N`` (melee skill, KG (N)), ``A_N`` (melee attacks, #A (N)), ``KG_F`` (ranged skill,
KG (F)), ``A_F`` (ranged attacks, #A (F)), ``STAE`` (strength, STÄ), ``BEW`` (move in cm),
``WID`` (toughness), ``AGI`` (agility), ``ZG`` (spell skill) and ``Mana``; a value is null
where the character lacks the stat (no ranged attacks, no Sorcery). Items may carry
``attributes.modifiers`` (e.g. ``{"KG_N": 1}``), which the printed rows do not include;
``effective_stats`` adds them. An ability item with ``attributes.sorcery: true`` gives
Sorcery to a character that buys it.

Points of an entry: (base + options) * count. A list buys options under ``options``;
``items`` has no meaning in Trupp and is reported by `option_not_allowed`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from rules.engine.catalogue import Card, Catalogue, Item
from rules.engine.common import OverLimitValidator, UnknownKeyValidator
from rules.engine.document import Entry, ListDocument
from rules.engine.validation import Context, SystemRules, Validator, register
from rules.engine.violations import N_, Violation
from rules.systems.trupp.params import PARAMS

SYSTEM = "trupp"
STAT_KEYS = ("KG_N", "A_N", "KG_F", "A_F", "STAE", "BEW", "WID", "AGI", "ZG", "Mana")
SORCERY_STATS = ("ZG", "Mana")
SPELL, VETERAN = "spell", "veteran"


# -- Points ------------------------------------------------------------------------------


def option_price(card: Card | None, key: str, catalogue: Catalogue) -> int:
    """What this character pays for the option: its sheet's price, else the item's points."""
    if card is not None and key in card.allowed_options:
        return card.allowed_options[key]
    item = catalogue.items.get(key)
    return item.points if item is not None else 0


def price_entry(catalogue: Catalogue, document: ListDocument, entry: Entry) -> int:
    card = catalogue.cards.get(entry.card) if entry.card else None
    base = card.points if card is not None else 0
    if entry.custom is not None:
        base = entry.custom.points
    options = sum(option_price(card, key, catalogue) for key in entry.options)
    return (base + options) * entry.count


def limit(catalogue: Catalogue, document: ListDocument) -> int | None:
    """The points limit the players agreed on, else the pack's default."""
    if document.battle_size is not None:
        return document.battle_size
    return catalogue.params_for("battle_size").get("default")


# -- Character sheet ---------------------------------------------------------------------


def bought_items(entry: Entry, catalogue: Catalogue) -> list[Item]:
    """The entry's options the game data knows, in order (unknown ones are unknown_key's)."""
    return [catalogue.items[k] for k in entry.options if k in catalogue.items]


def has_sorcery(card: Card, entry: Entry, catalogue: Catalogue) -> bool:
    """The character has Sorcery on its sheet, or bought an ability that gives it."""
    if card.attributes.get("sorcery"):
        return True
    return any(item.attributes.get("sorcery") for item in bought_items(entry, catalogue))


def modifiers(card: Card, entry: Entry, catalogue: Catalogue) -> Counter:
    """Summed stat modifiers of the normal equipment and of every bought option."""
    total: Counter = Counter()
    keys = list(card.attributes.get("equipment") or ()) + list(entry.options)
    for key in keys:
        item = catalogue.items.get(key)
        if item is not None:
            total.update(item.attributes.get("modifiers") or {})
    return total


def effective_stat_rows(card: Card, entry: Entry, catalogue: Catalogue) -> list[dict]:
    """Every row of the sheet (index = wounds taken) with the equipment modifiers added.

    A modifier changes only a stat the character has (a null stays null) and never
    takes it below 0; without Sorcery, ZG and Mana are null. Keys come in sheet order
    (``STAT_KEYS``).
    """
    rows = card.attributes.get("stat_rows") or [card.stats]
    mods = modifiers(card, entry, catalogue)
    sorcery = has_sorcery(card, entry, catalogue)
    out = []
    for row in rows:
        stats = dict(row)
        for stat, delta in mods.items():
            value = stats.get(stat)
            if isinstance(value, int) and not isinstance(value, bool):
                stats[stat] = max(0, value + delta)
        if not sorcery:
            for stat in SORCERY_STATS:
                if stat in stats:
                    stats[stat] = None
        out.append(in_sheet_order(stats))
    return out


def in_sheet_order(stats: dict) -> dict:
    """The sheet's column order (the database does not keep key order), others after."""
    ordered = {k: stats[k] for k in STAT_KEYS if k in stats}
    ordered.update((k, v) for k, v in stats.items() if k not in ordered)
    return ordered


def effective_stats(card: Card, entry: Entry, catalogue: Catalogue) -> dict:
    """The row for 0 wounds taken, with the equipment modifiers (docs/rules/trupp.md, Sheet)."""
    return effective_stat_rows(card, entry, catalogue)[0]


# -- Validators --------------------------------------------------------------------------


class BattleSizeValidator(OverLimitValidator):
    """`battle_size` (docs/rules/trupp.md): the troop's points must not exceed the agreed limit.

    The limit is the document's battle size, else the ``default`` param.
    """

    code = "battle_size"
    message = N_("{total} points exceed the agreed limit of {limit} by {over}")


# The alignments as the messages say them (translated with the message).
ALIGNMENT_WORDS = (N_("good"), N_("evil"), N_("neutral"))


class AlignmentValidator(Validator):
    """`alignment` (docs/rules/trupp.md): good and evil characters never share a troop.

    Neutral characters join either side. One violation for the list, at the first
    character that clashes with one fielded before it, naming both.
    Params: ``opposed``, the two alignments that exclude each other (good, evil).
    """

    code = "alignment"
    message = N_(
        "{name} is {alignment} and cannot join a troop with {other_name} ({other_alignment})"
    )

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        opposed = list(self.params.get("opposed") or ("good", "evil"))
        first: dict[str, tuple[int, Card]] = {}
        for i, _entry, card in ctx.known_entries():
            alignment = card.attributes.get("alignment")
            if alignment not in opposed:
                continue
            other = next((a for a in opposed if a != alignment and a in first), None)
            if other is not None:
                j, other_card = first[other]
                yield self.violation(
                    entry=i,
                    card=card.key,
                    name=card.name,
                    alignment=alignment,
                    other_entry=j,
                    other_card=other_card.key,
                    other_name=other_card.name,
                    other_alignment=other,
                    words=("alignment", "other_alignment"),  # said in the reader's language
                )
                return
            first.setdefault(alignment, (i, card))


class UniqueCharacterValidator(Validator):
    """`unique_character` (docs/rules/trupp.md): a character is fielded once unless it is a Mook.

    Counts ``count`` over every entry of the same card; the violation points at the entry
    where the second one appears.
    """

    code = "unique_character"
    message = N_("{name} is fielded {count} times; only a Mook may be fielded more than once")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        fielded: Counter[str] = Counter()
        first_over: dict[str, int] = {}
        for i, entry, card in ctx.known_entries():
            if card.attributes.get("mook"):
                continue
            fielded[card.key] += entry.count
            if fielded[card.key] > 1:
                first_over.setdefault(card.key, i)
        for key, i in first_over.items():
            card = ctx.catalogue.cards[key]
            yield self.violation(entry=i, card=key, name=card.name, count=fielded[key])


class OptionNotAllowedValidator(Validator):
    """`option_not_allowed` (docs/rules/trupp.md): only the options on the character's sheet.

    Also refused: a spell that already comes with the character's Sorcery, the same
    option twice on one character (a second veteran variant is `one_veteran_variant`'s),
    and anything under ``items`` (Trupp buys options). A spell on a character without
    Sorcery is `spell_needs_sorcery`'s and not reported twice.
    """

    code = "option_not_allowed"
    message = N_("{name} may not take {option}: it is not on the character's sheet")
    included = N_("{name} already has {option}: it comes with Sorcery")
    twice = N_("{name} takes {option} more than once")
    as_item = N_("{name}: {option} is listed under items; Trupp characters buy it as an option")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        cat = ctx.catalogue
        for i, entry, card in ctx.known_entries():
            sorcery = has_sorcery(card, entry, cat)
            included = set(card.attributes.get("included_spells") or ())
            seen: set[str] = set()
            for key in entry.options:
                item = cat.items.get(key)
                if item is None:
                    continue
                params = dict(entry=i, card=card.key, name=card.name, option_key=key,
                              option=item.name, kind=item.kind)
                if key in seen:
                    if item.kind != VETERAN:
                        yield self.violation(message=self.twice, **params)
                    continue
                seen.add(key)
                if key in card.allowed_options or (item.kind == SPELL and not sorcery):
                    continue
                yield self.violation(
                    message=self.included if key in included else self.message, **params
                )
            for key in entry.items:
                item = cat.items.get(key)
                if item is not None:
                    yield self.violation(
                        entry=i, message=self.as_item, card=card.key, name=card.name,
                        option_key=key, option=item.name, kind=item.kind,
                    )


class OneVeteranVariantValidator(Validator):
    """`one_veteran_variant` (docs/rules/trupp.md): at most one veteran variant per character."""

    code = "one_veteran_variant"
    message = N_("{name} takes {count} veteran variants ({variants}); at most one")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        for i, entry, card in ctx.known_entries():
            variants = [it for it in bought_items(entry, ctx.catalogue) if it.kind == VETERAN]
            if len(variants) > 1:
                yield self.violation(
                    entry=i,
                    card=card.key,
                    name=card.name,
                    count=len(variants),
                    variants=", ".join(it.name for it in variants),
                    variant_keys=[it.key for it in variants],
                )


class SpellNeedsSorceryValidator(Validator):
    """`spell_needs_sorcery` (docs/rules/trupp.md): only a character with Sorcery may buy spells.

    Sorcery is on the sheet (``attributes.sorcery``) or bought as an ability that gives
    it. One violation per spell.
    """

    code = "spell_needs_sorcery"
    message = N_("{name} has no Sorcery and cannot learn {spell}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        for i, entry, card in ctx.known_entries():
            if has_sorcery(card, entry, ctx.catalogue):
                continue
            for item in bought_items(entry, ctx.catalogue):
                if item.kind == SPELL:
                    yield self.violation(
                        entry=i, card=card.key, name=card.name, spell_key=item.key,
                        spell=item.name,
                    )


RULES = register(
    SystemRules(
        key=SYSTEM,
        params=PARAMS,
        validators={
            v.code: v
            for v in (
                UnknownKeyValidator,
                BattleSizeValidator,
                AlignmentValidator,
                UniqueCharacterValidator,
                OptionNotAllowedValidator,
                OneVeteranVariantValidator,
                SpellNeedsSorceryValidator,
            )
        },
        price_entry=price_entry,
        limit=limit,
        effective_stats=effective_stats,
    )
)
