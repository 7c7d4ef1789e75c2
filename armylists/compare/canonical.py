"""The hash of a frozen list: exactly which bytes, so anyone can compute it again.

``snapshot_hash`` is the SHA-256 (hex) of the canonical JSON of one object with three
keys::

    {"data_version": <the game data's version>, "document": <the list>, "system": <key>}

Canonical JSON: keys sorted at every level, no whitespace between tokens (separators
"," and ":"), non-ASCII characters written as themselves, encoded as UTF-8. The documents
hold only strings, whole numbers, booleans, null, arrays and objects (no floats), so this
is the same byte string RFC 8785 (JCS) gives for them.

"The list" is the list document as this program writes it (``ListDocument.to_dict``, the
form export writes: every field present with its default, a hero's name and notes only
when set), read back from any equivalent JSON (key order, whitespace, omitted defaults do
not matter), with two things left out:

- ``data_version``: it is the hash's third part already;
- the ``id`` of every entry and special-action purchase. Ids are this program's
  bookkeeping (what edits, diffs and logs point at), not part of the army: a list rebuilt
  by hand, or imported without its ids (which gives it new ones), is the same army and
  matches. Everything else counts, in its order: name, faction, battle size, role,
  notes, and each entry's card, count, size, items, options, name and notes.

A list built on a pack version (its document names ``"pack": {"id", "version"}``) adds a
fourth key, ``"pack_hash"``: that version's ``content_hash`` (the SHA-256 of the pack's
canonical JSON), so the hash covers the data the list was judged by, not just its name.
Lists on the official data as loaded have no such key: their hashes are as before.
"""

from __future__ import annotations

import hashlib
import json

from rules.engine import ListDocument

CODE_LENGTH = 20  # hex digits of the hash that make a snapshot's code: 80 bits


def canonical_json(value) -> bytes:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def hashed_document(document: ListDocument) -> dict:
    """The part of a list the hash covers (see the module's docstring)."""
    data = document.to_dict()
    data.pop("data_version", None)
    for part in ("entries", "special_actions"):
        for row in data[part]:
            row.pop("id", None)
    return data


def snapshot_hash(
    *, document: ListDocument, system: str, data_version: str, pack_hash: str | None = None
) -> str:
    hashed = {"data_version": data_version, "document": hashed_document(document), "system": system}
    if pack_hash is not None:
        hashed["pack_hash"] = pack_hash
    return hashlib.sha256(canonical_json(hashed)).hexdigest()


def code_of(digest: str) -> str:
    return digest[:CODE_LENGTH]
