"""What an event shows of its submissions: each one's verdict as it was judged, the
organiser's table, the reminder to copy and the three exports (JSON, one text file, CSV).

Every verdict here is the frozen one (the snapshot's, given when the list was submitted),
in the reader's language; messages name cards by the event's data, looked up once per
event. The exports hold each player's submission that counts, nothing older.
"""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from armylists.events.borrowed import document_check, local_name, snapshots, text_export
from armylists.events.models import Event, Participant, Submission

SHOWS = ("all", "missing", "illegal")
# A spreadsheet runs a cell that starts with one of these as a formula: such a value
# (a faction's name from a player's pack, say) is written with a leading apostrophe.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def faction_of(submission: Submission, catalogue) -> tuple[str, str]:
    """(key, name in the reader's language) of the frozen list's faction."""
    key = submission.snapshot.document.get("faction") or ""
    thing = catalogue.factions.get(key) if catalogue is not None and key else None
    return key, local_name(thing, key) if key else ""


def summary(submission: Submission, catalogue, *, reader=None) -> dict:
    """One submission with its frozen verdict (the validate contract's ``valid``,
    ``points`` and ``violations``). ``list`` (the saved list's id) only for its player."""
    snapshot = submission.snapshot
    verdict = snapshots.snapshot_validation(snapshot=snapshot, catalogue=catalogue)
    faction, faction_name = faction_of(submission, catalogue)
    own = reader is not None and submission.player_id == reader.pk
    return {
        "id": submission.pk,
        "player": submission.player.username,
        "name": snapshot.document.get("name") or "",
        "faction": faction,
        "faction_name": faction_name,
        "hash": snapshot.hash,
        "code": snapshot.code,
        "submitted_at": submission.submitted_at,
        "withdrawn_at": submission.withdrawn_at,
        "valid": verdict["valid"],
        "points": verdict["points"],
        "violations": verdict["violations"],
        "rejudged": submission.rejudged,
        "list_pack": submission.list_pack,
        "list_battle_size": submission.list_battle_size,
        "list": submission.army_list_id if own else None,
        "list_version": submission.list_version if own else None,
    }


def table(*, players: list[Participant], catalogue, show: str = "all") -> list[dict]:
    """The organiser's table: every player with his submission that counts (None: none);
    ``show``: all, missing (nothing submitted) or illegal (submitted, not legal)."""
    rows = []
    for player in players:
        current = player.current
        if show == "missing" and current is not None:
            continue
        if show == "illegal" and (current is None or current.valid):
            continue
        if current is not None:
            current.player = player.user  # the row's user: no query per row
        rows.append({
            "player": player,
            "submission": summary(current, catalogue) if current is not None else None,
        })  # fmt: skip
    return rows


def counts(players: list[Participant]) -> dict:
    submitted = [p for p in players if p.current is not None]
    return {
        "all": len(players),
        "submitted": len(submitted),
        "missing": len(players) - len(submitted),
        "illegal": sum(1 for p in submitted if not p.current.valid),
    }


def reminder(players: list[Participant]) -> str:
    """A line per player who has something to do: nothing submitted yet, or a list
    that is not legal. To paste into the club's chat."""
    lines = []
    for player in players:
        name = player.user.username
        if player.current is None:
            lines.append(_("@%(name)s: no list submitted yet") % {"name": name})
        elif not player.current.valid:
            problems = len(player.current.snapshot.validation.get("violations", []))
            lines.append(ngettext(
                "@%(name)s: your list is not legal (%(n)s problem)",
                "@%(name)s: your list is not legal (%(n)s problems)", problems,
            ) % {"name": name, "n": problems})  # fmt: skip
    return "\n".join(lines)


# -- exports ----------------------------------------------------------------------------

EXPORT_FORMATS = ("json", "text", "csv")


def _counting(players: list[Participant]) -> list[Submission]:
    out = []
    for player in players:
        if player.current is not None:
            player.current.player = player.user
            out.append(player.current)
    return out


def event_facts(event: Event) -> dict:
    return {
        "id": event.pk,
        "name": event.name,
        "system": event.system.key,
        "battle_size": event.battle_size,
        "pack": (
            {**event.pack_ref(), "content_hash": event.pack_content_hash}
            if event.pack_key
            else None
        ),
        "lists_close": event.lists_close,
    }


def export_json(*, event: Event, players: list[Participant], catalogue) -> dict:
    """The event and every submission that counts: the frozen list document (the file
    that verifies on /t/verify/), its hash and verdict."""
    return {
        "event": event_facts(event),
        "submissions": [
            {
                **{k: v for k, v in summary(s, catalogue).items()
                   if k not in ("list", "list_version")},
                "document": snapshots.snapshot_export(snapshot=s.snapshot),
            }
            for s in _counting(players)
        ],
    }  # fmt: skip


def export_text(*, event: Event, players: list[Participant], catalogue) -> str:
    """One text file: each submission's text export (the list pages' plain text), under
    its player's name, with its hash."""
    parts = [f"{event.name}\n"]
    for submission in _counting(players):
        document = snapshots.snapshot_document(snapshot=submission.snapshot)
        checked = document_check(document=document, catalogue=catalogue)
        text = text_export.text_export(checked=checked, fmt="text")["text"]
        head = _("Player: %(name)s") % {"name": submission.player.username}
        parts.append(
            f"{'=' * 60}\n{head}\n{text}\n"
            + _("Submitted: %(when)s") % {"when": submission.submitted_at.isoformat()}
            + "\nSHA-256: " + submission.snapshot.hash + "\n"
        )
    return "\n".join(parts)


def _cell(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def export_csv(*, players: list[Participant], catalogue) -> str:
    """A row per player (blank cells: nothing submitted): player, list, faction, points,
    limit, legal, submitted, hash."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["player", "list", "faction", "points", "limit", "legal", "submitted_at",
                     "hash"])  # fmt: skip
    for player in players:
        current = player.current
        if current is None:
            writer.writerow([_cell(player.user.username), "", "", "", "", "", "", ""])
            continue
        limit = current.snapshot.validation.get("points", {}).get("limit")
        writer.writerow([
            _cell(player.user.username),
            _cell(current.snapshot.document.get("name") or ""),
            _cell(faction_of(current, catalogue)[1]),
            current.points,
            "" if limit is None else limit,
            "yes" if current.valid else "no",
            current.submitted_at.isoformat(),
            current.snapshot.hash,
        ])  # fmt: skip
    return out.getvalue()
