"""A list on an older version of its pack: what the newest version would change for it.

The list page offers the update only to someone who may still build on the pack; what
it shows is the list judged by both versions (points and verdict before and after) and
the rows of the pack's diff that touch what the list uses (its faction, cards, items,
options and special actions; changes of the rules themselves touch every list).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from armylists.lists.documents import Checked, document_check
from armylists.packs import catalogues as pack_catalogues
from armylists.packs.models import PackVersion
from armylists.packs.selectors import pack_can_use
from rules.engine import ListDocument
from rules.engine.pack_diff import pack_changes

# Changes of these kinds apply to every list of the game.
EVERY_LIST = ("system", "validator")


@dataclass(frozen=True)
class NewerVersion:
    pack_id: str
    pack_name: str
    current: int
    newest: int
    note: str
    before: Checked
    after: Checked
    changes: list[dict] = field(default_factory=list)

    @property
    def points_delta(self) -> int:
        return self.after.result.points.total - self.before.result.points.total


def keys_used(document: ListDocument) -> dict[str, set]:
    """The keys of the game data the list names, by the kind the pack diff uses."""
    items = {key for e in document.entries for key in (*e.items, *e.options)}
    return {
        "faction": {document.faction} if document.faction else set(),
        "card": {e.card for e in document.entries if e.card},
        "item": items,
        "special_action": {p.action for p in document.special_actions},
    }


def _touches(change: dict, used: dict[str, set]) -> bool:
    if change["kind"] in EVERY_LIST:
        return True
    keys = used.get(change["kind"], set())
    old_key = (change.get("fields") or {}).get("key", {}).get("before")
    return change["key"] in keys or old_key in keys


def newer_version(*, checked: Checked, user) -> NewerVersion | None:
    """What the newest version of the list's pack would change, or None (no pack, the
    newest already, or a pack this user may no longer read)."""
    document, origin = checked.document, checked.catalogue.origin
    if document.pack is None or origin.id is None:
        return None
    newest = (
        PackVersion.objects.filter(pack_id=origin.id)
        .select_related("pack")
        .defer("document")
        .order_by("-number")
        .first()
    )
    if newest is None or newest.number <= origin.version:
        return None
    if not pack_can_use(pack=newest.pack, user=user):
        return None
    after = document_check(
        document=document, catalogue=pack_catalogues.catalogue_for_version(newest)
    )
    used = keys_used(checked.document)
    changes = [c for c in _diff(origin.id, origin.version, newest.number) if _touches(c, used)]
    return NewerVersion(
        pack_id=origin.id,
        pack_name=newest.pack.name,
        current=origin.version,
        newest=newest.number,
        note=newest.note,
        before=checked,
        after=after,
        changes=[_named(c, checked.catalogue, after.catalogue) for c in changes],
    )


GROUPS = {"faction": "factions", "card": "cards", "item": "items",
          "special_action": "special_actions"}  # fmt: skip


def _named(change: dict, before, after) -> dict:
    """The change with ``thing``: the row it is about (to show by its name in the
    reader's language), from the newer data, else the older (a row that went)."""
    group = GROUPS.get(change["kind"])
    thing = None
    if group is not None:
        thing = getattr(after, group).get(change["key"]) or getattr(before, group).get(
            change["key"]
        )
    fields = [(name, v["before"], v["after"]) for name, v in change["fields"].items()]
    return {**change, "thing": thing, "field_rows": fields}


def _diff(pack_id: str, old: int, new: int) -> list[dict]:
    documents = dict(
        PackVersion.objects.filter(pack_id=pack_id, number__in=(old, new)).values_list(
            "number", "document"
        )
    )
    return pack_changes(documents[old], documents[new])


def may_move_to(*, pack_id: str, number: int, user) -> bool:
    """A list moves only to a version that exists, of a pack its owner may still read."""
    version = PackVersion.objects.filter(pack_id=pack_id, number=number).select_related("pack")
    found = version.defer("document").first()
    return found is not None and pack_can_use(pack=found.pack, user=user)
