"""Who may see and do what in an event: one table, every cell asserted.

Columns: who reads (alice organises; erik is staff with read rights; bob is the player
whose list the rows read; dora another joined player; charlie a stranger; anonymous).
Each is tried in four phases of the event: lists open, closed but not revealed, revealed,
and closed with the reveal set to never. Rows: every endpoint and page of an event,
reads first, then the writes (each cell builds its own world over real HTTP, so a write
of one row never changes another's answer).

The promise held here: nobody reads another player's list before the reveal, through
any page, endpoint, export, print sheet or play view; a stranger gets the 404 of an event
that does not exist everywhere but the join link's page.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.test import Client

from tests.support import events as ev
from tests.support.http import Http, token_client
from tests.support.users import make_user

pytestmark = pytest.mark.django_db(transaction=True)

LOGIN = "login"  # a page's redirect to the login form
YES, NO = True, False
COLUMNS = ["organiser", "staff", "player", "other", "stranger", "anonymous"]
PHASES = ["open", "closed", "revealed", "never"]
BOBS = "Secret raid of Bob"  # the name of the list every row reads


def _row(**cells):
    assert set(cells) == set(COLUMNS), set(COLUMNS) ^ set(cells)
    return cells


def _same(value, **but):
    return _row(**{**dict.fromkeys(COLUMNS, value), **but})


def _by_phase(open_, closed=None, revealed=None, never=None):
    """A row whose cells differ by phase (each phase not given is as the one before)."""
    closed = closed or open_
    revealed = revealed or closed
    return {"open": open_, "closed": closed, "revealed": revealed, "never": never or closed}


MEMBERS = dict(organiser=200, staff=200, player=200, other=200)
INSIDERS = dict(organiser=200, staff=200)
API_STRANGERS = dict(stranger=404, anonymous=403)
PAGE_STRANGERS = dict(stranger=404, anonymous=LOGIN)
# bob's list: the insiders and bob always; dora only once it is revealed.
BOBS_LIST_API = _by_phase(
    _row(**INSIDERS, player=200, other=404, **API_STRANGERS),
    revealed=_row(**MEMBERS, **API_STRANGERS),
)
BOBS_LIST_PAGE = _by_phase(
    _row(**INSIDERS, player=200, other=404, **PAGE_STRANGERS),
    revealed=_row(**MEMBERS, **PAGE_STRANGERS),
)
SEES_BOBS = _by_phase(
    _row(organiser=YES, staff=YES, player=YES, other=NO, stranger=404, anonymous=403),
    revealed=_row(organiser=YES, staff=YES, player=YES, other=YES, stranger=404, anonymous=403),
)
SEES_BOBS_PAGE = _by_phase(
    _row(organiser=YES, staff=YES, player=YES, other=NO, stranger=404, anonymous=LOGIN),
    revealed=_row(organiser=YES, staff=YES, player=YES, other=YES, stranger=404,
                  anonymous=LOGIN),  # fmt: skip
)
EXPORT_API = _by_phase(_row(**INSIDERS, player=403, other=403, **API_STRANGERS))
EXPORT_PAGE = _by_phase(_row(**INSIDERS, player=404, other=404, **PAGE_STRANGERS))

TABLE = [
    # -- reading -----------------------------------------------------------------------
    ("api event", "api_get:/api/v1/events/{event}/", _by_phase(_row(**MEMBERS, **API_STRANGERS))),
    ("api submissions hold bob's", "api_sees_bobs", SEES_BOBS),
    ("api bob's submission", "api_get:/api/v1/events/{event}/submissions/{bobs}/", BOBS_LIST_API),
    ("api export json", "api_get:/api/v1/events/{event}/export/?format=json", EXPORT_API),
    ("api export text", "api_get:/api/v1/events/{event}/export/?format=text", EXPORT_API),
    ("api export csv", "api_get:/api/v1/events/{event}/export/?format=csv", EXPORT_API),
    ("api my events hold it", "api_listed",
     _by_phase(_row(organiser=YES, staff=YES, player=YES, other=YES, stranger=NO,
                    anonymous=403))),
    ("page event", "page_get:/events/{event}/", _by_phase(_row(**MEMBERS, **PAGE_STRANGERS))),
    ("page event shows bob's list", "page_sees_bobs", SEES_BOBS_PAGE),
    ("page settings", "page_get:/events/{event}/settings/",
     _by_phase(_same(404, organiser=200, anonymous=LOGIN))),
    ("page bob's submission", "page_get:/events/{event}/submissions/{bobs}/", BOBS_LIST_PAGE),
    ("page bob's print sheet", "page_get:/events/{event}/submissions/{bobs}/print/",
     BOBS_LIST_PAGE),
    ("page bob's cards", "page_get:/events/{event}/submissions/{bobs}/print/?layout=cards",
     BOBS_LIST_PAGE),
    ("page bob's play view", "page_get:/events/{event}/submissions/{bobs}/play/", BOBS_LIST_PAGE),
    ("page export csv", "page_get:/events/{event}/export/?format=csv", EXPORT_PAGE),
    ("page export json", "page_get:/events/{event}/export/?format=json", EXPORT_PAGE),
    ("page export text", "page_get:/events/{event}/export/?format=text", EXPORT_PAGE),
    # The join link's page is for whoever has the link; it shows no list.
    ("page join link", "page_join", _by_phase(_same(200))),
    ("page my events hold it", "page_listed",
     _by_phase(_row(organiser=YES, staff=YES, player=YES, other=YES, stranger=NO,
                    anonymous=LOGIN))),
    ("api join, wrong token", "api_join_wrong",
     _by_phase(_same(400, stranger=404, anonymous=403))),
    # -- writes --------------------------------------------------------------------------
    ("api change", "api_patch:/api/v1/events/{event}/",
     _by_phase(_same(403, organiser=200, **API_STRANGERS))),
    ("api submit", "api_submit",
     _by_phase(_same(403, player=201, other=201, **API_STRANGERS),
               closed=_same(403, player=409, other=409, **API_STRANGERS))),
    ("page submit stores", "page_submit",
     _by_phase(_same(404, player=YES, other=YES, **PAGE_STRANGERS),
               closed=_same(404, player=NO, other=NO, **PAGE_STRANGERS))),
    ("api withdraw", "api_post:/api/v1/events/{event}/withdraw/",
     _by_phase(_same(403, player=200, other=200, **API_STRANGERS),
               closed=_same(403, player=409, other=409, **API_STRANGERS))),
    ("page withdraw", "page_post:/events/{event}/withdraw/",
     _by_phase(_same(404, player=302, other=302, **PAGE_STRANGERS))),
    ("page new link", "page_post:/events/{event}/link/",
     _by_phase(_same(404, organiser=302, anonymous=LOGIN))),
]  # fmt: skip


@dataclass
class World:
    event: int
    bobs: int  # bob's submission that counts
    token: str
    api: Http
    page: Client
    user: object  # None: anonymous
    list_id: int | None  # the reader's own saved list (None: he has none)


def _world(api, live_godslayer, column, phase) -> World:
    from armylists.events.models import Event

    users = {n: make_user(n) for n in ("alice", "erik", "bob", "dora", "charlie")}
    event = ev.open_event(users["alice"])
    ev.make_staff(event, users["erik"])
    for name in ("bob", "dora"):
        ev.join(event, users[name])
    bobs = ev.submit(event, users["bob"], ev.save_list(users["bob"], {**ev.LEGAL, "name": BOBS}))
    ev.submit(event, users["dora"], ev.save_list(users["dora"]))
    if phase == "closed":
        ev.reveal_later(event)
    elif phase == "revealed":
        ev.close(event)
    elif phase == "never":
        Event.objects.filter(pk=event.pk).update(reveal_never=True)
        ev.close(event)
    name = {"organiser": "alice", "staff": "erik", "player": "bob", "other": "dora",
            "stranger": "charlie"}.get(column)  # fmt: skip
    user = users[name] if name else None
    page = Client(raise_request_exception=False)
    if user is not None:
        page.force_login(user)
    return World(
        event=event.pk, bobs=bobs.pk, token=event.join_token,
        api=token_client(api, user) if user is not None else Http(api.base), page=page,
        user=user, list_id=ev.save_list(user).pk if user is not None else None,
    )  # fmt: skip


# -- how each row is tried --------------------------------------------------------------


def _path(w, path):
    return path.format(event=w.event, bobs=w.bobs)


def _page_answer(r):
    if r.status_code == 302 and "/accounts/login/" in r["Location"]:
        return LOGIN
    return r.status_code


def try_api_get(w, path):
    r = w.api.get(_path(w, path))
    if r.status_code == 200 and "submissions/" in path:
        assert BOBS in r.text
    return r.status_code


def try_api_post(w, path):
    return w.api.post(_path(w, path)).status_code


def try_api_patch(w, path):
    return w.api.patch(_path(w, path), json={"house_rules": "Changed."}).status_code


def try_api_sees_bobs(w):
    r = w.api.get(_path(w, "/api/v1/events/{event}/submissions/"))
    if r.status_code != 200:
        return r.status_code
    return w.bobs in {s["id"] for s in r.json()["results"]}


def try_api_listed(w):
    r = w.api.get("/api/v1/events/")
    return r.status_code if r.status_code != 200 else w.event in {
        e["id"] for e in r.json()["results"]}


def try_api_join_wrong(w):
    r = w.api.post(_path(w, "/api/v1/events/{event}/join/"), json={"join_token": "x" * 43})
    return r.status_code


def try_api_submit(w):
    body = {"list": w.list_id or 1}
    return w.api.post(_path(w, "/api/v1/events/{event}/submissions/"), json=body).status_code


def try_page_get(w, path):
    r = w.page.get(_path(w, path))
    if r.status_code == 200 and "/submissions/" in path:
        assert BOBS in r.content.decode()
    return _page_answer(r)


def try_page_post(w, path):
    return _page_answer(w.page.post(_path(w, path)))


def try_page_sees_bobs(w):
    r = w.page.get(_path(w, "/events/{event}/"))
    return _page_answer(r) if r.status_code != 200 else BOBS in r.content.decode()


def try_page_join(w):
    r = w.page.get(f"/e/{w.token}/")
    assert r.status_code != 200 or BOBS not in r.content.decode()
    return _page_answer(r)


def try_page_listed(w):
    r = w.page.get("/events/")
    return _page_answer(r) if r.status_code != 200 else (
        f'href="/events/{w.event}/"' in r.content.decode())


def try_page_submit(w):
    from armylists.events.models import Submission

    before = Submission.objects.count()
    r = w.page.post(_path(w, "/events/{event}/submit/"), {"list": w.list_id or 1})
    answer = _page_answer(r)
    if answer != 302:
        return answer
    return Submission.objects.count() == before + 1


def _answer(w, how):
    verb, _sep, arg = how.partition(":")
    function = globals()[f"try_{verb}"]
    return function(w, arg) if arg else function(w)


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("column", COLUMNS)
def test_every_cell(api, live_godslayer, column, phase):
    world = _world(api, live_godslayer, column, phase)
    wrong = []
    for name, how, row in TABLE:
        expected = row[phase][column]
        got = _answer(world, how)
        if got != expected:
            wrong.append(f"{name}: expected {expected!r}, got {got!r}")
    assert not wrong, f"{column} ({phase}):\n" + "\n".join(wrong)
