"""Pack versions: the content hash, and the site's official packs as versions.

``load_official_pack_file`` is what ``loadpack`` runs: it loads the file into the game
tables as it always did (``rules.packs.load_pack``), then records the pack as it now
stands (``dump_pack``: every default written out, so the hash does not depend on the
file's formatting) as the next version of the system's official pack, but only when
its content hash differs from the latest version's. Both happen in one transaction: a
refused pack changes nothing, tables or versions.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from django.db import transaction

from . import models
from .packs import dump_pack, load_pack, read_pack_file


def canonical_json(document) -> bytes:
    """Sorted keys, no whitespace, UTF-8: the same data gives the same bytes."""
    return json.dumps(
        document, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")


def content_hash(document) -> str:
    """SHA-256 (hex) of the document's canonical JSON."""
    return hashlib.sha256(canonical_json(document)).hexdigest()


def official_pack(system_key: str, name: str) -> models.Pack:
    """The system's official pack (created on the first load; public, no owner)."""
    pack, _ = models.Pack.objects.get_or_create(
        system=system_key,
        official=True,
        defaults={"id": system_key, "name": name, "visibility": models.Pack.PUBLIC},
    )
    return pack


def next_version_number(pack: models.Pack) -> int:
    latest = pack.versions.order_by("-number").values_list("number", flat=True).first()
    return (latest or 0) + 1


def record_official_version(
    system_key: str, *, note: str = ""
) -> tuple[models.PackVersion, bool]:
    """The official pack's version for the tables as they are now: (version, created)."""
    document = dump_pack(system_key)
    digest = content_hash(document)
    with transaction.atomic():
        pack = official_pack(system_key, document["system"]["name"])
        # Lock the pack row: two loads at once must not both take number N+1.
        models.Pack.objects.select_for_update().filter(pk=pack.pk).first()
        latest = pack.versions.order_by("-number").first()
        if latest is not None and latest.content_hash == digest:
            return latest, False
        version = models.PackVersion.objects.create(
            pack=pack,
            number=next_version_number(pack),
            note=note[:500],
            content_hash=digest,
            document=document,
        )
        return version, True


def load_official_pack_file(path: str | Path) -> tuple[models.GameSystem, models.PackVersion, bool]:
    """Load a pack file into the game tables and record it as an official version."""
    pack = read_pack_file(path)
    with transaction.atomic():
        system = load_pack(pack, source=str(path))
        version, created = record_official_version(
            system.key, note=f"loaded from {Path(path).name}"
        )
    return system, version, created
