"""Pack files (YAML or JSON, as ``manage.py dumppack`` writes them) read from an upload:
bounded before they are parsed, YAML without anchors and aliases (a few lines of them
can expand into millions of nodes), refused whole with the reason."""

from __future__ import annotations

import json

import yaml

from armylists.packs.services import MAX_BYTES, PackRefused
from rules.engine import ProblemAt

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _refused(message: str, code: str = "invalid") -> PackRefused:
    return PackRefused([ProblemAt("file", message, code)])


def _yaml(text: str):
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise _refused("uses YAML anchors or aliases; write each value out", "yaml_alias")
    return yaml.load(text, Loader=SAFE_LOADER)


def pack_file_read(data: bytes, filename: str = "") -> dict:
    """The document in a pack file's bytes (JSON when it looks like JSON, else YAML)."""
    if len(data) > MAX_BYTES:
        raise _refused(f"is larger than {MAX_BYTES} bytes", "too_large")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refused("is not UTF-8 text") from None
    if "\x00" in text:
        raise _refused("contains the NUL character", "nul_character")
    as_json = filename.lower().endswith(".json") or text.lstrip().startswith("{")
    try:
        document = json.loads(text) if as_json else _yaml(text)
    except (json.JSONDecodeError, yaml.YAMLError, RecursionError) as exc:
        kind = "JSON" if as_json else "YAML"
        raise _refused(f"is not valid {kind}: {str(exc)[:300]}", "parse_error") from None
    if not isinstance(document, dict):
        raise _refused("does not hold a pack (a mapping with 'format' and 'system')")
    return document
