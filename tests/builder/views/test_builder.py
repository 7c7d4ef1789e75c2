"""The builder pages without JavaScript (plain form posts) and with htmx (fragments).

Start at /, pick Godslayer, choose faction and battle size, then build the draft list,
kept on the server for this browser: add, change count/size/items, remove. Every
violation is shown beside its entry (``data-code``) and goes away once fixed. Then
saving: anonymous users log in or sign up on the way and keep their draft.
"""

import pytest
from django.conf import settings

from armylists.models import ArmyList, ArmyListVersion, Workspace
from tests.support.pages import (
    AXE,
    BUILD_URL,
    CAPTAIN,
    HOPLITES,
    MAIL,
    MEAD,
    OGRE,
    SHIELD,
    SHIELDWALL,
    STAFF,
    START_URL,
    WITCH,
    Builder,
    Page,
    start_draft,
)
from tests.support.users import PASSWORD


def draft(client):
    """This browser's Godslayer draft as the server keeps it (None: there is none)."""
    found = Workspace.objects.filter(
        holder=client.session.get("builder"), key="draft:godslayer", discarded=False
    ).first()
    return found.document if found else None


def without_ids(entries):
    return [{k: v for k, v in e.items() if k != "id"} for e in entries]


@pytest.fixture
def builder(client, godslayer):
    start_draft(client)
    builder = Builder(client)
    builder.open()
    return builder


# --- start ---------------------------------------------------------------------------


def test_it_lists_the_game_systems_on_the_home_page(client, godslayer):
    page = Page(client.get("/"))
    assert page.status == 200
    [link] = page.root.find_all("a", href=START_URL)
    assert "Godslayer" in link.text and "sample data" in link.text
    assert "Your latest lists" not in page  # anonymous: no lists


def test_it_shows_the_start_form_with_factions_and_battle_sizes(client, godslayer):
    page = Page(client.get(START_URL))
    assert page.status == 200
    factions = [i.attrs["value"] for i in page.root.find_all("input", name="faction")]
    assert "nordgaard" in factions and "halodynes" in factions
    assert page.root.find("input", name="battle_size").attrs["value"] == "160"
    assert "160, 250, 300" in page
    assert "You have an unsaved list in progress" not in page


def test_it_starts_a_draft_and_redirects_to_the_builder(client, godslayer):
    response = client.post(START_URL, {"faction": "nordgaard", "battle_size": 250, "name": "Raid"})
    assert response.status_code == 302 and response.url == BUILD_URL
    started = draft(client)
    assert started["faction"] == "nordgaard" and started["battle_size"] == 250
    assert started["name"] == "Raid" and started["entries"] == []

    page = Page(client.get(BUILD_URL))
    assert page.status == 200
    assert "Your list is empty" in page
    assert page.root.find("input", name="name").attrs["value"] == "Raid"
    assert page.root.find("input", name="battle_size").attrs["value"] == "250"
    # an empty warband has no Warlord: said at list level, not beside an entry
    assert page.list_codes == ["warlord"]
    assert page.total == 0
    # only the chosen faction's cards are offered
    assert f"add:{CAPTAIN}" in page.actions and f"add:{SHIELDWALL}" in page.actions
    assert f"add:{HOPLITES}" not in page.actions
    # and the start page now offers to continue
    assert "You have an unsaved list in progress" in Page(client.get(START_URL))


def test_it_refuses_a_start_without_a_faction(client, godslayer):
    response = client.post(START_URL, {"battle_size": 160})
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()
    assert draft(client) is None


def test_it_sends_the_builder_without_a_draft_back_to_the_start(client, godslayer):
    response = client.get(BUILD_URL)
    assert response.status_code == 302 and response.url == START_URL


def test_it_answers_404_for_an_unknown_system(client, godslayer):
    assert client.get("/g/warhammer/").status_code == 404
    assert client.get("/g/warhammer/build/").status_code == 404
    assert client.post("/g/warhammer/", {"faction": "x", "battle_size": 1}).status_code == 404


# --- building --------------------------------------------------------------------------


def test_it_adds_entries_with_plain_posts(builder):
    page = builder.add(CAPTAIN, OGRE, SHIELDWALL)
    assert page.cards == [CAPTAIN, OGRE, SHIELDWALL]
    assert [(e["card"], e["count"], e["size"]) for e in page.document["entries"]] == [
        (CAPTAIN, 1, None),
        (OGRE, 1, None),
        (SHIELDWALL, 1, 4),  # units start at their core
    ]
    assert [e["points"] for e in page.entries] == [40, 38, 45]
    assert page.total == 123
    assert page.all_codes == []  # a legal list
    assert page.testid("verdict")[0].text == "✔ legal"
    # the draft is kept for this browser, not saved as a list
    assert draft(builder.client) == page.document
    assert ArmyList.objects.count() == 0
    assert len({e["id"] for e in page.document["entries"]}) == 3


def test_it_shows_an_aal_violation_beside_the_entry_until_fixed(builder):
    builder.add(CAPTAIN, OGRE)
    builder.submit("update", {"e1-count": 3})
    page = builder.page
    assert page.document["entries"][1]["count"] == 3
    assert page.entry_codes == [[], ["aal"]]
    [violation] = page.entries[1]["node"].find_all("li", data_code="aal")
    assert violation.text == "Ogre Huscarl fielded 3 times, AAL 2"
    assert "error" in violation.attrs["class"]
    assert page.entries[1]["points"] == 3 * 38
    assert page.testid("verdict")[0].text == "✖ not legal"

    builder.submit("update", {"e1-count": 2})
    assert builder.page.document["entries"][1]["count"] == 2
    assert builder.page.all_codes == []
    assert "has-violations" not in builder.page.entries[1]["node"].attrs["class"]


def test_it_sets_unit_size_and_shows_unit_size_violations(builder):
    builder.add(CAPTAIN, SHIELDWALL)
    builder.submit("update", {"e1-size": 6})
    assert builder.page.document["entries"][1]["size"] == 6
    assert builder.page.entries[1]["points"] == 45 + 2 * 9
    assert builder.page.all_codes == []

    builder.submit("update", {"e1-size": 9})
    assert builder.page.entry_codes == [[], ["unit_size"]]
    assert "Huscarl Shieldwall has 9 models; a unit of it takes 4 to 8" in builder.page

    builder.submit("update", {"e1-size": 8})
    assert builder.page.all_codes == []


def test_it_buys_items_with_checkboxes_and_prices_them(builder):
    builder.add(CAPTAIN)
    offered = [
        i.attrs["value"]
        for i in builder.page.entries[0]["node"].find_all("input", name=builder.field(0, "items"))
    ]
    assert offered == [AXE, MAIL, SHIELD, MEAD]

    builder.submit("update", {"e0-items": [AXE, MAIL]})
    page = builder.page
    assert page.document["entries"][0]["items"] == [AXE, MAIL]
    assert page.entries[0]["points"] == 40 + 5 + 6
    checked = [
        i.attrs["value"]
        for i in page.entries[0]["node"].find_all(
            "input", name=builder.field(0, "items"), checked=None
        )
    ]
    assert checked == [AXE, MAIL]
    # the card link shows the profile with the effective values of these items
    link = page.entries[0]["node"].find("h3").find("a")
    assert link.attrs["href"] == f"/g/godslayer/cards/{CAPTAIN}/?items={AXE}&items={MAIL}"
    assert builder.client.get(link.attrs["href"]).status_code == 200

    # unticking every box (a browser then sends no e0-items at all) clears them
    builder.submit("update", {"e0-items": []})
    assert builder.page.document["entries"][0]["items"] == []
    assert builder.page.entries[0]["points"] == 40


def test_it_warns_about_a_wizard_without_weapon_until_it_gets_one(builder):
    builder.add(CAPTAIN, WITCH)
    assert builder.page.entry_codes == [[], ["no_weapon"]]
    [warning] = builder.page.entries[1]["node"].find_all("li", data_code="no_weapon")
    assert "warning" in warning.attrs["class"]
    assert warning.text == "Ravenwitch has no weapon and cannot attack"
    # a warning does not make the list illegal
    assert builder.page.testid("verdict")[0].text == "✔ legal"

    builder.submit("update", {"e1-items": [STAFF]})
    assert builder.page.all_codes == []


def test_it_flags_an_item_taken_twice_on_the_second_entry(builder):
    builder.add(CAPTAIN, WITCH)
    builder.submit("update", {"e0-items": [MEAD], "e1-items": [STAFF, MEAD]})
    assert builder.page.entry_codes == [[], ["item_unique"]]
    builder.submit("update", {"e0-items": []})
    assert builder.page.all_codes == []


def test_it_flags_another_factions_card_and_two_warlords(builder):
    builder.add(CAPTAIN, HOPLITES, CAPTAIN)
    assert builder.page.entry_codes == [[], ["faction"], ["aal", "warlord"]]  # Captain: AAL 1
    assert "Hoplites belongs to Halodynes, not to the warband's faction Nordgaard" in builder.page


def test_it_shows_the_battle_size_violation_at_list_level(builder):
    builder.add(CAPTAIN, SHIELDWALL)
    builder.submit("update", {"battle_size": 80})
    assert builder.page.document["battle_size"] == 80
    assert builder.page.list_codes == ["battle_size"]
    assert "85 points exceed the battle size of 80 by 5" in builder.page
    builder.submit("update", {"battle_size": 85})
    assert builder.page.all_codes == []


def test_it_renames_the_list(builder):
    builder.submit("update", {"name": "Raid on Lindisfarne"})
    assert builder.page.document["name"] == "Raid on Lindisfarne"
    assert "<title>Raid on Lindisfarne · Muster</title>" in builder.page


def test_it_changes_nothing_on_invalid_input_and_shows_the_error(builder):
    builder.add(CAPTAIN, OGRE)
    before = builder.page.document

    builder.submit("update", {"e1-count": "abc", "name": "Renamed", "e0-items": [AXE]}, status=400)
    page = builder.page
    assert page.document == before  # not the name, not the items: nothing
    assert page.errors == ["Ogre Huscarl: Enter a whole number."]
    # the typed value stays in the field, so it can be corrected
    field = builder.field(1, "count")
    assert page.entries[1]["node"].find("input", name=field).attrs["value"] == "abc"

    # an add with bad input is refused too
    builder.submit(f"add:{WITCH}", {"e1-count": "0"}, status=400)
    assert builder.page.document == before
    assert builder.page.errors == [
        "Ogre Huscarl: Ensure this value is greater than or equal to 1."
    ]

    builder.submit("update", {"e1-count": "2"})
    assert builder.page.errors == []
    assert builder.page.document["entries"][1]["count"] == 2


def test_it_refuses_an_item_the_card_does_not_offer(builder):
    builder.add(CAPTAIN, OGRE)
    before = builder.page.document
    builder.submit("update", {"e1-items": [AXE]}, status=400)  # the Ogre has no Items box
    assert builder.page.document == before
    assert builder.page.errors == ["Ogre Huscarl: Ogre Huscarl cannot take Bearded Axe."]


def test_it_removes_an_entry(builder):
    builder.add(CAPTAIN, OGRE, WITCH)
    builder.submit("update", {"e2-items": [STAFF]})
    builder.submit("remove:1")
    page = builder.page
    assert page.cards == [CAPTAIN, WITCH]
    assert [e["card"] for e in page.document["entries"]] == [CAPTAIN, WITCH]
    # the witch keeps her staff and her id: entries are named by id, not by place
    assert page.document["entries"][1]["items"] == [STAFF]
    assert page.ids[1] == page.document["entries"][1]["id"]
    # an id that is not there (removed in another tab) removes nothing
    builder.submit("remove:nosuchid")
    assert builder.page.cards == [CAPTAIN, WITCH]


def test_it_applies_the_fields_before_removing(builder):
    builder.add(CAPTAIN, OGRE)
    builder.submit("remove:0", {"e1-count": 2})
    assert without_ids(builder.page.document["entries"]) == [
        {"card": OGRE, "count": 2, "size": None, "items": [], "options": []}
    ]


def test_it_discards_the_draft(builder):
    builder.add(CAPTAIN)
    response = builder.submit("discard", status=302)
    assert response.url == START_URL
    assert draft(builder.client) is None
    assert builder.client.get(BUILD_URL).status_code == 302
    # a discard can be undone from the start page
    start = Page(builder.client.get(START_URL))
    assert "Draft discarded." in start.messages and start.testid("undiscard")
    response = builder.client.post(START_URL, {"action": "undiscard"})
    assert response.status_code == 302 and response.url == BUILD_URL
    assert Page(builder.client.get(BUILD_URL)).cards == [CAPTAIN]


# --- htmx ------------------------------------------------------------------------------


def test_it_answers_htmx_with_the_builder_fragment_only(client, godslayer):
    start_draft(client)
    builder = Builder(client, htmx=True)
    page = builder.open()
    assert "<html" not in page.html and "<body" not in page.html
    assert page.html.lstrip().startswith('<div id="builder"')

    builder.add(CAPTAIN, OGRE)
    response = builder.submit("update", {"e1-count": 3})
    assert "<html" not in response.content.decode()
    assert builder.page.entry_codes == [[], ["aal"]]

    # the same draft, seen by a full page load
    full = Page(client.get(BUILD_URL))
    assert "<html" in full.html and full.cards == [CAPTAIN, OGRE]


def test_it_redirects_htmx_through_a_header(client, godslayer):
    start_draft(client)
    builder = Builder(client, htmx=True)
    builder.open()
    response = builder.submit("discard")
    assert response["HX-Redirect"] == START_URL


# --- saving -----------------------------------------------------------------------------


def test_it_sends_an_anonymous_save_to_login_and_keeps_the_draft(client, builder, alice):
    builder.add(CAPTAIN, SHIELDWALL)
    builder.submit("update", {"e1-size": 5, "name": "Shield brothers"})
    saved_draft = builder.page.document
    assert builder.page.testid("save")[0].text == "Log in to save"

    response = builder.submit("save", status=302)
    assert response.url == f"/accounts/login/?next={BUILD_URL}"
    assert ArmyList.objects.count() == 0
    login_page = Page(client.get(response.url))
    assert "Log in or sign up to save your list; it is kept meanwhile." in login_page.messages
    assert (
        login_page.root.find("form", **{"class": "narrow"})
        .find("input", name="next")
        .attrs["value"]
        == BUILD_URL
    )

    response = client.post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD, "next": BUILD_URL}
    )
    assert response.status_code == 302 and response.url == BUILD_URL

    # Back from the login, the save pressed is done (issue 18): no second press needed.
    response = client.get(BUILD_URL)
    army_list = ArmyList.objects.get()
    assert response.url == f"/lists/{army_list.id}/"
    assert army_list.owner == alice and army_list.version == 1
    assert army_list.name == "Shield brothers" and army_list.faction == "nordgaard"
    assert army_list.battle_size == 160
    assert army_list.document["entries"] == saved_draft["entries"]
    [version] = ArmyListVersion.objects.all()
    assert version.army_list == army_list and version.version == 1
    assert version.saved_by == alice and version.document == army_list.document
    # the draft is gone once saved: the saved list is what this browser edits now
    assert draft(client) is None
    assert client.get(BUILD_URL).status_code == 302

    saved = Page(client.get(response.url))
    assert "Saved." in saved.messages
    assert saved.cards == [CAPTAIN, SHIELDWALL]


def test_it_keeps_the_draft_through_a_failed_login(client, builder, alice):
    builder.add(CAPTAIN)
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "wrong", "next": BUILD_URL}
    )
    assert response.status_code == 400  # a form with errors, as every page answers it
    assert "Please enter a correct username and password" in response.content.decode()
    assert Page(client.get(BUILD_URL)).cards == [CAPTAIN]


def test_it_signs_up_logs_in_and_keeps_the_draft(client, builder, django_user_model):
    builder.add(CAPTAIN, OGRE)
    saved_draft = builder.page.document
    signup = Page(client.get(f"/accounts/signup/?next={BUILD_URL}"))
    assert signup.status == 200
    assert (
        signup.root.find("form", **{"class": "narrow"}).find("input", name="next").attrs["value"]
        == BUILD_URL
    )

    response = client.post(
        "/accounts/signup/",
        {"username": "carol", "password1": PASSWORD, "password2": PASSWORD, "next": BUILD_URL},
    )
    assert response.status_code == 302 and response.url == BUILD_URL
    carol = django_user_model.objects.get(username="carol")
    assert int(client.session["_auth_user_id"]) == carol.id

    page = builder.open()
    assert page.document == saved_draft
    builder.submit("save", status=302)
    assert ArmyList.objects.get().owner == carol


def test_it_refuses_a_bad_signup_and_an_unsafe_next(client, godslayer, django_user_model):
    response = client.post(
        "/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": "other"}
    )
    assert response.status_code == 400  # a form with errors, as every page answers it
    assert not django_user_model.objects.filter(username="carol").exists()
    assert "_auth_user_id" not in client.session

    response = client.post(
        "/accounts/signup/",
        {
            "username": "carol",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "https://evil.example/",
        },
    )
    assert response.status_code == 302 and response.url == "/"


def test_it_saves_with_htmx_through_a_redirect_header(client, godslayer, alice):
    client.force_login(alice)
    start_draft(client)
    builder = Builder(client, htmx=True)
    builder.open()
    builder.add(CAPTAIN)
    response = builder.submit("save")
    army_list = ArmyList.objects.get()
    assert response["HX-Redirect"] == f"/lists/{army_list.id}/"


def test_it_sends_an_anonymous_htmx_save_to_login_through_a_header(client, builder):
    builder.add(CAPTAIN)
    response = client.post(
        BUILD_URL, {**builder.page.fields(), "action": "save"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/accounts/login/?next={BUILD_URL}"
    assert ArmyList.objects.count() == 0


# --- language ---------------------------------------------------------------------------


def test_it_shows_the_builder_in_german_with_accept_language(client, builder):
    builder.add(OGRE)  # no Warlord
    page = Page(client.get(BUILD_URL, headers={"Accept-Language": "de"}))
    assert '<html lang="de">' in page.html
    [warlord] = page.root.find_all("li", data_code="warlord")
    assert warlord.text == "Eine Kampfgruppe braucht genau einen Kriegsherrn; sie hat 0"
    # and in English by default
    page = Page(client.get(BUILD_URL))
    assert '<html lang="en">' in page.html
    assert (
        page.root.find("li", data_code="warlord").text
        == "A warband needs exactly one Warlord; it has 0"
    )


def test_it_shows_the_builder_in_german_with_the_language_cookie(client, builder):
    builder.add(OGRE)
    builder.submit("update", {"e0-count": 3})
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = builder.open()
    assert "Kriegsherrn" in page.root.find("li", data_code="warlord").text
    assert page.root.find("li", data_code="aal").text == "Ogre Huscarl 3-mal aufgestellt, ASL 2"


def test_it_switches_to_german_with_the_language_form(client, builder):
    builder.add(OGRE)
    response = client.post("/i18n/setlang/", {"language": "de", "next": BUILD_URL})
    assert response.status_code == 302 and response.url == BUILD_URL
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    page = builder.open()
    assert "Kriegsherrn" in page.root.find("li", data_code="warlord").text


def test_it_shows_the_card_and_its_effective_def_and_arm_with_items(godslayer):
    from django.test import Client

    url = "/g/godslayer/cards/nordgaard-gestir-captain/"
    plain = Client().get(url)
    assert plain.status_code == 200 and b'data-testid="base-stats"' not in plain.content
    armed = Client().get(url + "?items=nordgaard-chainmail&items=nordgaard-round-shield")
    html = armed.content.decode()
    assert 'data-testid="base-stats"' in html and "Chainmail" in html
