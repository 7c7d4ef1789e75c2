"""Players' packs: fork, import, change, delete, publish (services write; reads are in
``armylists.packs.selectors``).

A pack document is untrusted input: before anything is stored it is bounded (size,
rows per section, nesting, string lengths, no NUL or unpaired surrogate) and then checked
whole by the pack schema and the pack's own references (``armylists.packs.checks.check_pack``:
keys that exist, validators of the game's own codes). A refusal names every problem by
its path and changes nothing.
"""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from armylists.packs import selectors as pack_selectors
from armylists.packs.checks import check_pack
from armylists.packs.models import Pack, PackLink, PackVersion, new_share_token
from armylists.packs.tables import FORMAT
from armylists.packs.versions import canonical_json, content_hash, next_version_number
from rules.engine import ProblemAt
from rules.engine.pack_diff import pack_changes

# Bounds of one pack document. The largest official pack (Mordheim) has about 300 rows
# in its largest section, nests 14 levels (its campaign's exploration table) and takes
# a few hundred KB as JSON.
MAX_BYTES = 2_000_000
MAX_ROWS = 2_000
MAX_DEPTH = 16
MAX_STRING = 10_000
MAX_EDITORS = 50
SECTIONS = ("validators", "factions", "items", "cards", "special_actions")
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


class PackRefused(Exception):
    """A 400: every problem, by path (in the request body)."""

    def __init__(self, problems: list[ProblemAt]):
        self.problems = problems
        super().__init__("; ".join(f"{p.path}: {p.message}" for p in problems))


class StaleBase(Exception):
    """A 409: the version an edit started from is not the latest any more."""

    def __init__(self, latest: int | None):
        self.latest = latest
        super().__init__(f"the latest version is {latest}")


def _text_problems(text: str, path: str) -> list[ProblemAt]:
    if "\x00" in text:
        return [ProblemAt(path, "contains the NUL character", "nul_character")]
    if _LONE_SURROGATE.search(text):
        return [ProblemAt(path, "contains an unpaired surrogate", "invalid_string")]
    if len(text) > MAX_STRING:
        return [ProblemAt(path, f"is longer than {MAX_STRING} characters", "max_length")]
    return []


def _bound_problems(document, prefix: str) -> list[ProblemAt]:
    """Where the document breaks the bounds (a walk without recursion; at most 20)."""
    problems: list[ProblemAt] = []
    stack = [(document, prefix, 0)]
    while stack and len(problems) < 20:
        node, path, depth = stack.pop()
        if isinstance(node, str):
            problems += _text_problems(node, path)
            continue
        if depth > MAX_DEPTH and isinstance(node, (dict, list)):
            problems.append(ProblemAt(path, f"is nested more than {MAX_DEPTH} deep", "too_deep"))
            continue
        if isinstance(node, dict):
            for key, value in node.items():
                if not isinstance(key, str) or "\x00" in key or _LONE_SURROGATE.search(key):
                    problems.append(ProblemAt(path, "a field name is not text", "invalid_string"))
                    continue
                stack.append((value, f"{path}.{key}", depth + 1))
        elif isinstance(node, list):
            stack.extend((value, f"{path}[{i}]", depth + 1) for i, value in enumerate(node))
    return problems


def document_problems(document, *, system: str, prefix: str = "document") -> list[ProblemAt]:
    """Every reason to refuse ``document`` as a pack of ``system``; empty when none."""
    if not isinstance(document, dict):
        return [ProblemAt(prefix, f"must be a {FORMAT} document (a JSON object)", "invalid")]
    problems = _bound_problems(document, prefix)
    if problems:
        return problems
    for section in SECTIONS:
        rows = document.get(section)
        if isinstance(rows, list) and len(rows) > MAX_ROWS:
            problems.append(
                ProblemAt(f"{prefix}.{section}", f"has more than {MAX_ROWS} rows", "too_many_rows")
            )
    if len(canonical_json(document)) > MAX_BYTES:
        problems.append(ProblemAt(prefix, f"is larger than {MAX_BYTES} bytes", "too_large"))
    if problems:
        return problems
    declared = document.get("system")
    declared = declared.get("key") if isinstance(declared, dict) else None
    if isinstance(declared, str) and declared != system:
        # Checked against another game's rules, every row would be wrong: say only this.
        message = f"is '{declared[:64]}', but this pack is of game system '{system}'"
        return [ProblemAt(f"{prefix}.system.key", message, "wrong_system")]
    for p in check_pack(document):
        path = f"{prefix}.{p.path}" if p.path else prefix
        problems.append(ProblemAt(path, p.message, p.code or "invalid"))
    return problems


def _new_version(pack: Pack, *, document: dict, note: str, author) -> PackVersion:
    return PackVersion.objects.create(
        pack=pack,
        number=next_version_number(pack),
        note=note,
        author=author,
        content_hash=content_hash(document),
        document=document,
    )


@transaction.atomic
def pack_fork(*, user, source: PackVersion, name: str, description: str = "") -> Pack:
    """A new private pack of ``user`` whose version 1 is a copy of ``source``."""
    pack = Pack.objects.create(
        system=source.pack.system,
        name=name,
        description=description,
        owner=user,
        forked_from=source,
    )
    note = f"forked from {source.pack.name} v{source.number}"[:500]
    _new_version(pack, document=source.document, note=note, author=user)
    return pack


@transaction.atomic
def pack_import(
    *, user, system: str, name: str, document, description: str = "", note: str = ""
) -> Pack:
    """A new private pack of ``user`` from a whole document (its version 1)."""
    problems = document_problems(document, system=system)
    if problems:
        raise PackRefused(problems)
    pack = Pack.objects.create(system=system, name=name, description=description, owner=user)
    _new_version(pack, document=document, note=note or "imported", author=user)
    return pack


def pack_publish(*, pack: Pack, user, document, note: str, base_version: int) -> PackVersion:
    """The next version of ``pack`` (owner or editor; checked by the caller). 400 for a
    bad document, 409 when ``base_version`` is not the latest any more."""
    problems = document_problems(document, system=pack.system)
    if problems:
        raise PackRefused(problems)
    with transaction.atomic():
        # Lock the pack: two publishes from the same base cannot both become N+1.
        Pack.objects.select_for_update().filter(pk=pack.pk).first()
        latest = pack.versions.order_by("-number").first()
        if latest is None or latest.number != base_version:
            raise StaleBase(latest.number if latest else None)
        if latest.content_hash == content_hash(document):
            raise PackRefused(
                [
                    ProblemAt(
                        "document",
                        f"is the same as version {latest.number}: nothing to publish",
                        "unchanged",
                    )
                ]
            )
        return _new_version(pack, document=document, note=note, author=user)


def pack_update(
    *,
    pack: Pack,
    name: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
    editors: list[str] | None = None,
    renew_token: bool = False,
) -> Pack:
    """Change what the owner may change; editors are named by username (each must exist;
    the owner is no editor of his own pack). Any change of who sees it issues a new share
    token: a link turned off is revoked for good, and turned on again it is a new link
    (nobody's old link or kept pack comes back, docs/security.md)."""
    users = _editors_named(pack, editors) if editors is not None else None
    with transaction.atomic():
        if name is not None:
            pack.name = name
        if description is not None:
            pack.description = description
        if visibility is not None and visibility != pack.visibility:
            pack.visibility = visibility
            renew_token = True
        if renew_token:
            pack.share_token = new_share_token()
        pack.save()
        if users is not None:
            pack.editors.set(users)
    return pack


def _editors_named(pack: Pack, editors: list[str]) -> list:
    """The users named as editors, in order; PackRefused names each that cannot be."""
    wanted = list(dict.fromkeys(editors))
    found = {u.username: u for u in get_user_model().objects.filter(username__in=wanted)}
    problems = [
        ProblemAt(f"editors[{i}]", f"no user is called '{name_}'", "unknown_user")
        for i, name_ in enumerate(editors)
        if name_ not in found
    ]
    problems += [
        ProblemAt(f"editors[{i}]", "the owner always publishes; no need to name him", "owner")
        for i, name_ in enumerate(editors)
        if name_ in found and found[name_].pk == pack.owner_id
    ]
    if problems:
        raise PackRefused(problems)
    return [found[n] for n in wanted]


def pack_keep(*, pack: Pack, user) -> bool:
    """A pack shared by link kept for this player's lists, from that link (the caller
    checked the token): on his start page and in his API listing until the link is
    renewed or the pack is no longer shared by link. False when there is nothing to
    keep: his own or an edited pack, or one that is not shared by link."""
    if pack.visibility != Pack.LINK or pack.deleted_at is not None:
        return False
    if pack_selectors.pack_can_publish(pack=pack, user=user):
        return False
    PackLink.objects.update_or_create(pack=pack, user=user, defaults={"token": pack.share_token})
    return True


def pack_forget(*, pack: Pack, user) -> None:
    """No longer kept (his saved lists keep their version: their pin was checked when
    they were saved)."""
    PackLink.objects.filter(pack=pack, user=user).delete()


def pack_delete(*, pack: Pack) -> None:
    """Soft delete: gone from every listing, no more publishing, forking or building on
    it; every link and kept copy ends (a new token nobody holds). Its versions stay
    readable to its owner and to the lists already pinned to them (read-only)."""
    pack.deleted_at = timezone.now()
    pack.share_token = new_share_token()
    pack.save(update_fields=["deleted_at", "share_token", "updated_at"])


def pack_diff(*, before: PackVersion, after: PackVersion) -> list[dict]:
    return pack_changes(before.document, after.document)


__all__ = [
    "PackRefused",
    "StaleBase",
    "document_problems",
    "pack_delete",
    "pack_diff",
    "pack_fork",
    "pack_import",
    "pack_publish",
    "pack_update",
]
