"""While PostgreSQL cannot be reached, validate and render keep answering from the game
data the process holds (the official data, official packs' versions), saying so in the
``Game-Data`` header, over real HTTP; everything that needs the database (a player's
pack, a save, a login, game data never read, the catalogue endpoints) answers 503 with
Retry-After. The database really refuses the connection: no mock."""

import pytest

from armylists.packs.selectors import pinned_versions
from rules import selectors
from tests.support import packs as pack_helpers
from tests.support.database import unreachable_database
from tests.support.http import Http
from tests.support.packs import OFFICIAL, fork
from tests.support.pages import CAPTAIN, OGRE, document
from tests.support.users import PASSWORD

official, alice, bob, anonymous, alices_pack = (
    pack_helpers.official, pack_helpers.alice, pack_helpers.bob, pack_helpers.anonymous,
    pack_helpers.alices_pack,
)

pytestmark = pytest.mark.django_db(transaction=True)

# Three ogres break their deployment limit: the answer has a violation to compare too.
RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE, "count": 3})
VALIDATE = "/api/v1/validate/"
RENDER = "/api/v1/render/"


def on(pack_id, version, doc=RAID):
    return {**doc, "pack": {"id": pack_id, "version": version}}


def older_than_fresh():
    """As if another process had changed game data, or a second had passed: this one
    must re-read the tables (rules/selectors.py) and the rows of the packs lists name
    (armylists/packs/selectors.py) on its next request rather than use them as fresh."""
    selectors.game_data.changed()
    pinned_versions.forget()


def assert_unavailable(response):
    assert response.status_code == 503, response.text
    assert int(response.headers["Retry-After"]) > 0
    [error] = response.json()["errors"]
    assert error["code"] == "unavailable"
    assert "Game-Data" not in response.headers


def test_validate_answers_the_same_from_memory_while_postgresql_is_down(anonymous):
    up = anonymous.post(VALIDATE, json=RAID)
    assert up.status_code == 200 and "Game-Data" not in up.headers
    assert "aal" in {v["code"] for v in up.json()["violations"]}
    with unreachable_database():
        older_than_fresh()
        down = anonymous.post(VALIDATE, json=RAID)
        german = anonymous.post(VALIDATE, json=RAID, headers={"Accept-Language": "de"})
    assert down.status_code == 200, down.text
    assert down.json() == up.json()
    value, age = down.headers["Game-Data"].split("; age=")
    assert value == "kept" and int(age) >= 0
    assert german.status_code == 200 and german.json()["violations"] != up.json()["violations"]
    back = anonymous.post(VALIDATE, json=RAID)
    assert back.json() == up.json() and "Game-Data" not in back.headers


def test_a_malformed_list_is_still_a_400_while_postgresql_is_down(anonymous):
    anonymous.post(VALIDATE, json=RAID)
    with unreachable_database():
        older_than_fresh()
        unknown = anonymous.post(VALIDATE, json={**RAID, "system": "chess"})
        broken = anonymous.post(VALIDATE, data=b"{", headers={"Content-Type": "application/json"})
    [error] = unknown.json()["errors"]
    assert unknown.status_code == 400 and error["path"] == "system"
    assert "godslayer" in error["message"]  # the known systems, from memory
    assert broken.status_code == 400


def test_render_answers_from_memory_while_postgresql_is_down(anonymous):
    up = anonymous.post(RENDER, json=RAID, params={"format": "text"})
    assert up.status_code == 200
    with unreachable_database():
        older_than_fresh()
        down = anonymous.post(RENDER, json=RAID, params={"format": "text"})
        plain = anonymous.post(RENDER, json=RAID, params={"format": "text"},
                               headers={"Accept": "text/plain"})
    assert down.status_code == 200 and down.json() == up.json()
    assert down.headers["Game-Data"].startswith("kept; age=")
    assert plain.status_code == 200 and plain.text == up.json()["text"]
    assert plain.headers["Game-Data"].startswith("kept; age=")


def test_a_session_or_a_token_that_cannot_be_looked_up_validates_as_anonymous(
    api, official, alice
):
    browser = Http(api.base)
    login = browser.get("/accounts/login/")
    assert login.status_code == 200
    csrf = {"X-CSRFToken": browser.session.cookies["csrftoken"]}
    signed_in = browser.post("/accounts/login/", data={"username": "alice", "password": PASSWORD},
                             headers=csrf, allow_redirects=False)
    assert signed_in.status_code == 302 and "sessionid" in browser.session.cookies
    csrf = {"X-CSRFToken": browser.session.cookies["csrftoken"]}
    up = browser.post(VALIDATE, json=RAID, headers=csrf)
    assert up.status_code == 200, up.text
    assert alice.post(VALIDATE, json=RAID).json() == up.json()
    with unreachable_database():
        older_than_fresh()
        by_session = browser.post(VALIDATE, json=RAID, headers=csrf)
        by_token = alice.post(VALIDATE, json=RAID)
    for down in (by_session, by_token):
        assert down.status_code == 200, down.text
        assert down.json() == up.json() and down.headers["Game-Data"].startswith("kept")
    assert browser.get("/lists/").status_code == 200  # still signed in once it is back


def test_an_official_packs_kept_version_answers_while_postgresql_is_down(anonymous, alice):
    up = anonymous.post(VALIDATE, json=on(OFFICIAL, 1))
    assert up.status_code == 200 and up.json()["pack"]["official"] is True
    with unreachable_database():
        older_than_fresh()
        down = anonymous.post(VALIDATE, json=on(OFFICIAL, 1))
        as_alice = alice.post(VALIDATE, json=on(OFFICIAL, 1))
        never_built = anonymous.post(VALIDATE, json=on(OFFICIAL, 2))
        exported = anonymous.post(RENDER, json=on(OFFICIAL, 1))
        as_text = anonymous.post(RENDER, json=on(OFFICIAL, 1), params={"format": "text"})
    assert down.status_code == 200 and down.json() == up.json()
    assert down.headers["Game-Data"] == "kept"  # a version never changes: no age
    assert as_alice.status_code == 200 and as_alice.json() == up.json()
    assert exported.status_code == 200 and exported.json()["pack"] == {"id": OFFICIAL,
                                                                      "version": 1}
    assert exported.headers["Game-Data"] == "kept"
    # The text names the pack by its name, which may have changed: only the database knows.
    assert_unavailable(as_text)
    # Whether version 2 exists only the database can say.
    assert_unavailable(never_built)


def test_a_private_pack_needs_the_database_to_say_who_may_read_it(alice, bob, alices_pack):
    mine = on(alices_pack["id"], 1)
    assert alice.post(VALIDATE, json=mine).status_code == 200  # its catalogue is kept now
    assert bob.post(VALIDATE, json=mine).status_code == 400  # not his to use
    with unreachable_database():
        older_than_fresh()
        owner = alice.post(VALIDATE, json=mine)
        stranger = bob.post(VALIDATE, json=mine)
        render = alice.post(RENDER, json=mine)
    for response in (owner, stranger, render):
        assert_unavailable(response)


def test_a_public_pack_needs_the_database_too(alice, anonymous):
    made = fork(alice, name="Open Godslayer")
    assert made.status_code == 201
    pack_id = made.json()["id"]
    assert alice.patch(f"/api/v1/packs/{pack_id}/", json={"visibility": "public"}).ok
    assert anonymous.post(VALIDATE, json=on(pack_id, 1)).status_code == 200
    with unreachable_database():
        older_than_fresh()
        down = anonymous.post(VALIDATE, json=on(pack_id, 1))
    # Its owner may have made it private since: only the database knows.
    assert_unavailable(down)


def test_game_data_never_read_cannot_be_answered_from_memory(anonymous):
    with unreachable_database():
        selectors.forget()  # a process that has not read the tables yet
        down = anonymous.post(VALIDATE, json=RAID)
    assert_unavailable(down)


def test_what_needs_the_database_answers_503_while_validate_answers(alice, anonymous):
    assert anonymous.post(VALIDATE, json=RAID).status_code == 200
    assert anonymous.get("/api/v1/systems/godslayer/").status_code == 200
    with unreachable_database():
        older_than_fresh()
        assert anonymous.post(VALIDATE, json=RAID).status_code == 200
        save = alice.post("/api/v1/lists/", json=RAID)
        lists = alice.get("/api/v1/lists/")
        systems = anonymous.get("/api/v1/systems/")
        catalogue = anonymous.get("/api/v1/systems/godslayer/")
        # A login is neither let through nor counted while the lockouts cannot be read.
        token = anonymous.post("/api/v1/auth/token/",
                               data={"username": "alice", "password": PASSWORD})
        home = anonymous.get("/")  # the games, from the database
    for response in (save, lists, systems, catalogue, token):
        assert_unavailable(response)
    assert home.status_code == 503 and int(home.headers["Retry-After"]) > 0
    saved = alice.post("/api/v1/lists/", json=RAID)
    assert saved.status_code == 201, saved.text


def test_within_a_second_a_private_pack_is_not_called_someone_elses(alice, alices_pack):
    """The pack's row was read under a second ago (still fresh), but alice's token
    cannot be looked up: she is not told the pack is not hers; she gets the 503."""
    mine = on(alices_pack["id"], 1)
    assert alice.post(VALIDATE, json=mine).status_code == 200
    with unreachable_database():
        selectors.game_data.changed()  # the tables re-read; the pack's row kept fresh
        owner = alice.post(VALIDATE, json=mine)
    assert_unavailable(owner)
