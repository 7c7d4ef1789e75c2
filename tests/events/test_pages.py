"""The event pages without JavaScript (plain form posts): opening an event, the join
page, a player's submit, confirm, withdraw and resubmit, the organiser's table with its
filters, reminder and exports, the settings, the read-only pages of a frozen copy, the
cache headers that keep lists off shared devices before the reveal, and German."""

from __future__ import annotations

import copy
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.support import events as ev
from tests.support.users import make_user

pytestmark = pytest.mark.django_db


def _client(user=None, language=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    if language:
        client.cookies["django_language"] = language
    return client


def _moment(delta) -> str:
    from django.utils import timezone

    return timezone.localtime(ev.now() + delta).strftime("%Y-%m-%dT%H:%M")


def _form(**more) -> dict:
    return {"name": "Club night", "pack": "", "battle_size": "160", "house_rules": "",
            "lists_close": _moment(timedelta(days=3)), "reveal": "close", "reveal_at": "",
            "visibility": "link", "player_limit": "", **more}  # fmt: skip


def test_opening_an_event(godslayer, alice, load_system):
    from armylists.events.models import Event

    load_system("kemet")
    page = _client(alice)
    games = page.get("/events/new/").content.decode()
    assert 'data-system="godslayer"' in games and 'data-system="kemet"' not in games
    assert page.get("/events/new/kemet/").status_code == 404
    assert page.get("/events/new/chess/").status_code == 404
    form = page.get("/events/new/godslayer/").content.decode()
    assert 'type="datetime-local"' in form and 'name="reveal"' in form
    r = page.post("/events/new/godslayer/", _form(reveal="never", house_rules="Bring dice."))
    event = Event.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/events/{event.pk}/"
    assert (event.name, event.battle_size, event.reveal_never, event.house_rules) == (
        "Club night", 160, True, "Bring dice.")
    shown = page.get(r["Location"]).content.decode()
    assert "Event opened" in shown and "Bring dice." in shown
    assert f"/e/{event.join_token}/" in shown  # the join link to copy


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"lists_close": "2001-01-01T10:00"}, "lists_close", "must be in the future"),
    ({"lists_close": "next week"}, "lists_close", "Enter a valid date/time."),
    ({"reveal": "at"}, "reveal_at", "Give the time of the reveal."),
    ({"reveal": "at", "reveal_at": "2001-01-01T10:00"}, "reveal_at", "must not be before"),
    ({"battle_size": "0"}, "battle_size", "greater than or equal to 1"),
    ({"name": ""}, "name", "This field is required."),
    ({"pack": "nope:1"}, "pack", "Select a valid choice."),
])  # fmt: skip
def test_a_bad_field_is_named_beside_it(godslayer, alice, change, field, words):
    from armylists.events.models import Event

    r = _client(alice).post("/events/new/godslayer/", _form(**change))
    assert r.status_code == 400
    html = r.content.decode()
    error = html.split(f'data-testid="error-{field}">', 1)[1].split("<", 1)[0]
    assert words in error
    assert Event.objects.count() == 0


@pytest.fixture
def event(godslayer, alice):
    return ev.open_event(alice, house_rules="Fully painted.")


def test_the_join_page(event, alice, bob):
    anonymous = Client()
    page = anonymous.get(f"/e/{event.join_token}/")
    assert page.status_code == 200 and "Fully painted." in page.content.decode()
    assert 'data-testid="login-to-join"' in page.content.decode()
    r = anonymous.post(f"/e/{event.join_token}/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert _client().get(f"/e/{'x' * 43}/").status_code == 404
    bobs = _client(bob)
    assert 'data-testid="join"' in bobs.get(f"/e/{event.join_token}/").content.decode()
    r = bobs.post(f"/e/{event.join_token}/")
    assert r.status_code == 302 and r["Location"] == f"/events/{event.pk}/"
    assert "You joined Nordgaard Open." in bobs.get(r["Location"]).content.decode()
    assert 'data-testid="to-event"' in bobs.get(f"/e/{event.join_token}/").content.decode()
    ev.close(event)
    late = _client(make_user("dora"))
    assert 'data-testid="join-closed"' in late.get(f"/e/{event.join_token}/").content.decode()
    r = late.post(f"/e/{event.join_token}/", follow=True)
    assert "lists closed at" in r.content.decode()
    assert event.participants.filter(player=True).count() == 1


def _detail(client, event) -> str:
    r = client.get(f"/events/{event.pk}/")
    assert r.status_code == 200
    return r.content.decode()


def test_a_player_submits_sees_why_withdraws_and_submits_again(event, bob):
    ev.join(event, bob)
    illegal = ev.save_list(bob, ev.ILLEGAL)
    page = _client(bob)
    html = _detail(page, event)
    assert f'<option value="{illegal.pk}">Three ogres</option>' in html
    assert 'data-testid="nothing-submitted"' in html
    r = page.post(f"/events/{event.pk}/submit/", {"list": illegal.pk})
    assert r.status_code == 302 and r["Location"].endswith("#mine")
    html = _detail(page, event)
    assert "Submitted, but your list is not legal: 1 problem (see below)." in html
    mine = html.split('data-testid="my-current"', 1)[1].split("</div>", 1)[0]
    assert 'data-code="aal"' in mine and "Ogre Huscarl fielded 3 times, AAL 2" in mine
    assert page.post(f"/events/{event.pk}/withdraw/").status_code == 302
    html = _detail(page, event)
    assert "Withdrawn" in html and 'data-testid="nothing-submitted"' in html
    fixed = copy.deepcopy(ev.ILLEGAL)
    fixed["entries"][1]["count"] = 2
    from armylists.lists import services as lists

    lists.list_update(army_list=illegal, data=fixed, expected_version=1, user=bob)
    page.post(f"/events/{event.pk}/submit/", {"list": illegal.pk})
    html = _detail(page, event)
    assert "Submitted: your list is legal." in html
    assert 'data-testid="my-history"' in html  # all three kept: two submissions, one withdrawn
    assert html.count("withdrawn") >= 1


def test_a_bad_submission_is_named_beside_the_list(event, bob, charlie):
    ev.join(event, bob)
    page = _client(bob)
    ev.save_list(bob)
    r = page.post(f"/events/{event.pk}/submit/", {"list": ev.save_list(charlie).pk})
    assert r.status_code == 400 and 'data-testid="error-list"' in r.content.decode()
    assert page.post(f"/events/{event.pk}/submit/", {"list": "x"}).status_code == 400


def test_a_list_on_other_data_asks_first(event, bob):
    ev.join(event, bob)
    bigger = ev.save_list(bob, {**ev.LEGAL, "battle_size": 200})
    page = _client(bob)
    r = page.post(f"/events/{event.pk}/submit/", {"list": bigger.pk})
    html = r.content.decode()
    assert r.status_code == 200 and 'data-testid="rejudge"' in html
    assert "Your list is for a battle size of 200; the event plays 160." in html
    assert event.submissions.count() == 0
    r = page.post(f"/events/{event.pk}/submit/", {"list": bigger.pk, "confirm": "on"})
    assert r.status_code == 302
    submission = event.submissions.get()
    assert (submission.list_battle_size, submission.snapshot.document["battle_size"]) == (200, 160)


def _players(event, n):
    """n players; the first submits an illegal list, the second a legal one."""
    made = [make_user(f"player{i}") for i in range(n)]
    for user in made:
        ev.join(event, user)
    ev.submit(event, made[0], ev.save_list(made[0], ev.ILLEGAL))
    ev.submit(event, made[1], ev.save_list(made[1]))
    return made


def test_the_organisers_table_filters_and_reminder(event, alice):
    _players(event, 3)
    page = _client(alice)
    html = _detail(page, event)
    for show, n in (("all", 3), ("missing", 1), ("illegal", 1)):
        assert f'data-show="{show}"' in html and f"({n})</a>" in html
    assert html.count('data-testid="player-row"') == 3
    missing = page.get(f"/events/{event.pk}/?show=missing").content.decode()
    assert missing.count('data-testid="player-row"') == 1 and 'data-player="player2"' in missing
    illegal = page.get(f"/events/{event.pk}/?show=illegal").content.decode()
    assert illegal.count('data-testid="player-row"') == 1 and 'data-player="player0"' in illegal
    assert "Ogre Huscarl fielded 3 times, AAL 2" in illegal
    odd = page.get(f"/events/{event.pk}/?show=%00everything").content.decode()
    assert odd.count('data-testid="player-row"') == 3
    reminder = html.split('data-testid="reminder">', 1)[1].split("</textarea>", 1)[0]
    assert reminder.splitlines() == ["@player0: your list is not legal (1 problem)",
                                     "@player2: no list submitted yet"]  # fmt: skip
    for fmt in ("json", "text", "csv"):
        assert f"/events/{event.pk}/export/?format={fmt}" in html
        assert page.get(f"/events/{event.pk}/export/?format={fmt}").status_code == 200
    assert page.get(f"/events/{event.pk}/export/?format=xml").status_code == 404


def test_the_table_costs_the_same_queries_for_few_players_and_many(godslayer, alice):
    counts = []
    for n in (2, 8):
        event = ev.open_event(alice, name=f"Night {n}")
        users = _players(event, n)
        for user in users[2:]:
            ev.submit(event, user, ev.save_list(user))
        page = _client(alice)
        page.get(f"/events/{event.pk}/")  # the catalogues and sessions warm
        with CaptureQueriesContext(connection) as queries:
            assert page.get(f"/events/{event.pk}/").status_code == 200
        counts.append(len(queries))
        from django.contrib.auth import get_user_model

        get_user_model().objects.filter(username__startswith="player").delete()
    assert counts[0] == counts[1], counts


def test_event_pages_are_kept_off_caches_until_the_reveal(event, alice, bob):
    ev.join(event, bob)
    submission = ev.submit(event, bob, ev.save_list(bob))
    pages = [f"/events/{event.pk}/submissions/{submission.pk}/{tail}" for tail in
             ("", "print/", "print/?layout=cards", "play/")]  # fmt: skip
    for client in (_client(alice), _client(bob)):
        for path in [f"/events/{event.pk}/", *pages]:
            r = client.get(path)
            assert r.status_code == 200 and "no-store" in r["Cache-Control"], path
            assert "private" in r["Cache-Control"]
    ev.close(event)
    for path in pages:
        r = _client(bob).get(path)
        assert r["Cache-Control"] == "private, no-cache", path  # kept for the table now
    assert "no-store" in _client(bob).get(f"/events/{event.pk}/")["Cache-Control"]


def test_a_submission_shows_the_frozen_copy_never_the_live_list(event, bob, alice):
    from armylists.lists import services as lists

    ev.join(event, bob)
    mine = ev.save_list(bob)
    submission = ev.submit(event, bob, mine)
    changed = {**copy.deepcopy(ev.LEGAL), "name": "Changed after", "entries": []}
    lists.list_update(army_list=mine, data=changed, expected_version=1, user=bob)
    for tail in ("", "print/", "print/?layout=cards", "play/"):
        html = _client(alice).get(
            f"/events/{event.pk}/submissions/{submission.pk}/{tail}").content.decode()
        assert "Legal raid" in html and "Changed after" not in html, tail
        assert "Gestir Captain" in html, tail
    html = _client(alice).get(f"/events/{event.pk}/submissions/{submission.pk}/").content.decode()
    assert submission.snapshot.hash in html and f"/t/{submission.snapshot.code}/" in html
    bad = _client(alice).get(f"/events/{event.pk}/submissions/{submission.pk}/print/?layout=x")
    assert bad.status_code == 400 and "no-store" in bad["Cache-Control"]


def test_after_the_reveal_every_player_sees_every_list(event, bob):
    dora = make_user("dora")
    for player in (bob, dora):
        ev.join(event, player)
    bobs = ev.submit(event, bob, ev.save_list(bob, {**ev.LEGAL, "name": "Bob raid"}))
    ev.submit(event, dora, ev.save_list(dora, ev.ILLEGAL))
    page = _client(dora)
    assert "Bob raid" not in _detail(page, event)
    ev.reveal_later(event)
    html = _detail(page, event)
    assert "Bob raid" not in html and 'data-testid="not-revealed"' in html
    ev.close(event)
    html = _detail(page, event)
    assert html.count('data-testid="revealed-row"') == 2 and "Bob raid" in html
    for tail in ("", "print/", "print/?layout=cards", "play/"):
        path = f"/events/{event.pk}/submissions/{bobs.pk}/{tail}"
        assert path.split("?")[0] in html or tail == "print/?layout=cards"
        assert page.get(path).status_code == 200


def test_the_settings(event, alice, bob):
    from armylists.events.models import Participant

    erik = make_user("erik")
    page = _client(alice)
    form = page.get(f"/events/{event.pk}/settings/").content.decode()
    assert 'data-testid="field-staff"' in form and 'value="Nordgaard Open"' in form
    data = {**_form(name="Renamed"), "staff-read": "bob", "staff-edit": "erik"}
    r = page.post(f"/events/{event.pk}/settings/", data)
    assert r.status_code == 302, r.content.decode()[:2000]
    event.refresh_from_db()
    assert event.name == "Renamed"
    assert {(p.user.username, p.staff) for p in Participant.objects.filter(event=event)} == {
        ("bob", "read"), ("erik", "edit")}
    r = page.post(f"/events/{event.pk}/settings/", {**data, "staff-read": "nobody"})
    assert r.status_code == 400 and "no user is called" in r.content.decode()
    erik_page = _client(erik)
    form = erik_page.get(f"/events/{event.pk}/settings/").content.decode()
    assert 'data-testid="field-staff"' not in form  # the organiser's alone
    assert _client(bob).get(f"/events/{event.pk}/settings/").status_code == 404
    token = event.join_token
    assert erik_page.post(f"/events/{event.pk}/link/").status_code == 302
    event.refresh_from_db()
    assert event.join_token != token


def test_the_pages_in_german(event, alice, bob):
    ev.join(event, bob)
    ev.submit(event, bob, ev.save_list(bob, ev.ILLEGAL))
    html = _detail(_client(alice, "de"), event)
    assert "Spieler und ihre Listen" in html and "Anmeldelink für deine Spieler" in html
    assert "3-mal aufgestellt, ASL 2" in html
    assert "@bob: deine Liste ist ungültig (1 Problem)" in html
    assert "Nicht eingereicht (0)" in html and "Ungültig (1)" in html
    assert "Dem Event beitreten" in _client(make_user("dora"), "de").get(
        f"/e/{event.join_token}/").content.decode()
    mine = _detail(_client(bob, "de"), event)
    assert "Deine Liste" in mine and "Erneut einreichen" in mine
    assert "Event eröffnen" in _client(alice, "de").get("/events/").content.decode()


def test_saving_the_settings_after_the_reveal_changes_only_what_changed(event, alice, bob):
    """The form sends every field: a rename after the reveal is no change of the close,
    nor of the data judged (a list was submitted), and the close keeps its seconds."""
    ev.join(event, bob)
    ev.submit(event, bob, ev.save_list(bob))
    ev.close(event)
    close = event.lists_close
    page = _client(alice)
    form = page.get(f"/events/{event.pk}/settings/").content.decode()
    shown = form.split('name="lists_close" value="', 1)[1].split('"', 1)[0]
    r = page.post(f"/events/{event.pk}/settings/", {**_form(name="Renamed"), "lists_close": shown,
                                                     "staff-read": "", "staff-edit": ""})
    assert r.status_code == 302, r.content.decode()[:3000]
    event.refresh_from_db()
    assert (event.name, event.lists_close) == ("Renamed", close)
    moved = _form(name="Renamed", lists_close=_moment(timedelta(days=1)))
    r = page.post(f"/events/{event.pk}/settings/", {**moved, "staff-read": "", "staff-edit": ""})
    assert r.status_code == 400 and "the lists were revealed" in r.content.decode()
