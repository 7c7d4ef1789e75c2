"""List documents coming in, and the validate contract going out.

Every document that reaches the service layer comes through here: decoded and checked
against the schema's bounds first (before any other work), given ids where it has none,
and matched with its game system. ``result_payload`` is the one shape of a validation
answer, for the validate endpoint, saved lists and pages alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import get_language, gettext

from armylists.packs import catalogues as pack_catalogues
from armylists.packs import pinning
from rules import selectors, unreachable
from rules.engine import (
    Catalogue,
    DocumentError,
    ListDocument,
    ProblemAt,
    Result,
    decode,
    parse,
    validate,
    with_ids,
)
from rules.engine.aliases import canonical_list
from rules.engine.document import FORMAT, PackRef
from rules.engine.validation import UnknownSystem, rules_for


@dataclass(frozen=True)
class Checked:
    """A well-formed document with its game data and validation result. ``renames``: keys
    the game data renamed since the document was written, read as their new keys
    (``{"kind", "old", "new", "name", "path"}``)."""

    document: ListDocument
    catalogue: Catalogue
    result: Result
    renames: list = field(default_factory=list)


def document_new(
    *,
    system: str,
    faction: str | None,
    battle_size: int | None,
    name: str = "",
    role=None,
    pack: dict | None = None,
) -> ListDocument:
    return ListDocument(
        format=FORMAT,
        system=system,
        name=name,
        faction=faction,
        battle_size=battle_size,
        role=role,
        pack=PackRef(**pack) if pack else None,
    )


def document_read(*, data=None, body: bytes | None = None) -> ListDocument:
    """A document from decoded data or a raw JSON body, with ids on every entry; a malformed
    one raises DocumentError naming every problem."""
    document = decode(body) if body is not None else parse(data)
    return with_ids(document)


def catalogue_of(document: ListDocument, *, reader=None) -> Catalogue:
    """The game data of the document's system, or DocumentError (a 400) naming the system.

    A document that names a ``pack`` gets that pack version's data, if ``reader`` (a
    user, None for anonymous, ``pinning.SAVED`` for a saved list) may build on it."""
    if document.pack is not None:
        return _with_rules(_pinned(document, reader))
    catalogue = selectors.catalogue_get(key=document.system)
    if catalogue is None:
        known = ", ".join(s.key for s in selectors.system_list()) or "none loaded"
        raise DocumentError(
            [ProblemAt("system", f"unknown game system '{document.system}' (known: {known})")]
        )
    return _with_rules(catalogue)


def _pinned(document: ListDocument, reader) -> Catalogue:
    """The catalogue of the pack version the document names. While PostgreSQL cannot be
    reached, and only where the caller asked for it (rules/unreachable.py): the kept
    catalogue of an official pack's version (a version never changes, and an official
    pack is anybody's to read, so no reader needs looking up); any other pack needs the
    database to say who may read it, so its error stands (a 503)."""
    try:
        return pinning.pinned_catalogue(document=document, reader=reader)
    except unreachable.UNREACHABLE:
        fallback = unreachable.active()
        ref = document.pack
        kept = pack_catalogues.kept.official(ref.id, ref.version) if fallback else None
        if kept is None or kept.system != document.system:
            raise
        fallback.pack = True
        return kept


def _with_rules(catalogue: Catalogue) -> Catalogue:
    try:
        rules_for(catalogue.system)
    except UnknownSystem:
        raise DocumentError(
            [ProblemAt("system", f"no rules are installed for '{catalogue.system}'")]
        ) from None
    return catalogue


def document_check(
    *, document: ListDocument, catalogue: Catalogue | None = None, reader=None
) -> Checked:
    """Validate a document already read (its catalogue found if not given).

    A key the game data renamed since the document was written (an alias the pack
    declares) is read as its new key here, once for every reader (validate, pages,
    exports, shared pages, diffs), and ``renames`` says what was read so.
    """
    catalogue = catalogue or catalogue_of(document, reader=reader)
    document, renames = canonical_list(catalogue, document)
    return Checked(
        document=document,
        catalogue=catalogue,
        result=validate(catalogue, document),
        renames=renames,
    )


def list_check(*, data=None, body: bytes | None = None, reader=None) -> Checked:
    """Read and validate a document from outside (data or a raw JSON body); ``reader``:
    who sent it (the packs he may build on)."""
    return document_check(document=document_read(data=data, body=body), reader=reader)


def violation_dicts(*, checked: Checked, violations=None) -> list[dict]:
    """Violations as the contract shows them: the message in the active language, and the
    entry both by index (``entry``) and by id (``entry_id``)."""
    entries = checked.document.entries
    out = []
    for v in checked.result.violations if violations is None else violations:
        row = v.as_dict(message=message_for(v, checked.catalogue))
        row["entry_id"] = entries[v.entry].id if v.entry is not None else None
        out.append(row)
    return out


_TEMPLATES: dict[tuple[str, str], str] = {}
_NAMES: dict[tuple[str, str], tuple[Catalogue, dict]] = {}


def _local_names(catalogue: Catalogue, language: str) -> dict:
    """The game data's names -> their names in ``language`` (only those that differ), built
    once per catalogue and language."""
    key = (catalogue.system, language)
    cached = _NAMES.get(key)
    if cached is not None and cached[0] is catalogue:
        return cached[1]
    names = {}
    for group in (
        catalogue.factions,
        catalogue.cards,
        catalogue.items,
        catalogue.special_actions,
    ):
        for thing in group.values():
            local = thing.names.get(language)
            if local and local != thing.name:
                names[thing.name] = local
    # Keywords that are no card or item (Boarding Action's wargear): the engine names
    # them by their English name.
    for entry in (catalogue.attributes.get("keyword_names") or {}).values():
        if isinstance(entry, Mapping) and entry.get("en") and entry.get(language):
            names.setdefault(entry["en"], entry[language])
    _NAMES[key] = (catalogue, names)
    return names


def message_for(violation, catalogue: Catalogue | None = None) -> str:
    """The violation's message in the active language: its template translated (looked up
    once per template and language), the game data's names in that language where the
    pack gives them, and the rules' words it names translated."""
    language = (get_language() or "en").split("-")[0]
    key = (violation.template, language)
    template = _TEMPLATES.get(key)
    if template is None:
        template = _TEMPLATES[key] = gettext(violation.template)
    params = violation.params
    names = _local_names(catalogue, language) if catalogue is not None else {}
    if names or violation.words:
        params = {k: _local(v, names, translate=k in violation.words) for k, v in params.items()}
    return template.format(**params)


def _local(value, names: dict, *, translate: bool):
    if not isinstance(value, str):
        return value
    if translate:
        return ", ".join(gettext(word) for word in value.split(", "))
    if value in names:
        return names[value]
    # A list of names ("jump pack, wings"): each in the reader's language.
    return ", ".join(names.get(part, part) for part in value.split(", "))


def result_payload(*, checked: Checked) -> dict:
    """The validate contract: valid, points, violations (messages in the active language),
    plus a per-entry breakdown with names and effective stats."""
    result, catalogue = checked.result, checked.catalogue
    return {
        "valid": result.valid,
        "points": {
            "total": result.points.total,
            "limit": result.points.limit,
            "entries": result.points.entries,
            "special_actions": result.points.special_actions,
        },
        "violations": violation_dicts(checked=checked),
        "system": catalogue.system,
        "data_version": catalogue.data_version,
        "sample_data": catalogue.sample_data,
        "pack": pinning.pack_summary(catalogue),
        "breakdown": entry_breakdown(checked=checked),
        "renamed": checked.renames,
    }


def entry_breakdown(*, checked: Checked) -> list[dict]:
    """One row per entry: name, count, size, points, effective stats, and the facts the
    system adds (e.g. models and price per model of a Mordheim henchman group)."""
    catalogue, document = checked.catalogue, checked.document
    rules = rules_for(catalogue.system)
    rows = []
    for i, entry in enumerate(document.entries):
        card = catalogue.cards.get(entry.card) if entry.card else None
        row = {
            "entry": i,
            "id": entry.id,
            "card": entry.card,
            "name": card.name if card else (entry.custom.name if entry.custom else entry.card),
            "count": entry.count,
            "size": entry.size
            if entry.size is not None
            else (card.core_size if card and card.is_unit else None),
            "points": checked.result.points.entries[i],
            "known": card is not None or entry.custom is not None,
        }
        if card is not None and (card.stats or rules.effective_stats is not None):
            row["stats"] = rules.stats_for(card, entry, catalogue)
        if card is not None and rules.entry_facts is not None:
            row.update(rules.entry_facts(catalogue, document, entry))
        rows.append(row)
    return rows


def list_validate(*, body: bytes | None = None, data=None, reader=None) -> dict:
    """The whole answer of ``POST /api/v1/validate/``."""
    return result_payload(checked=list_check(body=body, data=data, reader=reader))
