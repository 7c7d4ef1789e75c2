"""Writing events: open one, change it, name its staff (joining, submitting and
withdrawing: ``submitting``).

Pages and API call these alike; every refusal is data (``EventRefused`` names each
problem by path, a 400; ``EventConflict`` a state the request cannot change, a 409).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from armylists.events.borrowed import (
    builds_lists,
    pinning,
    rules_selectors,
)
from armylists.events.models import Event, Participant, new_join_token
from armylists.events.selectors import Role
from rules.engine import DocumentError, ProblemAt
from rules.engine.document import PackRef

MAX_NAME = 200
MAX_HOUSE_RULES = 5000
MAX_PLAYERS = 1000
MAX_STAFF = 20
MAX_AHEAD = timedelta(days=5 * 366)  # how far ahead a close or a reveal may be set
NEVER = "never"


class EventRefused(Exception):
    """The request names something that cannot be: every problem by path (a 400)."""

    def __init__(self, problems: list[ProblemAt]):
        self.problems = problems
        super().__init__("; ".join(f"{p.path}: {p.message}" for p in problems))


class EventConflict(Exception):
    """The event's state refuses the request (a 409): ``code`` says which."""

    def __init__(self, code: str, message: str, path: str = ""):
        self.code, self.message, self.path = code, message, path
        super().__init__(message)


class WrongToken(Exception):
    """Not the event's current join token."""


class NothingToWithdraw(Exception):
    """The player has no submission that counts."""


def _refuse_if(problems: list[ProblemAt]) -> None:
    if problems:
        raise EventRefused(problems)


def when(moment: datetime) -> str:
    """A moment in a message: the server's time zone, to the minute, named."""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M %Z")


# -- opening and changing an event ------------------------------------------------------


def _system(key: str):
    system = rules_selectors.system_get(key=key) if key else None
    if system is None:
        known = ", ".join(s.key for s in rules_selectors.system_list() if builds_lists(s.key))
        raise EventRefused([ProblemAt(
            "system", _("no game '%(key)s' (known: %(known)s)") % {"key": key[:64],
                                                                  "known": known},
            "not_found")])  # fmt: skip
    if not builds_lists(system.key):
        raise EventRefused([ProblemAt(
            "system", _("%(game)s has no lists to submit") % {"game": system.name}, "no_lists"
        )])  # fmt: skip
    return system


def _pack(system_key: str, ref: dict | None, reader) -> tuple[str, int | None, str]:
    """(id, version, content hash) of the pack version an event is played on, if the
    organiser may use it now (``pack_can_use``), as a list document names one; ("", None,
    "") for the official data as loaded."""
    if ref is None:
        return "", None, ""
    pack_ref = PackRef(id=ref["id"], version=ref["version"])
    try:
        pack = pinning.pack_of(ref=pack_ref, system=system_key, reader=reader)
        version = pinning.version_of(pack=pack, number=pack_ref.version)
    except DocumentError as exc:
        raise EventRefused(exc.errors) from None
    return pack.id, version.number, version.content_hash


def _time_problems(*, lists_close, reveal, now, opening: bool) -> list[ProblemAt]:
    problems = []
    if opening and lists_close <= now:
        problems.append(ProblemAt(
            "lists_close", _("must be in the future (it is %(now)s)") % {"now": when(now)},
            "in_the_past"))  # fmt: skip
    if lists_close > now + MAX_AHEAD:
        problems.append(ProblemAt("lists_close", _("must be within five years"), "too_far"))
    if isinstance(reveal, datetime):
        if reveal < lists_close:
            problems.append(ProblemAt(
                "reveal", _("must not be before lists_close (%(close)s): nobody sees another's"
                            " list while lists may still change") % {"close": when(lists_close)},
                "before_close"))  # fmt: skip
        elif reveal > lists_close + MAX_AHEAD:
            problems.append(ProblemAt("reveal", _("must be within five years of the close"),
                                      "too_far"))  # fmt: skip
    return problems


def _set_reveal(event: Event, reveal) -> None:
    event.reveal_never = reveal == NEVER
    event.reveal_at = reveal if isinstance(reveal, datetime) else None


def event_create(*, owner, fields: dict, now) -> Event:
    """Open an event: ``fields`` checked for type and bounds already (name, system,
    battle_size, pack, lists_close, reveal; house_rules, visibility, player_limit)."""
    system = _system(fields["system"])
    _refuse_if(_time_problems(lists_close=fields["lists_close"], reveal=fields.get("reveal"),
                              now=now, opening=True))  # fmt: skip
    pack_key, pack_version, content_hash = _pack(system.key, fields.get("pack"), owner)
    event = Event(
        owner=owner,
        name=fields["name"],
        system=system,
        battle_size=fields.get("battle_size"),
        pack_key=pack_key,
        pack_version=pack_version,
        pack_content_hash=content_hash,
        house_rules=fields.get("house_rules", ""),
        lists_close=fields["lists_close"],
        visibility=fields.get("visibility") or Event.LINK,
        player_limit=fields.get("player_limit"),
    )
    _set_reveal(event, fields.get("reveal"))
    event.save()
    return event


def _reveal_of(event: Event):
    return NEVER if event.reveal_never else event.reveal_at


def event_update(*, role: Role, changes: dict, now) -> Event:
    """Change what the organiser (and staff with edit rights) may change. Once a list is
    submitted the data and battle size stay (every verdict was given on them); once the
    lists are revealed the close and the reveal stay. ``staff`` is the organiser's."""
    event = role.event
    changes = _only_changed(event, changes)
    problems = []
    timing = {"lists_close", "reveal"} & set(changes)
    if timing and event.is_revealed(now):
        problems += [ProblemAt(name, _("the lists were revealed: the close and the reveal no "
                                       "longer change"), "revealed") for name in sorted(timing)]
    judged = {"pack", "battle_size"} & set(changes)
    if judged and event.submissions.exists():
        problems += [ProblemAt(name, _("lists were submitted and judged on it: it no longer "
                                       "changes"), "has_submissions") for name in sorted(judged)]
    if timing:
        problems += _time_problems(
            lists_close=changes.get("lists_close", event.lists_close),
            reveal=changes.get("reveal", _reveal_of(event)), now=now, opening=False)
    _refuse_if(problems)
    if "pack" in changes:
        event.pack_key, event.pack_version, event.pack_content_hash = _pack(
            event.system.key, changes["pack"], role.user
        )
    for name in ("name", "battle_size", "house_rules", "lists_close", "visibility",
                 "player_limit"):  # fmt: skip
        if name in changes:
            setattr(event, name, changes[name])
    if "reveal" in changes:
        _set_reveal(event, changes["reveal"])
    if changes.get("renew_join_token"):
        event.join_token = new_join_token()
    with transaction.atomic():
        if "staff" in changes:
            staff_set(event=event, staff=changes["staff"])
        event.save()
    return event


def _only_changed(event: Event, changes: dict) -> dict:
    """The changes without the fields sent as they are (a settings form sends every
    field: its name changed after the reveal is no change of the close)."""
    now_is = {"lists_close": event.lists_close, "reveal": _reveal_of(event),
              "pack": event.pack_ref(), "battle_size": event.battle_size}  # fmt: skip
    return {k: v for k, v in changes.items() if k not in now_is or v != now_is[k]}


def staff_set(*, event: Event, staff: list[dict]) -> None:
    """The whole staff: ``[{"username", "rights": "read" | "edit"}]``; each must exist,
    once, and not be the organiser. Staff left out lose their rights (not their place as
    players)."""
    names = [row["username"] for row in staff]
    users = {u.username: u for u in get_user_model().objects.filter(username__in=names)}
    problems = []
    for i, name in enumerate(names):
        if name not in users:
            problems.append(ProblemAt(f"staff[{i}].username",
                                      _("no user is called '%(name)s'") % {"name": name},
                                      "unknown_user"))  # fmt: skip
        elif users[name].pk == event.owner_id:
            problems.append(ProblemAt(f"staff[{i}].username",
                                      _("the organiser sees and changes everything already"),
                                      "organiser"))  # fmt: skip
        elif names.index(name) != i:
            problems.append(ProblemAt(f"staff[{i}].username", _("named twice"), "duplicate"))
    _refuse_if(problems)
    wanted = {users[row["username"]].pk: row["rights"] for row in staff}
    for participant in Participant.objects.select_for_update().filter(event=event):
        participant.staff = wanted.pop(participant.user_id, "")
        if participant.staff or participant.player:
            participant.save(update_fields=["staff"])
        else:
            participant.delete()
    Participant.objects.bulk_create(
        [Participant(event=event, user_id=pk, staff=rights) for pk, rights in wanted.items()]
    )
