"""The catalogue of a pack version, built once per version in each process (reads only).

A version never changes (a database trigger refuses it), so what is built from it is
kept for good, keyed by the version row's id (PostgreSQL never hands an id out twice),
in a bounded LRU (cachetools'): many players' packs must not grow the process without
limit. A hit costs no query and does not load the document; a miss loads it once and
converts it with the same converter as the official tables
(``rules.engine.pack_catalogue``).
"""

from __future__ import annotations

import threading

from cachetools import LRUCache

from armylists.packs import models
from rules import selectors as rules_selectors
from rules.engine.catalogue import Catalogue, PackOrigin
from rules.engine.pack_catalogue import catalogue_from_pack

# Enough for every official pack plus the packs a busy club builds on; a Godslayer
# catalogue is a few hundred kB in memory.
MAX_KEPT = 64


class VersionCatalogues:
    def __init__(self, max_kept: int = MAX_KEPT):
        self.max_kept = max_kept
        self._lock = threading.Lock()
        self._kept: LRUCache[int, Catalogue] = LRUCache(maxsize=max_kept)

    def forget(self) -> None:
        with self._lock:
            self._kept.clear()

    def get(self, version_id: int) -> Catalogue | None:
        with self._lock:
            return self._kept.get(version_id)  # a hit is now the most recently used

    def put(self, version_id: int, catalogue: Catalogue) -> None:
        with self._lock:
            self._kept[version_id] = catalogue  # the least recently used out when full

    def official(self, pack_id: str, number: int) -> Catalogue | None:
        """The kept catalogue of version ``number`` of ``pack_id``, if that pack was
        official when it was kept (readable by anyone: no reader to check), else None.
        For answering while PostgreSQL cannot be reached (rules/unreachable.py)."""
        with self._lock:
            for catalogue in list(self._kept.values()):
                origin = catalogue.origin
                if origin.official and origin.id == pack_id and origin.version == number:
                    return catalogue
        return None

    def __len__(self) -> int:
        return len(self._kept)


kept = VersionCatalogues()


def origin_of(version: models.PackVersion) -> PackOrigin:
    pack = version.pack
    return PackOrigin(
        id=pack.id,
        version=version.number,
        official=pack.official,
        content_hash=version.content_hash,
    )


def catalogue_for_version(version: models.PackVersion) -> Catalogue:
    """The catalogue of ``version`` (its ``pack`` row loaded; its document may be
    deferred: it is read only when the catalogue is not kept yet)."""
    hit = kept.get(version.pk)
    if hit is not None:
        return hit
    if "document" in version.get_deferred_fields():
        document = models.PackVersion.objects.values_list("document", flat=True).get(pk=version.pk)
    else:
        document = version.document
    built = catalogue_from_pack(document, origin_of(version))
    kept.put(version.pk, built)
    return built


def forget() -> None:
    kept.forget()


rules_selectors.on_forget(forget)
