"""Every page added since the packs arrived, in German (issue 32): the packs' pages and
editor, the imports (a BattleScribe catalogue as a pack, a roster in the builder), the
events, each step of recording a Mordheim battle, the compare page, the play view, the
print sheets, the builder and the play aids, read by a German browser (Accept-Language
and the language cookie), show none of the English of the project's own catalogue
(tests/support/german.py), nor the English issue 32 found that is not in the catalogue
yet (NOT_IN_CATALOGUE). A refusal of Kemet's resolver is German too."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from armylists.lists import services as lists_services
from tests.support import events as ev
from tests.support import pack_pages
from tests.support.battlescribe import BA_ROS, MH_ROS
from tests.support.battlescribe_catalogues import CAT, GST
from tests.support.german import english_left
from tests.support.mordheim_warband import WARBAND
from tests.support.pack_pages import CAPTAIN, row_fields
from tests.support.pages import Page, form_fields
from tests.support.paths import FIXTURES
from tests.support.print_lists import LISTS

pytestmark = pytest.mark.django_db
official, erik, alices_pack = pack_pages.official, pack_pages.erik, pack_pages.alices_pack

# English that reaches German pages without being in the catalogue (issue 32 names it):
# looked for on every page beside the catalogue's.
NOT_IN_CATALOGUE = ("forked from", "points for", "model(s)", "option(s)",
                    "hidden in the catalogue", "not from the catalogue", "nothing to publish",
                    "change of", "is the same as version")
# Known leftovers, page by page: English still on the pack pages (the pack detail's
# version notes, the BattleScribe import report's "became" column and skipped entries),
# which the branch ui-packs rewrites for issue 32. Remove each after that merge.
def german(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.cookies["django_language"] = "de"
    if user is not None:
        client.force_login(user)
    return client


def read(client, url, status=200) -> str:
    response = client.get(url, follow=True)
    assert response.status_code == status, (url, response.status_code)
    assert '<html lang="de"' in response.content.decode(), url
    return response.content.decode()


def leftovers(pages: dict[str, str]) -> dict[str, list[str]]:
    """Per page: the English it still shows."""
    out = {}
    for name, html in pages.items():
        left = list(english_left(html, NOT_IN_CATALOGUE))
        if left:
            out[name] = left
    return out


@pytest.fixture
def saved(load_system, alice):
    """alice's list of each game."""
    made = {}
    for system, data in LISTS.items():
        load_system(system)
        made[system] = lists_services.list_create(owner=alice, data=data)
    return made


def test_the_builder_play_view_and_print_sheets_are_german(alice, saved):
    client = german(alice)
    pages = {}
    for system, army_list in saved.items():
        lid = army_list.id
        pages[f"{system} start"] = read(client, f"/g/{system}/")
        pages[f"{system} builder"] = read(client, f"/lists/{lid}/")
        pages[f"{system} play"] = read(client, f"/lists/{lid}/play/")
        pages[f"{system} print"] = read(client, f"/lists/{lid}/print/")
        pages[f"{system} cards"] = read(client, f"/lists/{lid}/print/?layout=cards")
        pages[f"{system} history"] = read(client, f"/lists/{lid}/history/")
        pages[f"{system} text"] = read(client, f"/lists/{lid}/text/")
    pages["my lists"] = read(client, "/lists/")
    pages["import"] = read(client, "/lists/import/")
    pages["open"] = read(client, "/lists/open/")
    assert leftovers(pages) == {}


@pytest.mark.parametrize(("roster", "name"), [(BA_ROS, "party.ros"), (MH_ROS, "band.ros")])
def test_a_battlescribe_roster_opened_in_the_builder_is_german(alice, load_system, roster,
                                                               name):
    for key in ("boarding-action", "mordheim"):
        load_system(key)
    client = german(alice)
    pages = {"import": read(client, "/lists/import/")}
    response = client.post("/lists/import/", {
        "file": SimpleUploadedFile(name, roster, content_type="application/octet-stream")},
        follow=True)
    assert response.status_code == 200 and 'id="builder"' in response.content.decode()
    pages["imported roster"] = response.content.decode()
    assert leftovers(pages) == {}


def test_the_compare_page_and_snapshots_are_german(alice, saved, load_system):
    client = german(alice)
    first = saved["godslayer"]
    other = lists_services.list_create(owner=alice, data={**LISTS["godslayer"],
                                                          "name": "Other raid"})
    pages = {"compare form": read(client, f"/lists/{first.id}/compare/"),
             "compare": read(client, f"/lists/{first.id}/compare/?against={other.id}")}
    response = client.post(f"/lists/{first.id}/snapshots/", follow=True)
    assert response.status_code == 200
    pages["snapshot"] = response.content.decode()
    pages["snapshot verify"] = read(client, "/t/verify/")
    assert leftovers(pages) == {}


def test_the_play_aids_are_german(load_system):
    for system in ("godslayer", "trupp", "mordheim", "kemet", "boarding-action"):
        load_system(system)
    client = german()
    pages = {
        "godslayer matchup": read(client, "/g/godslayer/matchup/"),
        "trupp matchup": read(client, "/g/trupp/matchup/"),
        "rout test": read(client, "/tools/mordheim/rout-test/"),
        "kemet": read(client, "/tools/kemet/"),
        # A day card played in battle: the resolver's refusal beside the field.
        "kemet refusal": client.post("/tools/kemet/", {
            "attacker-soldiers": 5, "attacker-card": "str2-shield2", "defender-soldiers": 5,
            "defender-card": "str2-shield2",
            "defender-interventions": ["sample-morning-offering"]}).content.decode(),
        "hull breach": read(client, "/tools/boarding-action/hull-breach/"),
    }
    assert leftovers(pages) == {}


def test_the_pack_pages_are_german(alice, alices_pack, load_system):
    client = german(alice)
    pid = alices_pack.id
    pages = {
        "my packs": read(client, "/packs/"),
        "pack directory": read(client, "/packs/g/godslayer/"),
        "pack settings": read(client, f"/packs/{pid}/settings/"),
        "pack upload": read(client, "/packs/upload/"),
        "pack import": read(client, "/packs/import/battlescribe/"),
    }
    # A row changed: the editor with its draft, then published as version 2.
    editor = Page(client.get(f"/packs/{pid}/edit/?section=cards"))
    fields = row_fields(editor, f"row-form-{CAPTAIN}")
    fields["points"] = "45"
    assert client.post(f"/packs/{pid}/edit/row/", fields).status_code in (200, 302)
    pages["pack editor"] = read(client, f"/packs/{pid}/edit/")
    assert client.post(f"/packs/{pid}/edit/publish/", {"note": "dearer"}).status_code == 302
    pages["pack detail"] = read(client, f"/packs/{pid}/")
    pages["pack diff"] = read(client, f"/packs/{pid}/diff/")
    # A list on version 1: the builder offers version 2 with what it changes.
    on_one = lists_services.list_create(owner=alice, data={
        **LISTS["godslayer"], "pack": {"id": pid, "version": 1}})
    pages["builder on an older pack"] = read(client, f"/lists/{on_one.id}/")
    # A BattleScribe catalogue imported: the report.
    load_system("boarding-action")
    from armylists.packs.versions import load_official_pack_file

    load_official_pack_file(FIXTURES / "boarding-action.yaml")
    response = client.post("/packs/import/battlescribe/", {
        "catalogue": SimpleUploadedFile("codex.cat", CAT),
        "game_system": SimpleUploadedFile("system.gst", GST), "name": "Club Marines"},
        follow=True)
    assert response.status_code == 201  # the pack made, its report on the page
    pages["pack import report"] = response.content.decode()
    assert leftovers(pages) == {}


def test_the_events_pages_are_german(alice, bob, charlie, load_system):
    load_system("godslayer")
    event = ev.open_event(alice)
    ev.join(event, bob)
    submission = ev.submit(event, bob, ev.save_list(bob))
    organiser, player = german(alice), german(bob)
    eid, sid = event.pk, submission.pk
    pages = {
        "events": read(organiser, "/events/"),
        "new event": read(organiser, "/events/new/"),
        "new godslayer event": read(organiser, "/events/new/godslayer/"),
        "event (organiser)": read(organiser, f"/events/{eid}/"),
        "event settings": read(organiser, f"/events/{eid}/settings/"),
        "submission": read(organiser, f"/events/{eid}/submissions/{sid}/"),
        "submission print": read(organiser, f"/events/{eid}/submissions/{sid}/print/"),
        "submission play": read(organiser, f"/events/{eid}/submissions/{sid}/play/"),
        "event (player)": read(player, f"/events/{eid}/"),
        "event join": read(german(charlie), f"/e/{event.join_token}/"),
    }
    assert leftovers(pages) == {}


def step(client, url, fields=None, action="step", testid="step-form") -> str:
    """Post the campaign page's form ``testid`` as a browser would, with ``fields``."""
    page = Page(client.get(url))
    [form] = page.testid(testid)
    data = form_fields(form)
    for name in [n for n in data if n.endswith("_items") or n == "dismiss"]:
        del data[name]  # a multiple choice with nothing chosen sends nothing
    data.update({k: v if isinstance(v, list) else [str(v)] for k, v in (fields or {}).items()})
    data["action"] = [action]
    response = client.post(url, data, follow=True)
    assert response.status_code == 200, response.content[:2000]
    return response.content.decode()


def test_each_step_of_recording_a_mordheim_battle_is_german(alice, load_system):
    load_system("mordheim")
    warband = lists_services.list_create(
        owner=alice, data={**WARBAND, "entries": [*WARBAND["entries"],
                                                  {"card": "hired-roadwarden", "name": "Rudi"}]})
    client, url = german(alice), f"/lists/{warband.id}/campaign/"
    pages = {"campaign": read(client, url)}
    pages["experience"] = step(client, url, {"won": "lost"})
    pages["exploration"] = step(client, url, {})
    pages["trading"] = step(client, url, {"dice": "1 2 4"})
    [rudi] = Page(client.get(url)).testid("dismiss")[0].find_all("input")
    pages["review"] = step(client, url, {"dismiss": [rudi.attrs["value"]]})
    pages["recorded"] = step(client, url, action="record", testid="review-form")
    assert leftovers(pages) == {}
