"""A BattleScribe catalogue as a Boarding Action pack (issue 20): each unit becomes a
card, on top of the pack the import starts from (its special actions, limits and
tables are kept; its sample cards are replaced).

A unit of the catalogue (a top-level entry or link of type unit or model, or a shared
entry of type unit that no top-level link reaches) becomes a card:
- ``points``: its minimum fielding, default selections included (``catalogue_eval``);
  ``attributes.models`` the number of models in it;
- ``attributes.unit_type``: from its profiles' type names, their "Type" characteristic
  ("Vehicle (Walker)") and its categories, through the pack's ``battlescribe.unit_types``
  table, ``type_precedence`` deciding between several (a Walker profile makes a walker;
  a vehicle that is none stays a vehicle, which ``forbidden_unit`` refuses);
- ``attributes.wargear``: the names of what it carries by default;
- ``options``: what it may take, each an item of kind ``wargear`` named as in the
  catalogue, at the catalogue's cost (a "Jump Pack" option meets ``forbidden_wargear``
  once chosen);
- ``attributes.max_per_list``: the catalogue's "max n per roster" (``fielding_limit``);
- ``base_mm``: BattleScribe data has no bases, so the pack's ``default_base_mm`` of the
  type, with ``attributes.base_unconfirmed: true`` until the owner confirms or corrects it;
- ``attributes.battlescribe_id``: the catalogue's entry id (rosters match on it),
  ``attributes.profiles``: its profiles as written, ``attributes.category``: the primary
  category.

Modifiers are evaluated (issue 30, docs/battlescribe-evaluator.md, ``catalogue_eval``):
costs, names, whether an option is offered and the per-list limit are the catalogue's as
modified for the unit alone; what depends on the rest of a list is kept on the card
(``attributes.battlescribe_rules``, the modifiers themselves once in
``system.attributes.battlescribe.modifiers``) for the rules to evaluate.

Pure: no Django, no database. The report has a row per unit (``entries``), every entry
skipped and why (``skipped``), and every modifier: ``applied``, became a rule (``rules``)
or ``not_evaluated``, with their counts (``modifiers``).
"""

from __future__ import annotations

import copy
import re

from armylists.battlescribe.catalogues import Book, Entry, Library, Link
from armylists.battlescribe.data import library_index
from armylists.battlescribe.names import fold_name
from armylists.games.boarding_action.catalogue_eval import Evaluated, UnitEvaluator
from armylists.games.boarding_action.catalogue_ledger import Ledger
from armylists.games.boarding_action.catalogue_prune import keep_ids
from rules.engine.document import MAX_POINTS

MAX_OPTIONS = 100  # a list entry takes at most 100 options
MAX_WARGEAR = 50
MAX_PROFILES = 10
UNIT_TYPES = ("unit", "model")
TYPE_CHARACTERISTICS = ("type", "unit type")
NEW_VALIDATORS = ({"code": "fielding_limit"}, {"code": "card_option"},
                  {"code": "catalogue_hidden"})


def slug(text: str, taken: set[str], prefix: str = "") -> str:
    base = prefix + (re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:80] or "entry")
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    taken.add(key)
    return key


def type_words(walked: Evaluated) -> list[str]:
    """Words that may name a unit type: profile type names, "Type" values and the words
    in their brackets ("Vehicle (Walker)" -> Vehicle, Walker), category names."""
    words: list[str] = []
    for profile in walked.profiles:
        words.append(profile.type_name)
        for name, value in profile.characteristics:
            if name.casefold() in TYPE_CHARACTERISTICS:
                words.append(value)
                words.extend(w for w in re.split(r"[(),/]+", value) if w.strip())
    return words + walked.category_names


def unit_type_of(words: list[str], settings: dict, fold=fold_name) -> str | None:
    table = {fold(k): v for k, v in (settings.get("unit_types") or {}).items()}
    found = {table[fold(w)] for w in words if fold(w) in table}
    found.discard(None)
    if not found:
        return None
    order = list(settings.get("type_precedence") or ())
    return min(found, key=lambda t: (order.index(t) if t in order else len(order), t))


def units_of(library: Library, skipped: list[dict]) -> list[tuple[Entry, Link | None]]:
    """The catalogue's units, each once, in the order of the file."""
    book = library.books[0]
    found: list[tuple[Entry, Link | None]] = []
    seen: set[str] = set()

    def consider(entry: Entry, link: Link | None) -> None:
        name = link.name if link is not None and link.name else entry.name
        if entry.id in seen:
            return
        seen.add(entry.id)
        if entry.hidden or (link is not None and link.hidden):
            skipped.append(_skip(name, entry.id, "hidden in the catalogue", "hidden"))
        elif entry.type not in UNIT_TYPES:
            skipped.append(_skip(name, entry.id, f"an entry of type '{entry.type[:20]}' at the "
                                 "top level, not a unit or model", "not_a_unit",
                                 entry_type=entry.type[:20]))
        else:
            found.append((entry, link))

    for entry in book.entries:
        consider(entry, None)
    for link in book.links:
        target = library.entry(link.target_id) if link.type != "selectionEntryGroup" else None
        if target is None:
            skipped.append(_skip(
                link.name or link.id, link.target_id,
                "a top-level link to no entry of this catalogue or its game system",
                "no_entry",
            ))
        else:
            consider(target, link)
    for entry in book.shared_entries:
        if entry.type == "unit":
            consider(entry, None)
    return found


def _skip(name: str, entry_id: str, reason: str, code: str, **params) -> dict:
    """A skipped entry: ``reason`` in words (English, as the API answers it), ``code``
    and its ``params`` for the pages to word it in the reader's language."""
    return {"entry": name[:200], "entry_id": entry_id[:100], "reason": reason, "code": code,
            **params}


class PackBuilder:
    def __init__(self, library: Library, base: dict, cost_names: tuple[str, ...] | None):
        self.library = library
        self.pack = copy.deepcopy(base)
        attributes = self.pack["system"].setdefault("attributes", {})
        self.settings = dict(attributes.get("battlescribe") or {})
        names = cost_names or tuple(self.settings.get("cost_names") or ("pts", "points"))
        self.ledger = Ledger(library_index(library.books))
        self.evaluator = UnitEvaluator(library, tuple(names), self.ledger)
        self.modifiers: dict[str, dict] = {}  # what the cards' rules name, by ref
        self.bases = self.settings.get("default_base_mm") or {}
        self.card_keys: set[str] = set()
        # A new version of a pack made from a catalogue: the options of the last import
        # are made again (not kept twice), and a base the owner confirmed stays.
        self.pack["items"] = [i for i in self.pack.get("items", [])
                              if not (i.get("attributes") or {}).get("from_battlescribe")]
        self.confirmed = {
            c["attributes"]["battlescribe_id"]: c["base_mm"]
            for c in self.pack.get("cards", [])
            if isinstance(c.get("attributes"), dict) and c["attributes"].get("battlescribe_id")
            and c["attributes"].get("base_unconfirmed") is False and c.get("base_mm")
        }
        self.item_keys = {i["key"] for i in self.pack["items"]}
        self.items: dict[str, dict] = {}  # folded option name -> item
        self.folded: dict[str, str] = {}  # names repeat thousands of times in a codex
        self.report = {"entries": [], "skipped": [], "not_evaluated": [], "applied": [],
                       "rules": [], "modifiers": {}}

    def fold(self, name: str) -> str:
        if name not in self.folded:
            self.folded[name] = fold_name(name)
        return self.folded[name]

    def option_key(self, name: str) -> str:
        folded = self.fold(name) or name.casefold()
        if folded not in self.items:
            key = slug(name, self.item_keys, "opt-")
            self.items[folded] = {"key": key, "name": name[:100] or key, "kind": "wargear",
                                  "points": 0, "attributes": {"from_battlescribe": True}}
        return self.items[folded]["key"]

    def card(self, entry: Entry, link: Link | None) -> dict | None:
        name = (link.name if link is not None and link.name else entry.name)[:100]
        walked = self.evaluator.evaluate(entry.id, link.id if link is not None else "", name)
        if walked is None or walked.hidden_here:
            self.report["skipped"].append(_skip(name, entry.id, "hidden in the catalogue (by a "
                                                "modifier that holds for the unit alone)",
                                                "hidden_by_modifier"))
            return None
        name = (walked.name or name)[:100]
        unit_type = unit_type_of(type_words(walked), self.settings, self.fold)
        confirmed = self.confirmed.get(entry.id)
        base = confirmed if confirmed is not None else self._base(unit_type)
        options, rules, held = self._options(walked)
        points = min(max(round(walked.points), 0), MAX_POINTS)
        limit = walked.limit
        attributes = {
            "unit_type": unit_type,
            "wargear": walked.wargear[:MAX_WARGEAR],
            "models": walked.models,
            "category": walked.primary_category,
            "categories": walked.category_names[:20],
            "battlescribe_id": entry.id,
            "base_unconfirmed": confirmed is None,
            "profiles": [
                {"name": p.name, "type": p.type_name, "characteristics": dict(p.characteristics)}
                for p in walked.profiles[:MAX_PROFILES]
            ],
            **self._evaluated(entry, link, walked, held, rules),
        }
        if limit is not None and limit > 0:
            attributes["max_per_list"] = limit
        card = {
            "key": slug(name, self.card_keys),
            "name": name or "?",
            "points": points,
            "base_mm": base,
            "options": [{"key": k, "points": p} for k, p in options.items()],
            "attributes": attributes,
        }
        self._row(entry, name, card, walked, limit)
        return card

    def _evaluated(self, entry: Entry, link: Link | None, walked: Evaluated, held: dict,
                   option_rules: list[dict]) -> dict:
        """What the rules need of a unit to evaluate the codex against a list."""
        found = {
            "battlescribe_link": link.id if link is not None else "",
            "battlescribe_type": entry.type or "unit",
            "battlescribe_categories": walked.category_ids[:20],
            "battlescribe_defaults": walked.defaults,
            "battlescribe_options": held,
        }
        rules = [*self._rules(walked.rules), *option_rules]
        if rules:
            found["battlescribe_rules"] = rules
        return found

    def _base(self, unit_type: str | None) -> int | None:
        return self.bases.get(unit_type) if unit_type else None

    def _options(self, walked: Evaluated) -> tuple[dict[str, int], list[dict], dict]:
        """The card's options (item key -> points), their rules and their catalogue ids."""
        options: dict[str, int] = {}
        rules: list[dict] = []
        held: dict[str, dict] = {}
        # Two options of one name: the one the unit or its defaults offer is the option
        # (one offered below another option, e.g. a shield of other armour, is not).
        for option in sorted(walked.options, key=lambda o: o.depth):
            key = self.option_key(option.name)
            if key in options or len(options) >= MAX_OPTIONS:
                continue
            options[key] = min(max(round(option.points), 0), MAX_POINTS)
            held[key] = {"id": option.entry_id, "link": option.link_id,
                         "parent": option.parent_id}
            rules += self._rules({**r, "key": key} for r in option.rules)
        return options, rules, held

    def _rules(self, rules) -> list[dict]:
        """Rules as the pack keeps them; the modifiers they name, once for the pack."""
        kept = []
        for rule in rules:
            for ref in rule["modifiers"]:
                if ref not in self.modifiers:
                    self.modifiers[ref] = self.ledger.data(self.ledger.seen[ref].modifier)
            kept.append(rule)
        return kept

    def _row(self, entry: Entry, name: str, card: dict, walked: Evaluated, limit) -> None:
        unit_type = card["attributes"]["unit_type"]
        described = unit_type.replace("_", " ") if unit_type else "no unit type"
        base = card["base_mm"]
        default = base is not None and card["attributes"]["base_unconfirmed"]
        base_text = (f"{base} mm base (default, not from the catalogue)" if default
                     else f"{base} mm base (confirmed)" if base else "no base")
        limit_text = ""
        if limit is not None:
            limit_text = (f", at most {limit} per list" if limit > 0
                          else ", max 0 per roster in the catalogue (not applied: a modifier "
                          "usually raises it)")
        ruled = [r["value"] for r in walked.rules if r["field"] == "limit"]
        alone = int(min(ruled)) if ruled and limit is None else None
        if alone is not None:
            limit_text = (f", at most {alone} per list on its own (a rule of the "
                          "codex changes it with the rest of the list)")
        rules = len(card["attributes"].get("battlescribe_rules") or ())
        rules_text = f", {rules} rule(s) evaluated against the list" if rules else ""
        self.report["entries"].append({
            "entry": name,
            "entry_id": entry.id,
            "type": entry.type,
            "became": (f"card {card['key']}: {name} ({described}, {base_text}), "
                       f"{card['points']} points for {walked.models} model(s), "
                       f"{len(card['options'])} option(s){limit_text}{rules_text}"),
            "card": card["key"],
            "unit_type": unit_type,
            "points": card["points"],
            "models": walked.models,
            "base_mm": base,
            "base_mm_default": default,
            "options": len(card["options"]),
            "max_per_list": card["attributes"].get("max_per_list"),
            # What "became" says of the limit, for the pages to say it in the reader's
            # language (catalogue_report.py): the catalogue's, and the codex's on its own.
            "limit": limit,
            "limit_alone": alone,
            "not_offered": walked.hidden[:50],
            "problems": walked.broken[:50],
            "rules": rules,
        })

    def build(self, name: str) -> dict:
        cards = [c for e, k in units_of(self.library, self.report["skipped"])
                 if (c := self.card(e, k)) is not None]
        book = self.library.books[0]
        keep_ids(cards, self.modifiers.values())
        self.pack["cards"] = cards
        self.pack["items"] = self.pack["items"] + list(self.items.values())
        validators = self.pack.setdefault("validators", [])
        codes = {v["code"] for v in validators}
        validators.extend(dict(v) for v in NEW_VALIDATORS if v["code"] not in codes)
        self._system(book, name)
        self.report.update(self.ledger.report())
        return self.pack

    def _system(self, book: Book, name: str) -> None:
        system = self.pack["system"]
        system["sample_data"] = False
        system["data_version"] = f"bs-{book.revision or '0'}"[:64]
        system["description"] = (
            f"{name}: units imported from the BattleScribe catalogue '{book.name}' "
            f"(revision {book.revision or '?'}). Points and options are the catalogue's, "
            "with its modifiers evaluated (what depends on the rest of a list is evaluated "
            "when the list is checked); base sizes are the pack's defaults per unit type, "
            "not from the catalogue, until confirmed."
        )[:2000]
        self.settings["catalogue"] = {
            "id": book.id, "name": book.name, "revision": book.revision,
            "game_system_id": book.game_system_id,
        }
        self.settings["cost_type_id"] = next(iter(self.evaluator.cost_ids), "")
        self.settings["modifiers"] = self.modifiers
        system["attributes"]["battlescribe"] = self.settings


def catalogue_pack(library: Library, base: dict, *, name: str,
                   cost_names: tuple[str, ...] | None = None) -> tuple[dict, dict]:
    """(pack document, report) of ``library`` on top of the pack document ``base``."""
    builder = PackBuilder(library, base, cost_names)
    return builder.build(name), builder.report
