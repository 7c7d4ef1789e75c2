"""Roster import from BattleScribe and New Recruit, for the import page and the API alike.

A ``.ros`` / ``.rosz`` is read by ``armylists.battlescribe.rosters`` (hardened, bounded), its game
found from the roster's ``gameSystemName`` (or its catalogues' names) against each
game's ``battlescribe.game_systems`` words in its pack, or named by the caller; the
game's own mapping (``presenter.roster_importer()``, a ``battlescribe.py`` in the
game's presenter package) makes the list document and the report;
the document service checks the document like any other. Every refusal is a
DocumentError naming ``path`` (the form field or the body), so nothing is created.

Onto a pack version (``pack``, its id, and ``pack_version``, else its latest; one the
reader may build on): the
list is pinned to it and the game maps the roster with that version's data, so a pack
made from the roster's own catalogue turns its units into the pack's cards.
"""

from __future__ import annotations

from armylists.battlescribe.names import fold_name
from armylists.battlescribe.rosters import (
    Mapped,
    Roster,
    RosterError,
    looks_like_roster,
    read_roster,
)
from armylists.lists import documents
from armylists.lists import services as lists
from armylists.models import ArmyList
from armylists.packs import catalogues as pack_catalogues
from armylists.packs import pinning
from armylists.packs.models import Pack
from armylists.presenters import presenter_for
from rules import selectors
from rules.engine import DocumentError, ProblemAt
from rules.engine.catalogue import Catalogue
from rules.engine.document import ListDocument, PackRef

__all__ = ["looks_like_roster", "roster_document", "roster_import", "importable_systems"]


def _importer(system: str):
    return presenter_for(system).roster_importer()


def importable_systems() -> dict[str, Catalogue]:
    """The loaded games whose rosters can be imported, by key."""
    found = {}
    for system in selectors.system_list():
        catalogue = selectors.catalogue_get(key=system.key)
        if catalogue is not None and _importer(system.key) is not None:
            found[system.key] = catalogue
    return found


def detect_system(roster: Roster, catalogues: dict[str, Catalogue]) -> str | None:
    """The one game whose words are in the roster's game system name (else in its
    catalogues' names); None when no game or more than one claims it."""
    for places in ([roster.game_system_name], roster.catalogue_names()):
        folded = [fold_name(p) for p in places if p]
        claims = {
            key
            for key, catalogue in catalogues.items()
            for word in (catalogue.attributes.get("battlescribe") or {}).get("game_systems", [])
            if isinstance(word, str) and fold_name(word) and
            any(fold_name(word) in place for place in folded)
        }
        if len(claims) == 1:
            return claims.pop()
    return None


def _refuse(path: str, message: str, code: str = "invalid_roster"):
    raise DocumentError([ProblemAt(path, message, code)])


def _pack_catalogue(
    pack_id: str, number: int | None, system: str | None, reader
) -> tuple[PackRef, str, Catalogue]:
    """The pack version a roster goes onto (its latest when no number is given), its game
    and catalogue; DocumentError at ``pack`` for one the reader may not use (as if it did
    not exist)."""
    found = Pack.objects.filter(pk=pack_id).first()
    game = system or (found.system if found is not None else "")
    ref = PackRef(id=pack_id, version=number or 1)
    pack = pinning.pack_of_version(found, ref=ref, system=game, reader=reader)
    if number is None:
        number = pack.versions.order_by("-number").values_list("number", flat=True).first()
        ref = PackRef(id=pack_id, version=number or 1)
    version = pinning.version_of(pack=pack, number=ref.version)
    if _importer(game) is None:
        _refuse("pack", f"rosters cannot be imported into '{game}'", "invalid_system")
    return ref, game, pack_catalogues.catalogue_for_version(version)


def roster_document(
    *, raw: bytes, system: str | None = None, path: str = "", pack: str | None = None,
    pack_version: int | None = None, reader=None,
) -> tuple[ListDocument, Mapped]:
    """The list document of a roster file and its report; DocumentError if the file is
    not a roster, breaks a bound, or its game cannot be told or imported (or ``pack`` is
    not a pack version ``reader`` may build on)."""
    try:
        roster = read_roster(raw)
    except RosterError as exc:
        _refuse(path, exc.message, exc.code)
    if pack is not None:
        ref, system, catalogue = _pack_catalogue(pack, pack_version, system, reader)
        mapped = _importer(system)(roster, catalogue)
        mapped.document["pack"] = ref.to_dict()
        return _checked(mapped, path), mapped
    catalogues = importable_systems()
    names = ", ".join(sorted(catalogues)) or "none loaded"
    if system:
        if system not in catalogues:
            _refuse("system", f"rosters cannot be imported into '{system[:64]}' (they can "
                    f"into: {names})", "invalid_system")
    else:
        system = detect_system(roster, catalogues)
        if system is None:
            _refuse("system", f"cannot tell which game the roster is for (game system "
                    f"'{roster.game_system_name[:100]}'): name it with system ({names})",
                    "unknown_system")
    catalogue = catalogues[system]
    mapped = _importer(system)(roster, catalogue)
    return _checked(mapped, path), mapped


def _checked(mapped: Mapped, path: str) -> ListDocument:
    try:
        return documents.document_read(data=mapped.document)
    except DocumentError as exc:  # a mapping's bug or a bound of the document
        _refuse(path, "the roster does not make a valid list: " + "; ".join(
            f"{e.path}: {e.message}" for e in exc.errors[:5]))


def roster_import(
    *, owner, raw: bytes, system: str | None = None, path: str = "",
    pack: str | None = None, pack_version: int | None = None,
) -> tuple[ArmyList, Mapped]:
    """Save a roster file as a new list (legal or not); a refused one creates nothing."""
    document, mapped = roster_document(raw=raw, system=system, path=path, pack=pack,
                                       pack_version=pack_version, reader=owner)
    return lists.list_create(owner=owner, data=document), mapped
