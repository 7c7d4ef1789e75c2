"""What changed between two list documents: entries, special actions, header fields,
points and violations. One service for the pages and the API.

The two sides are two versions of one list, two lists the reader may read (their own,
or one shared with them), or two documents sent to the API. Both are validated with
today's game data, so the points and violations compare like with like.

Entries are matched by id: ids are stable through every edit, export, import and copy.
Two lists that share no entry id at all (built apart, or documents sent without ids, which
get fresh ones) are matched by card instead: the n-th entry of a card (or custom unit
name) before with the n-th of the same card after. Special actions the same way (by id,
else by action and variant).

A violation is matched by its rule code and the entry it concerns (through the entry
matching): one broken before and after by the same entry is neither gained nor lost, even
when its numbers moved (170 of 160 points, then 180 of 160).
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from armylists.lists.documents import Checked, document_check, violation_dicts
from armylists.models import ArmyList, ArmyListVersion
from armylists.packs import pinning
from rules.engine import ListDocument
from rules.engine import document as documents

HEADER_FIELDS = ("system", "name", "faction", "battle_size", "role", "notes")
ENTRY_FIELDS = ("card", "custom", "count", "size", "name", "items", "options", "notes")
PICK_FIELDS = ("action", "count", "variant")
MULTISETS = ("items", "options")  # compared item by item too: what came, what went


@dataclass(frozen=True)
class Diff:
    """The answer (``payload``, the API's body) and both sides as checked, for a page that
    shows names in the reader's language."""

    payload: dict
    before: Checked
    after: Checked


# --- the sources -------------------------------------------------------------------------


def diff_documents(*, before: ListDocument, after: ListDocument, reader=None) -> Diff:
    """Two documents already read (``document_read``): each checked with today's data of
    its own game system, or with the pack version it names (a DocumentError names a system
    that is not loaded, or a pack ``reader`` may not use)."""
    return diff_checked(
        before=document_check(document=before, reader=reader),
        after=document_check(document=after, reader=reader),
    )


def diff_versions(*, army_list: ArmyList, version: int, to: int | None = None) -> Diff:
    """Version ``version`` of a list against version ``to`` (default: the current one).
    ArmyListVersion.DoesNotExist when either is not in the list's history."""
    to = army_list.version if to is None else to
    found = {
        v.version: v.document
        for v in ArmyListVersion.objects.filter(army_list=army_list, version__in={version, to})
    }
    if version not in found or to not in found:
        missing = version if version not in found else to
        raise ArmyListVersion.DoesNotExist(f"no version {missing}")
    return diff_documents(
        before=documents.build(found[version]),
        after=documents.build(found[to]),
        reader=pinning.SAVED,
    )


def diff_lists(*, before: ArmyList, after: ArmyList) -> Diff:
    """Two saved lists as they are now (the caller found both through a selector, so the
    reader may read both). Each is judged as saved, on the pack version it names, as its
    own pages show it: a list pinned to a pack is compared, not refused."""
    return diff_documents(
        before=documents.build(before.document),
        after=documents.build(after.document),
        reader=pinning.SAVED,
    )


# --- the comparison ----------------------------------------------------------------------


def diff_checked(*, before: Checked, after: Checked) -> Diff:
    b, a = before.document, after.document
    entry_pairs, matched_by = _pairs(b.entries, a.entries, _card_identity)
    pick_pairs, _ = _pairs(b.special_actions, a.special_actions, _pick_identity)
    entries = _changes(
        entry_pairs,
        (b.entries, a.entries),
        (before.result.points.entries, after.result.points.entries),
        to_dict=documents.entry_to_dict,
        fields=ENTRY_FIELDS,
        labels=(_entry_labeller(before), _entry_labeller(after)),
        key="card",
    )
    picks = _changes(
        pick_pairs,
        (b.special_actions, a.special_actions),
        (
            _padded(before.result.points.special_actions, len(b.special_actions)),
            _padded(after.result.points.special_actions, len(a.special_actions)),
        ),
        to_dict=documents.pick_to_dict,
        fields=PICK_FIELDS,
        labels=(_pick_labeller(before), _pick_labeller(after)),
        key="action",
    )
    id_map = {b.entries[i].id: a.entries[j].id for i, j in entry_pairs}
    gained, lost = _violation_changes(before, after, id_map)
    points_before, points_after = before.result.points, after.result.points
    payload = {
        "entries": entries,
        "special_actions": picks,
        "header": {
            name: [getattr(b, name), getattr(a, name)]
            for name in HEADER_FIELDS
            if getattr(b, name) != getattr(a, name)
        },
        "points": {
            "before": points_before.total,
            "after": points_after.total,
            "delta": points_after.total - points_before.total,
            "limit": {"before": points_before.limit, "after": points_after.limit},
        },
        "valid": {"before": before.result.valid, "after": after.result.valid},
        "violations": {"gained": gained, "lost": lost},
        "matched_by": matched_by,
        "data_version": {
            "before": before.catalogue.data_version,
            "after": after.catalogue.data_version,
        },
        "pack": {
            "before": pinning.pack_summary(before.catalogue),
            "after": pinning.pack_summary(after.catalogue),
        },
        "changed": False,
    }
    payload["changed"] = bool(
        payload["header"]
        or any(entries.values())
        or any(picks.values())
        or gained
        or lost
        or payload["points"]["delta"]
    )
    return Diff(payload=payload, before=before, after=after)


def _card_identity(entry) -> tuple:
    return (entry.card, entry.custom.name if entry.custom else None)


def _pick_identity(pick) -> tuple:
    return (pick.action, pick.variant)


def _pairs(before: Sequence, after: Sequence, identity: Callable) -> tuple[list, str]:
    """Index pairs (i before, j after) of the same entry, and how they were matched: by id
    when the two share any id, else by ``identity`` in order."""
    after_ids = {x.id: j for j, x in enumerate(after)}
    if any(x.id in after_ids for x in before):
        return [(i, after_ids[x.id]) for i, x in enumerate(before) if x.id in after_ids], "id"
    if not before or not after:
        return [], "id"  # nothing to match: say the usual way
    waiting: dict[tuple, deque] = defaultdict(deque)
    for j, x in enumerate(after):
        waiting[identity(x)].append(j)
    pairs = []
    for i, x in enumerate(before):
        queue = waiting.get(identity(x))
        if queue:
            pairs.append((i, queue.popleft()))
    return pairs, "card"


def _changes(pairs, sides, points, *, to_dict, fields, labels, key) -> dict:
    (before, after), (points_before, points_after) = sides, points
    paired_before = {i for i, _ in pairs}
    paired_after = {j for _, j in pairs}

    def row(side: int, index: int) -> dict:
        thing = (before, after)[side][index]
        value = (points_before, points_after)[side][index]
        return {**to_dict(thing), "points": value, "label": labels[side](thing)}

    changed = []
    for i, j in sorted(pairs, key=lambda p: p[1]):
        old, new = to_dict(before[i]), to_dict(after[j])
        diff = {f: [old.get(f), new.get(f)] for f in fields if old.get(f) != new.get(f)}
        old_points, new_points = points_before[i], points_after[j]
        if not diff and old_points == new_points:
            continue
        change = {
            "id": after[j].id,
            key: new.get(key),
            "label": labels[1](after[j]),
            "fields": diff,
            "points": {"before": old_points, "after": new_points, "delta": new_points - old_points},
        }
        if before[i].id != after[j].id:
            change["before_id"] = before[i].id
        for name in MULTISETS:
            if name in diff:
                change[name] = _multiset_change(*diff[name])
        changed.append(change)
    return {
        "added": [row(1, j) for j in range(len(after)) if j not in paired_after],
        "removed": [row(0, i) for i in range(len(before)) if i not in paired_before],
        "changed": changed,
    }


def _multiset_change(before: list, after: list) -> dict:
    """Keys that came and went (the same item twice counts twice)."""
    gone = Counter(before) - Counter(after)
    came = Counter(after) - Counter(before)
    return {"added": list(came.elements()), "removed": list(gone.elements())}


def _padded(values: list, length: int) -> list:
    # A game without priced special actions gives no list at all.
    return list(values) + [0] * (length - len(values))


def _entry_labeller(checked: Checked) -> Callable:
    cards = checked.catalogue.cards

    def label(entry) -> str:
        if entry.custom is not None:
            return entry.custom.name
        card = cards.get(entry.card)
        return card.name if card is not None else entry.card

    return label


def _pick_labeller(checked: Checked) -> Callable:
    actions = checked.catalogue.special_actions

    def label(pick) -> str:
        action = actions.get(pick.action)
        return action.name if action is not None else pick.action

    return label


def _violation_changes(before: Checked, after: Checked, id_map: dict) -> tuple[list, list]:
    """Violations only the new side has (gained) and only the old side had (lost), as the
    validate contract shows them (messages in the active language)."""

    def keys(checked: Checked, map_id: Callable) -> list[tuple]:
        entries = checked.document.entries
        return [
            (v.code, map_id(entries[v.entry].id) if v.entry is not None else None)
            for v in checked.result.violations
        ]

    # An entry that has no match after (removed) keeps a key of its own.
    old = keys(before, lambda id_: id_map.get(id_, ("removed", id_)))
    new = keys(after, lambda id_: id_)
    gained = _beyond(new, Counter(old))
    lost = _beyond(old, Counter(new))
    return (
        violation_dicts(checked=after, violations=[after.result.violations[i] for i in gained]),
        violation_dicts(checked=before, violations=[before.result.violations[i] for i in lost]),
    )


def _beyond(keys: list, available: Counter) -> list[int]:
    """Indexes of ``keys`` that ``available`` does not cover (each covers one)."""
    out = []
    for index, key in enumerate(keys):
        if available[key] > 0:
            available[key] -= 1
        else:
            out.append(index)
    return out
