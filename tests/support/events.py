"""Events for the tests: a Godslayer event opened by its organiser, players who join it
and submit lists, and time moved by setting the close and the reveal (never by waiting).

alice organises; bob and dora play; erik is staff; charlie is a stranger (the users of
tests/conftest.py and make_user)."""

from __future__ import annotations

from datetime import timedelta

from tests.support.pages import CAPTAIN, MAIL, OGRE, document

# Gestir Captain (40) with chainmail (6): 46 points.
LEGAL = document({"id": "cpt", "card": CAPTAIN, "items": [MAIL]}, name="Legal raid")
# Three Ogre Huscarls: the deployment limit is 2 (AAL), so the list is not legal.
ILLEGAL = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogres", "card": OGRE, "count": 3},
                   name="Three ogres")  # fmt: skip
ILLEGAL_CODE = "aal"


def now():
    from django.utils import timezone

    return timezone.now()


def open_event(owner, *, name="Nordgaard Open", system="godslayer", pack=None, battle_size=160,
               close_in=timedelta(days=7), reveal=None, **more):  # fmt: skip
    """An event of ``owner``'s, its lists closing ``close_in`` from now."""
    from armylists.events import services

    fields = {"name": name, "system": system, "pack": pack, "battle_size": battle_size,
              "lists_close": now() + close_in, "reveal": reveal, **more}  # fmt: skip
    return services.event_create(owner=owner, fields=fields, now=now())


def role(event, user):
    from armylists.events import selectors

    return selectors.event_role(user=user, event_id=event.pk)


def join(event, user):
    from armylists.events import submitting

    submitting.event_join(event=event, user=user, token=event.join_token, now=now())


def save_list(owner, data=LEGAL):
    from armylists.lists import services as lists

    return lists.list_create(owner=owner, data=data)


def submit(event, user, army_list):
    from armylists.events import submitting

    return submitting.event_submit(role=role(event, user), list_id=army_list.pk, now=now())


def make_staff(event, user, rights="read"):
    from armylists.events.models import Participant

    Participant.objects.update_or_create(event=event, user=user, defaults={"staff": rights})


def close(event, *, reveal=None):
    """The close has passed (a minute ago); ``reveal``: when the lists are revealed (None:
    at the close, so now; an event whose reveal is "never" stays so)."""
    from armylists.events.models import Event

    Event.objects.filter(pk=event.pk).update(lists_close=now() - timedelta(minutes=1),
                                             reveal_at=reveal)  # fmt: skip
    event.refresh_from_db()
    return event


def reveal_later(event, after=timedelta(days=1)):
    """Closed, not revealed yet."""
    return close(event, reveal=now() + after)
