"""A pack made from a BattleScribe catalogue, for the API and (later) the pack pages:
read the files (``armylists.battlescribe.catalogues``, hardened), let the game map them onto the
pack it starts from (``presenter.catalogue_importer()``), and store the document as a
new private pack or as the next version of one's own pack (``packs``: checked whole).

The pack an import starts from: for a new pack, the game's official pack as last loaded
(its special actions, limits and tables; its sample cards are replaced); for a next
version, that pack's latest version (its cards are replaced; what the game keeps of
them, e.g. bases the owner confirmed, the game's mapping decides).
"""

from __future__ import annotations

from dataclasses import dataclass

from armylists.battlescribe.catalogues import CatalogueError, read_library
from armylists.packs.models import Pack
from armylists.packs.services import PackRefused, pack_import, pack_publish
from armylists.presenters import all_presenters, presenter_for
from rules.engine import ProblemAt

__all__ = ["CatalogueImport", "catalogue_systems", "pack_from_catalogue"]


@dataclass
class CatalogueImport:
    pack: Pack
    version: int
    report: dict


def catalogue_systems() -> list[str]:
    """The games whose packs can be made from BattleScribe catalogues, by key."""
    return sorted(p.key for p in all_presenters() if p.catalogue_importer() is not None)


def _refuse(path: str, message: str, code: str):
    raise PackRefused([ProblemAt(path, message, code)])


def _system(system: str | None, pack: Pack | None) -> str:
    systems = catalogue_systems()
    if pack is not None:
        if system is not None and system != pack.system:
            _refuse("system", f"is '{system[:64]}', but pack {pack.id} is of '{pack.system}'",
                    "wrong_system")
        system = pack.system
    elif system is None:
        if len(systems) != 1:
            _refuse("system", f"name the game: one of {', '.join(systems)}", "required")
        system = systems[0]
    if system not in systems:
        _refuse("system", f"packs of '{system[:64]}' are not made from BattleScribe "
                f"catalogues (only {', '.join(systems) or 'none'})", "not_importable")
    return system


def _base(system: str, pack: Pack | None) -> dict:
    source = pack if pack is not None else (
        Pack.objects.filter(system=system, official=True).first()
    )
    latest = source.versions.order_by("-number").first() if source is not None else None
    if latest is None:
        _refuse("system", f"the game '{system}' has no pack loaded to start from", "no_pack")
    return latest.document


def _library(catalogue: bytes, game_system: bytes | None):
    try:
        return read_library(catalogue, game_system)
    except CatalogueError as exc:
        where = "game_system" if exc.message.startswith("game system:") else "catalogue"
        _refuse(where, exc.message, exc.code)


def pack_from_catalogue(
    *, user, catalogue: bytes, game_system: bytes | None = None, name: str,
    system: str | None = None, cost_type: str | None = None, pack: Pack | None = None,
) -> CatalogueImport:
    """A new private pack of ``user`` (or the next version of ``pack``, owner or editor,
    checked by the caller) from a catalogue; PackRefused names every problem."""
    system = _system(system, pack)
    base = _base(system, pack)
    library = _library(catalogue, game_system)
    importer = presenter_for(system).catalogue_importer()
    document, report = importer(
        library, base, name=name, cost_names=(cost_type,) if cost_type else None
    )
    book = library.books[0]
    note = f"imported from BattleScribe: {book.name} (revision {book.revision or '?'})"[:500]
    if pack is None:
        created = pack_import(user=user, system=system, name=name, document=document, note=note)
        return CatalogueImport(created, 1, report)
    latest = pack.versions.order_by("-number").values_list("number", flat=True).first()
    version = pack_publish(pack=pack, user=user, document=document, note=note,
                           base_version=latest)
    return CatalogueImport(pack, version.number, report)
