"""Joining an event, submitting and withdrawing lists.

A submission freezes the player's saved list as the event plays it: the same document
with the event's pack version and battle size (the player's list itself never changes),
judged on the event's data and stored as a snapshot (content-addressed, with its SHA-256:
anyone with the file verifies it on /t/verify/). Submitting, withdrawing and joining lock
the event's row, so a submission racing the close, or two joins racing the player limit,
are decided one at a time against the time and the count as they are then. Refusals are
the exceptions of ``services``.
"""

from __future__ import annotations

import secrets

import msgspec
from django.db import transaction
from django.utils.translation import gettext as _

from armylists.events.borrowed import document_check, list_document, list_selectors, snapshots
from armylists.events.models import Event, Participant, Submission
from armylists.events.selectors import Role, event_catalogue
from armylists.events.services import (
    EventConflict,
    EventRefused,
    NothingToWithdraw,
    WrongToken,
    when,
)
from rules.engine import ProblemAt
from rules.engine.document import PackRef

MAX_SUBMISSIONS = 50  # per player and event: each one is kept


def _locked(event: Event) -> Event:
    """The event's row, locked until the transaction ends, as it is now."""
    return Event.objects.select_for_update().select_related("system").get(pk=event.pk)


def _closed(event: Event) -> EventConflict:
    return EventConflict(
        "event_closed",
        _("lists closed at %(close)s") % {"close": when(event.lists_close)},
    )


def event_join(*, event: Event, user, token: str, now) -> tuple[Participant, bool]:
    """Join as a player with the event's current join token: (his part, whether he is
    new). Refused after the close (nobody joins to read the lists) and past the limit."""
    if not isinstance(token, str) or not secrets.compare_digest(token, event.join_token):
        raise WrongToken
    with transaction.atomic():
        event = _locked(event)
        mine = Participant.objects.select_for_update().filter(event=event, user=user).first()
        if mine is not None and mine.player:
            return mine, False
        if event.is_closed(now):
            raise _closed(event)
        if event.player_limit is not None and (
            event.participants.filter(player=True).count() >= event.player_limit
        ):
            raise EventConflict("event_full", _("the event is full (%(n)s players)")
                                % {"n": event.player_limit})  # fmt: skip
        mine = mine or Participant(event=event, user=user)
        mine.player, mine.joined_at = True, now
        mine.save()
    return mine, True


def frozen_copy(*, event: Event, army_list):
    """The player's saved list as the event plays it: its own document with the event's
    pack version and battle size (the list is not changed)."""
    document = list_document(army_list=army_list)
    ref = event.pack_ref()
    return document, msgspec.structs.replace(
        document, pack=PackRef(**ref) if ref else None, battle_size=event.battle_size
    )


def list_of_player(*, role: Role, list_id):
    """The player's own list of the event's game, or EventRefused naming ``list``."""
    army_list = list_selectors.list_get_for_owner(owner=role.user, list_id=list_id)
    if army_list is None:
        raise EventRefused([ProblemAt("list", _("no such list among yours"), "not_found")])
    if army_list.system_id != role.event.system_id:
        raise EventRefused([ProblemAt(
            "list", _("this list is of %(list)s; the event plays %(event)s")
            % {"list": army_list.system.name, "event": role.event.system.name},
            "wrong_system")])  # fmt: skip
    return army_list


def event_submit(*, role: Role, list_id, now) -> Submission:
    """Submit one of the player's saved lists (its saved version): frozen, judged on
    the event's data and kept; it is the player's submission that counts from now."""
    if not role.player:
        raise PermissionError("only a player who joined submits")
    army_list = list_of_player(role=role, list_id=list_id)
    catalogue = event_catalogue(role.event)
    if catalogue is None:
        raise EventConflict("data_gone", _("the data this event is played on is gone"))
    original, copy = frozen_copy(event=role.event, army_list=army_list)
    checked = document_check(document=copy, catalogue=catalogue)
    with transaction.atomic():
        event = _locked(role.event)
        if event.is_closed(now):
            raise _closed(event)
        player = Participant.objects.select_for_update().get(pk=role.participant.pk)
        if event.submissions.filter(player=role.user).count() >= MAX_SUBMISSIONS:
            raise EventConflict("submission_limit", _("at most %(n)s submissions per player")
                                % {"n": MAX_SUBMISSIONS})  # fmt: skip
        snapshot, _new = snapshots.snapshot_freeze(
            checked=checked, army_list=army_list, list_version=army_list.version
        )
        submission = Submission.objects.create(
            event=event,
            player=role.user,
            army_list=army_list,
            list_version=army_list.version,
            snapshot=snapshot,
            valid=checked.result.valid,
            points=checked.result.points.total,
            list_pack=original.pack.to_dict() if original.pack else None,
            list_battle_size=original.battle_size,
            rejudged=original.pack != copy.pack,
            submitted_at=now,
        )
        player.current = submission
        player.save(update_fields=["current"])
    return submission


def event_withdraw(*, role: Role, now) -> Submission:
    """Withdraw the player's submission that counts (it stays on record, withdrawn);
    until the close he may submit again."""
    if not role.player:
        raise PermissionError("only a player who joined withdraws")
    with transaction.atomic():
        event = _locked(role.event)
        if event.is_closed(now):
            raise _closed(event)
        player = (
            Participant.objects.select_for_update(of=("self",)).select_related("current")
            .get(pk=role.participant.pk)
        )  # fmt: skip
        submission = player.current
        if submission is None:
            raise NothingToWithdraw
        submission.withdrawn_at = now
        submission.save(update_fields=["withdrawn_at"])
        player.current = None
        player.save(update_fields=["current"])
    return submission
