"""Reading events: who may see what, and what each reader is shown.

The one rule of access (docs/events.md, "Who sees what"): an event is seen by its
organiser, its staff and its joined players, and by nobody else (a 404, exactly as an
event that does not exist; the join page, reached by the link's token, says only what a
player needs to join). The organiser and staff see every submission at any time; a
player sees his own, and after the reveal the submission of every player that counts;
with the reveal set to never, only the organiser and staff ever see another's list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet

from armylists.events.borrowed import catalogue_of, document_new, pinning, rules_selectors
from armylists.events.models import Event, Participant, Submission

# Ids in an address are checked for shape before a query: a bigint has 18 digits at most.
ID = re.compile(r"[0-9]{1,18}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class Role:
    """A reader's part in an event (the organiser, staff with read or edit rights, a
    player, or several of these)."""

    event: Event
    user: object
    organiser: bool
    staff: str  # "", Participant.READ or Participant.EDIT
    participant: Participant | None

    @property
    def player(self) -> bool:
        return self.participant is not None and self.participant.player

    @property
    def sees_all(self) -> bool:
        """The organiser and staff: every submission, the table, the exports."""
        return self.organiser or bool(self.staff)

    @property
    def can_edit(self) -> bool:
        return self.organiser or self.staff == Participant.EDIT

    @property
    def can_manage(self) -> bool:
        """Name the staff: the organiser only."""
        return self.organiser

    def sees_others(self, now) -> bool:
        return self.sees_all or (self.player and self.event.is_revealed(now))

    def may_read(self, submission: Submission, now) -> bool:
        """Whether this reader may see this submission's list."""
        if self.sees_all or submission.player_id == self.user.pk:
            return True
        current = submission.withdrawn_at is None and _is_current(submission)
        return self.sees_others(now) and current


def _is_current(submission: Submission) -> bool:
    return Participant.objects.filter(
        event_id=submission.event_id, user_id=submission.player_id, current=submission
    ).exists()


def event_role(*, user, event_id) -> Role | None:
    """The event and the reader's part in it; None (a 404) for an event he has no part
    in, one that does not exist, an id of the wrong shape, and anyone not logged in."""
    if user is None or not user.is_authenticated or not ID.fullmatch(str(event_id)):
        return None
    event = Event.objects.select_related("system", "owner").filter(pk=int(event_id)).first()
    if event is None:
        return None
    participant = Participant.objects.filter(event=event, user=user).first()
    organiser = event.owner_id == user.pk
    if not organiser and (participant is None or not (participant.player or participant.staff)):
        return None
    staff = participant.staff if participant is not None else ""
    return Role(event=event, user=user, organiser=organiser, staff=staff, participant=participant)


def event_by_token(*, token: str) -> Event | None:
    """The event whose join link this is (checked for shape first)."""
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        return None
    return Event.objects.select_related("system", "owner").filter(join_token=token).first()


def events_of(*, user) -> QuerySet[Event]:
    """The events a user organises, helps with or plays in, the latest close first, each
    with ``player_count``."""
    mine = Event.objects.filter(Q(owner=user) | Q(participants__user=user)).values("pk")
    return (
        Event.objects.filter(pk__in=mine)
        .select_related("system", "owner")
        .annotate(player_count=Count("participants", filter=Q(participants__player=True)))
        .prefetch_related(Prefetch("participants", to_attr="staff_rows",
                                   queryset=_staff_rows()))  # fmt: skip
        .order_by("-lists_close", "-id")
    )


def roles_in(*, user, events) -> dict[int, Role]:
    """The user's part in each of ``events`` (found through ``events_of``): one query."""
    parts = {p.event_id: p for p in Participant.objects.filter(user=user, event__in=events)}
    return {
        e.pk: Role(event=e, user=user, organiser=e.owner_id == user.pk,
                   staff=parts[e.pk].staff if e.pk in parts else "", participant=parts.get(e.pk))
        for e in events
    }  # fmt: skip


def events_public(*, now) -> QuerySet[Event]:
    """Events listed publicly whose lists are still open."""
    return (
        Event.objects.filter(visibility=Event.PUBLIC, lists_close__gt=now)
        .select_related("system", "owner")
        .annotate(player_count=Count("participants", filter=Q(participants__player=True)))
        .order_by("lists_close", "id")
    )


def player_count(*, event: Event) -> int:
    """How many players joined (annotated by ``events_of`` and ``events_public``)."""
    counted = getattr(event, "player_count", None)
    return counted if counted is not None else event.participants.filter(player=True).count()


def players(*, event: Event) -> list[Participant]:
    """Every player with his submission that counts (one query), by user name."""
    return list(
        event.participants.filter(player=True)
        .select_related("user", "current__snapshot")
        .order_by("user__username", "id")
    )


def _staff_rows():
    return Participant.objects.exclude(staff="").select_related("user").order_by("user__username")


def staff_of(*, event: Event) -> list[Participant]:
    """The event's staff by user name (prefetched by ``events_of``)."""
    prefetched = getattr(event, "staff_rows", None)
    return prefetched if prefetched is not None else list(_staff_rows().filter(event=event))


def submissions_visible(*, role: Role, now, current_only: bool = False) -> QuerySet[Submission]:
    """The submissions this reader may see, newest first: the organiser and staff all
    of them; a player his own, and after the reveal every player's that counts."""
    found = role.event.submissions.select_related("player", "snapshot")
    counting = Q(
        pk__in=Participant.objects.filter(event=role.event, current__isnull=False).values(
            "current"
        )
    )
    if current_only:
        found = found.filter(counting)
    if not role.sees_all:
        mine = Q(player=role.user)
        found = found.filter(mine | counting) if role.sees_others(now) else found.filter(mine)
    return found.order_by("-submitted_at", "-id")


def submission_for(*, role: Role, submission_id, now) -> Submission | None:
    """One submission, if this reader may see it (else None: a 404)."""
    if not ID.fullmatch(str(submission_id)):
        return None
    found = (
        role.event.submissions.select_related("player", "snapshot")
        .filter(pk=int(submission_id))
        .first()
    )
    if found is None or not role.may_read(found, now):
        return None
    return found


def submissions_of_player(*, event: Event, user) -> list[Submission]:
    """A player's own submissions to an event, newest first (kept, withdrawn or not)."""
    return list(
        event.submissions.filter(player=user).select_related("snapshot").order_by(
            "-submitted_at", "-id"
        )
    )


def event_catalogue(event: Event):
    """The data the event's lists are judged on: its pack version (read as a saved
    list's, since the organiser could use it when he chose it), else the game's official
    data as loaded. None when that data is gone (the game unloaded by hand)."""
    pack = event.pack_ref()
    probe = document_new(
        system=event.system.key, faction=None, battle_size=None, pack=pack
    )
    try:
        if pack is not None:
            return catalogue_of(probe, reader=pinning.SAVED)
        return rules_selectors.catalogue_get(key=event.system.key)
    except ValueError:  # DocumentError: the version was erased from the database by hand
        return None
