"""Pack versions: the content hash, and the site's official packs as versions.

``load_official_pack_file`` is what ``loadpack`` runs: it loads the file into the game
tables as it always did (``armylists.packs.tables.load_pack``), then records the pack as it now
stands (``dump_pack``: every default written out, so the hash does not depend on the
file's formatting) as the next version of the system's official pack, but only when
its content hash differs from the latest version's. Both happen in one transaction: a
refused pack changes nothing, tables or versions.

``load_official_pack_file_if_changed`` is what ``loadpack`` runs at every ``make run``:
when the file's bytes are those of the system's last load and the tables were not
edited since (the system's updated_at is still the one that load left; every admin edit
touches it), it skips parsing, checking and rewriting, and says so. Anything else (a
changed file, an admin edit, another file loaded for the system since, a new loader)
reloads everything as before, and so does ``force``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from django.db import transaction
from django.db.models import F

from armylists.packs import models
from armylists.packs.checks import SCHEMA_PATH
from armylists.packs.tables import FORMAT, PackError, dump_pack, load_pack, read_pack_file
from rules.engine.document import ProblemAt
from rules.models import GameSystem

# Raise when load_pack writes the same file into different rows (a new column filled
# from the pack, say): every database then reloads each pack once, however unchanged.
LOADER_REVISION = 1


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


def load_official_pack_file(path: str | Path) -> tuple[GameSystem, models.PackVersion, bool]:
    """Load a pack file into the game tables and record it as an official version."""
    digest = file_digest(path)
    pack = read_pack_file(path)
    with transaction.atomic():
        system = load_pack(pack, source=str(path))
        version, created = record_official_version(
            system.key, note=f"loaded from {Path(path).name}"
        )
        # The stamp the load just left, copied in the database: update() leaves
        # updated_at as it is, so the two stay equal until the tables change.
        GameSystem.objects.filter(pk=system.pk).update(
            pack_file_digest=digest, pack_loaded_at=F("updated_at")
        )
    return system, version, created


def file_digest(path: str | Path) -> str:
    """SHA-256 (hex) of the file's bytes and of what reads them (format, schema, loader)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PackError([ProblemAt("", f"cannot read {path}: {exc.strerror}")], str(path)) from exc
    reader = f"{FORMAT}\n{LOADER_REVISION}\n".encode() + SCHEMA_PATH.read_bytes()
    return hashlib.sha256(hashlib.sha256(reader).digest() + data).hexdigest()


def unchanged_since_last_load(
    path: str | Path,
) -> tuple[GameSystem, models.PackVersion] | None:
    """(system, its official version) when the file is the one its tables hold as loaded."""
    system = GameSystem.objects.filter(
        pack_file_digest=file_digest(path), updated_at=F("pack_loaded_at")
    ).first()
    if system is None:
        return None
    version = (
        models.PackVersion.objects.filter(pack__system=system.key, pack__official=True)
        .order_by("-number")
        .first()
    )
    return None if version is None else (system, version)


def load_official_pack_file_if_changed(
    path: str | Path, *, force: bool = False
) -> tuple[GameSystem, models.PackVersion, str]:
    """(system, version, what happened): "skipped" (same file, tables untouched since its
    load), "recorded" (loaded, a new official version) or "unchanged" (loaded, same
    content as the latest version)."""
    found = None if force else unchanged_since_last_load(path)
    if found is not None:
        return (*found, "skipped")
    system, version, created = load_official_pack_file(path)
    return system, version, "recorded" if created else "unchanged"
