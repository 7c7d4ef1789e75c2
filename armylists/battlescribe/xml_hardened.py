"""Reading untrusted BattleScribe XML (rosters, catalogues, game systems), bounded: one
place for the hardening that every BattleScribe reader shares.

- XML through ``defusedxml`` with DTDs forbidden: no entity expansion (billion laughs),
  no external entities or DTDs;
- a zip has at most ``Bounds.zip_members`` members and exactly one of the wanted kind;
  that member is read in chunks and refused past ``Bounds.xml_bytes`` whatever its
  header claims (zip bombs), as is a plain XML body;
- at most ``Bounds.elements`` elements, nested at most ``Bounds.depth`` deep, counted
  while parsing, so the tree is never built past the limits.

Every refusal is the caller's error class, built as ``error(message, code)``.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from dataclasses import dataclass

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

CHUNK = 64 * 1024
ZIP_MAGIC = b"PK\x03\x04"


@dataclass(frozen=True)
class Bounds:
    """What one kind of file may be, and how it is named in messages."""

    what: str  # "roster", "catalogue"
    zip_name: str  # ".rosz", ".catz or .gstz"
    suffixes: tuple[str, ...]  # the members a zip may hold: (".ros",)
    roots: tuple[str, ...]  # the root elements of the kind: ("roster",)
    xml_bytes: int
    elements: int
    depth: int
    zip_members: int = 4

    @property
    def member(self) -> str:
        return " or ".join(self.suffixes)


def is_zip(raw: bytes) -> bool:
    return raw.startswith(ZIP_MAGIC)


def unzip_one(raw: bytes, bounds: Bounds, error) -> bytes:
    """The one wanted member of a zip, unpacked in chunks within ``bounds.xml_bytes``."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        raise error(f"not a readable zip file ({bounds.zip_name})", "invalid_zip") from None
    if len(members) > bounds.zip_members:
        raise error(
            f"the zip file has {len(members)} members; a {bounds.zip_name} holds one "
            f"{bounds.what} (at most {bounds.zip_members} members)",
            "invalid_zip",
        )
    wanted = [
        m for m in members
        if m.filename.casefold().endswith(bounds.suffixes) and not m.is_dir()
    ]
    if len(wanted) != 1:
        raise error(
            f"the zip file holds no {bounds.member} {bounds.what}" if not wanted
            else f"the zip file holds more than one {bounds.member} {bounds.what}",
            "invalid_zip",
        )
    out = bytearray()
    try:
        with archive.open(wanted[0]) as member:
            while chunk := member.read(CHUNK):
                out += chunk
                if len(out) > bounds.xml_bytes:
                    raise error(
                        f"the {bounds.what} in the zip file is larger than "
                        f"{bounds.xml_bytes} bytes unpacked",
                        "too_large",
                    )
    except error:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, RuntimeError, NotImplementedError,
            ValueError):
        # RuntimeError: encrypted; NotImplementedError: an unknown compression method.
        raise error(
            f"the {bounds.what} in the zip file cannot be unpacked", "invalid_zip"
        ) from None
    return bytes(out)


def local(tag) -> str:
    """An element's name without its namespace ("{ns}roster" -> "roster")."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _check_root(element, bounds: Bounds, error) -> None:
    name = local(element.tag)
    if name not in bounds.roots:
        wanted = " or ".join(f"<{r}>" for r in bounds.roots)
        raise error(
            f"not a BattleScribe {bounds.what}: the file's root element is <{name[:40]}>, "
            f"not {wanted}",
            f"not_a_{bounds.what}",
        )


def parse_bounded(xml: bytes, bounds: Bounds, error):
    """The root element, parsed with DTDs and entities forbidden and the tree bounded."""
    if len(xml) > bounds.xml_bytes:
        raise error(f"the {bounds.what} is larger than {bounds.xml_bytes} bytes", "too_large")
    depth = count = 0
    root = None
    try:
        for event, element in SafeET.iterparse(
            io.BytesIO(xml), events=("start", "end"), forbid_dtd=True
        ):
            if event == "end":
                depth -= 1
                continue
            if root is None:
                root = element
                _check_root(element, bounds, error)
            depth += 1
            count += 1
            if depth > bounds.depth:
                raise error(f"the {bounds.what} is nested more than {bounds.depth} deep",
                            "too_deep")
            if count > bounds.elements:
                raise error(
                    f"the {bounds.what} has more than {bounds.elements} elements", "too_large"
                )
    except DefusedXmlException:
        raise error(
            f"the XML declares a DTD or entities, which {bounds.what}s never need; refused",
            "forbidden_xml",
        ) from None
    except SafeET.ParseError as exc:
        raise error(f"not well-formed XML: {exc}", "invalid_xml") from None
    if root is None:
        raise error("the file is empty", "invalid_xml")
    return root


def read_bounded(raw: bytes, bounds: Bounds, error):
    """The root element of a plain or zipped file of the kind ``bounds`` describes."""
    xml = unzip_one(raw, bounds, error) if is_zip(raw) else raw
    return parse_bounded(xml, bounds, error)
