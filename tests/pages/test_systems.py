"""The builder for Boarding Action, Trupp and Mordheim, with plain form posts (no JS).

Each system starts on its own start page (Boarding Action and Trupp have no factions;
Boarding Action asks for the role; a Mordheim warband's gold defaults to its starting
gold) and is then built in the same builder as Godslayer, with what the system needs:
special actions and custom units, options by kind and stat rows, heroes and henchman
groups with gold and warband rating. Every rule broken shows its code beside the entry,
the special action or the list.
"""

import pytest

from armylists.lists import services as lists_services
from armylists.models import ArmyList
from tests.support.pages import Builder, Page, draft_of, field, plain
from tests.support.users import PASSWORD

BA_START, BA_BUILD = "/g/boarding-action/", "/g/boarding-action/build/"
TRUPP_START, TRUPP_BUILD = "/g/trupp/", "/g/trupp/build/"
MORD_START, MORD_BUILD = "/g/mordheim/", "/g/mordheim/build/"

TROOPER = "line-trooper"  # infantry, 10 pts, 25 mm
HOUND = "war-hound"  # beast, 8 pts
ARMOURED = "armoured-trooper"  # infantry, 18 pts
HATCH_CODE = "attacker-hatch-access-code"  # 15
SMOKE = "attacker-smoke-grenades"  # 20
HOT_GASES = "defender-hot-gases"  # 10
SENTRY = "defender-sentry-gun"  # variants flame 20, heavy 25, rapid-fire 30

KNIGHT = "knight-errant"  # good, 30
WITCH = "hedge-witch"  # good, sorcery, 22
NECRO = "necromancer"  # evil, 26
APPRENTICE = "apprentice-mage"  # neutral, no sorcery until bought, 12
SPEARMAN = "militia-spearman"  # good mook

CAPTAIN = "reikland-mercenary-captain"  # leader, 60 gc, 20 exp
CHAMPION = "reikland-champion"  # hero, 35 gc, 8 exp
WARRIOR = "reikland-warrior"  # henchman, 25 gc, groups of 1-5


def codes(nodes):
    return [li.attrs["data-code"] for node in nodes for li in node.find_all("li", data_code=None)]


def checkbox_values(node, name, *, checked=False):
    attrs = {"checked": None} if checked else {}
    return [i.attrs["value"] for i in node.find_all("input", name=name, **attrs)]


# --- Boarding Action ----------------------------------------------------------------------


@pytest.fixture
def boarding(client, load_system):
    load_system("boarding-action")
    response = client.post(BA_START, {"role": "attacker", "battle_size": 500, "name": "Breach"})
    assert response.status_code == 302 and response.url == BA_BUILD
    builder = Builder(client, BA_BUILD)
    builder.open()
    return builder


def picks(page):
    return [
        (n.attrs["data-action"], codes([n]))
        for n in page.root.find_all(data_testid="special-action")
    ]


def test_it_starts_a_boarding_action_list_with_a_role_and_no_faction(client, load_system):
    load_system("boarding-action")
    page = Page(client.get(BA_START))
    assert page.status == 200
    assert page.root.find_all("input", name="faction") == []
    roles = [i.attrs["value"] for i in page.root.find_all("input", name="role")]
    assert roles == ["attacker", "defender"]
    assert page.root.find("input", name="battle_size").attrs["value"] == "500"

    response = client.post(BA_START, {"battle_size": 500})  # no role
    assert response.status_code == 400 and "This field is required" in response.content.decode()
    assert draft_of(client, "boarding-action") is None

    response = client.post(BA_START, {"role": "defender", "battle_size": 500, "name": "Hold"})
    assert response.status_code == 302 and response.url == BA_BUILD
    draft = draft_of(client, "boarding-action")
    assert (draft["faction"], draft["role"], draft["battle_size"]) == (None, "defender", 500)
    page = Builder(client, BA_BUILD).open()
    assert (
        page.root.find("select", name="role").find("option", selected=None).attrs["value"]
        == "defender"
    )
    assert "Your list is empty" in page


def test_it_shows_unit_types_bases_and_the_hull_breach_link(boarding):
    page = boarding.page
    [add] = page.root.find_all("button", data_testid=f"add-{TROOPER}")
    assert "10 pts" in add.text and "Infantry" in add.text and "25 mm" in add.text
    [add] = page.root.find_all("button", data_testid="add-siege-walker")
    assert "Walker" in add.text and "90 mm" in add.text
    headings = [h.text for h in page.root.find(id="cards").find_all("h3")]
    assert headings == [
        "Infantry",
        "Walkers",
        "Vehicles",
        "Monstrous creatures",
        "Bikes",
        "Jetbikes",
        "Beasts",
        "Swarms",
        "Special actions",
    ]
    assert page.root.find("a", href="/tools/boarding-action/hull-breach/") is not None
    boarding.add(TROOPER)
    [facts] = boarding.page.testid("unit-facts")
    assert facts.text == "Infantry · 25 mm · rifle, frag grenades"


def test_it_changes_the_role_and_revalidates(boarding):
    boarding.submit(f"add_action:{HOT_GASES}")
    page = boarding.page
    assert plain(page.document["special_actions"]) == [{"action": HOT_GASES, "count": 1, "variant": None}]
    # a defender's action in an attacker's list: said beside the action
    assert picks(page) == [(HOT_GASES, ["special_action_role"])]
    assert "Hot gases is a special action of the defender; this list is the attacker" in page
    assert page.testid("verdict")[0].text == "✖ not legal"

    boarding.submit("update", {"role": "defender"})
    assert boarding.page.document["role"] == "defender"
    assert picks(boarding.page) == [(HOT_GASES, [])]
    assert boarding.page.testid("verdict")[0].text == "✔ legal"

    # no role: one list-wide violation asks for it
    boarding.submit("update", {"role": ""})
    assert boarding.page.document["role"] is None
    assert boarding.page.list_codes == ["special_action_role"]


def test_it_buys_special_actions_with_free_points_then_army_points(boarding):
    boarding.add(TROOPER)
    boarding.submit("update", {"e0-count": 47})
    boarding.submit(f"add_action:{HATCH_CODE}")
    boarding.submit(f"add_action:{SMOKE}")
    page = boarding.page
    assert [(p["action"], p["count"]) for p in page.document["special_actions"]] == [
        (HATCH_CODE, 1),
        (SMOKE, 1),
    ]
    # 470 for models, 35 for actions of which 30 are free: 475 of 500
    assert page.entries[0]["points"] == 470
    assert page.total == 475
    assert page.all_codes == []
    assert page.testid("verdict")[0].text == "✔ legal"
    [budget] = page.testid("sa-budget")
    assert "Free points used: 30 of 30" in budget.text
    assert "35 points of special actions; 5 of them come out of the army's points" in budget.text
    assert budget.find("meter").attrs["value"] == "30"
    assert "470 for models + 5 for special actions" in page.testid("budget")[0].text

    # 26 more points of models: 496 + 5 = 501
    boarding.add(HOUND, ARMOURED)
    page = boarding.page
    assert page.total == 501
    assert page.list_codes == ["special_action_budget"]  # one overspend, one violation
    assert page.testid("verdict")[0].text == "✖ not legal"


def test_it_counts_uses_and_removes_special_actions(boarding):
    boarding.submit(f"add_action:{SMOKE}")
    boarding.submit(f"add_action:{SMOKE}")  # the same action again: one more use
    assert plain(boarding.page.document["special_actions"]) == [
        {"action": SMOKE, "count": 2, "variant": None}
    ]
    [points] = boarding.page.testid("action-points")
    assert points.text == "40 pts"
    boarding.submit("update", {"a0-count": 3})
    assert boarding.page.document["special_actions"][0]["count"] == 3
    assert boarding.page.testid("action-points")[0].text == "60 pts"
    assert boarding.page.total == 30  # 60 - 30 free

    boarding.submit("update", {"a0-count": 0}, status=400)  # refused: nothing changes
    assert boarding.page.document["special_actions"][0]["count"] == 3
    assert boarding.page.errors == ["Smoke grenades: Ensure this value is greater than or equal to 1."]
    boarding.submit("remove_action:0", {"a0-count": 3})
    assert plain(boarding.page.document["special_actions"]) == []
    boarding.submit("add_action:no-such-action", status=400)  # only what the pack offers
    assert plain(boarding.page.document["special_actions"]) == []
    assert boarding.page.errors == ["There is no such special action in this game."]


def test_it_buys_a_sentry_gun_with_its_weapon_and_changes_it(boarding):
    boarding.submit("update", {"role": "defender"})
    boarding.submit(f"add_action:{SENTRY}:heavy")
    page = boarding.page
    assert plain(page.document["special_actions"]) == [{"action": SENTRY, "count": 1, "variant": "heavy"}]
    assert page.testid("action-points")[0].text == "25 pts"
    variants = [
        o.attrs["value"]
        for o in page.root.find("select", name=f"a.{page.pick_ids[0]}.variant").find_all("option")
    ]
    assert variants == ["", "flame", "heavy", "rapid-fire"]

    boarding.submit("update", {"a0-variant": "rapid-fire"})
    assert boarding.page.document["special_actions"][0]["variant"] == "rapid-fire"
    assert boarding.page.testid("action-points")[0].text == "30 pts"

    boarding.submit("update", {"a0-variant": ""})  # no weapon chosen: said beside it
    assert picks(boarding.page) == [(SENTRY, ["special_action_variant"])]


def test_it_adds_a_custom_vehicle_and_refuses_it(boarding):
    boarding.submit(
        "add_custom",
        {
            "custom-name": "Rhino",
            "custom-points": 35,
            "custom-unit_type": "vehicle",
            "custom-base_mm": "",
            "custom-wargear": "storm bolter, smoke launchers",
        },
    )
    page = boarding.page
    assert plain(page.document["entries"]) == [
        {
            "custom": {
                "name": "Rhino",
                "points": 35,
                "unit_type": "vehicle",
                "base_mm": None,
                "wargear": ["storm bolter", "smoke launchers"],
            },
            "count": 1,
            "size": None,
            "items": [],
            "options": [],
        }
    ]
    assert page.entries[0]["points"] == 35
    assert page.entry_codes == [["forbidden_unit"]]
    assert "Rhino is a vehicle: no vehicles, except walkers on bases of at most 60 mm" in page
    # the add form is empty again for the next unit
    assert page.root.find("input", name="custom-name").attrs.get("value", "") == ""


def test_it_refuses_a_walker_on_a_large_base_and_edits_it_in_its_row(boarding):
    boarding.submit(
        "add_custom",
        {
            "custom-name": "Dreadnought",
            "custom-points": 105,
            "custom-unit_type": "walker",
            "custom-base_mm": 90,
            "custom-wargear": "",
        },
    )
    page = boarding.page
    assert page.entry_codes == [["forbidden_unit", "side_corridor"]]
    assert "Dreadnought (walker, 90 mm base): bases of at most 60 mm" in page
    row = page.entries[0]["node"]
    assert row.attrs["data-custom"] == "Dreadnought"
    assert row.find("input", name=field(page, 0, "custom-base_mm")).attrs["value"] == "90"

    boarding.submit("update", {"e0-custom_base_mm": 60, "e0-custom_points": 110, "e0-count": 2})
    page = boarding.page
    assert page.document["entries"][0]["custom"]["base_mm"] == 60
    assert page.entries[0]["points"] == 220
    assert page.entry_codes == [["side_corridor"]]  # an info note only
    assert page.testid("verdict")[0].text == "✔ legal"

    # flight gear typed in by the player is caught whatever its spelling
    boarding.submit("update", {"e0-custom_wargear": "Jump Packs, claws"})
    assert boarding.page.document["entries"][0]["custom"]["wargear"] == ["Jump Packs", "claws"]
    assert "forbidden_wargear" in boarding.page.entry_codes[0]


def test_it_lets_the_page_post_with_an_empty_custom_unit_form(boarding):
    # The add-a-unit fields sit in the builder's one form: a browser would refuse every
    # button while a required field is empty, so the server checks them instead.
    form = boarding.page.root.find(data_testid="custom-form")
    fields = form.find_all("input") + form.find_all("select")
    assert len(fields) == 5 and not any("required" in f.attrs for f in fields)
    assert "data-nopost" in form.attrs  # muster.js: typing in it does not post


def test_it_keeps_a_half_typed_custom_unit_and_reports_its_errors(boarding):
    boarding.submit("add_custom", {"custom-name": "", "custom-points": "x"}, status=400)
    page = boarding.page
    assert plain(page.document["entries"]) == []
    form = page.root.find(data_testid="custom-form")
    errors = [s.text for s in form.find_all("small", **{"class": "field-error"})]
    assert "This field is required." in errors and "Enter a whole number." in errors
    assert form.find("input", name="custom-points").attrs["value"] == "x"

    # another edit keeps what was typed in the custom form, without adding it
    boarding.submit(f"add:{TROOPER}", {"custom-name": "Terminator", "custom-points": 40})
    page = boarding.page
    assert page.cards == [TROOPER]
    assert page.root.find("input", name="custom-name").attrs["value"] == "Terminator"
    assert page.root.find("input", name="custom-points").attrs["value"] == "40"


def test_it_shows_role_and_special_actions_on_the_shared_list(client, boarding, django_user_model):
    boarding.add(TROOPER)
    boarding.submit(f"add_action:{HATCH_CODE}")
    user = django_user_model.objects.create_user("dora", password=PASSWORD)
    army_list = lists_services.list_create(owner=user, data=boarding.page.document)
    page = Page(client.get(f"/s/{army_list.share_token}/"))
    assert page.status == 200
    assert page.testid("role")[0].text == "Role: Attacker"
    assert "Hatch access code" in page.testid("special-actions")[0].text
    assert "Infantry · 25 mm" in page.entries[0]["text"]


def test_it_saves_a_boarding_action_list_with_its_role(client, boarding, django_user_model):
    user = django_user_model.objects.create_user("erik", password=PASSWORD)
    client.force_login(user)
    boarding.add(TROOPER)
    boarding.submit(f"add_action:{SMOKE}")
    boarding.submit("save", status=302)
    army_list = ArmyList.objects.get()
    assert army_list.role == "attacker" and army_list.faction == ""
    assert plain(army_list.document["special_actions"]) == [{"action": SMOKE, "count": 1, "variant": None}]
    page = Builder(client, f"/lists/{army_list.id}/").open()
    assert picks(page) == [(SMOKE, [])]


# --- Trupp ------------------------------------------------------------------------------


@pytest.fixture
def troop(client, load_system):
    load_system("trupp")
    response = client.post(TRUPP_START, {"battle_size": 150, "name": "Wayfarers"})
    assert response.status_code == 302 and response.url == TRUPP_BUILD
    builder = Builder(client, TRUPP_BUILD)
    builder.open()
    return builder


def test_it_starts_a_troop_without_faction_or_role(client, load_system):
    load_system("trupp")
    page = Page(client.get(TRUPP_START))
    assert page.root.find_all("input", name="faction") == []
    assert page.root.find_all("input", name="role") == []
    assert page.root.find("input", name="battle_size").attrs["value"] == "150"
    assert "100, 150, 200" in page
    response = client.post(TRUPP_START, {"battle_size": 150})
    assert response.status_code == 302
    draft = draft_of(client, "trupp")
    assert (draft["faction"], draft["role"], draft["battle_size"]) == (None, None, 150)


def test_it_groups_characters_by_alignment_and_marks_mooks(troop):
    catalogue = troop.page.root.find(id="cards")
    assert [h.text for h in catalogue.find_all("h3")] == ["Good", "Evil", "Neutral"]
    [spearman] = catalogue.find_all("button", data_testid=f"add-{SPEARMAN}")
    assert "Mook" in spearman.text and "7 pts" in spearman.text
    [knight] = catalogue.find_all("button", data_testid=f"add-{KNIGHT}")
    assert "Mook" not in knight.text
    assert troop.page.root.find("select", name="role") is None
    assert troop.page.root.find(data_testid="special-actions") is None


def test_it_refuses_good_and_evil_in_one_troop(troop):
    troop.add(KNIGHT, NECRO)
    page = troop.page
    assert page.entry_codes == [[], ["alignment"]]
    assert "Necromancer is evil and cannot join a troop with Knight Errant (good)" in page
    assert "Good" in page.entries[0]["text"] and "Evil" in page.entries[1]["text"]
    troop.submit("remove:1")
    troop.add(APPRENTICE)  # neutral joins either side
    assert troop.page.all_codes == []


def test_it_buys_options_by_kind_and_prices_them(troop):
    troop.add(WITCH)
    row = troop.page.entries[0]["node"]
    kinds = [f.attrs["data-kind"] for f in row.find_all("fieldset", **{"class": "items options"})]
    assert kinds == ["spell", "equipment"]
    assert checkbox_values(row, field(troop.page, 0, "options")) == [
        "bless",
        "shadow-veil",
        "firebolt",
        "healing-draught",
        "amulet-of-warding",
        "cloak-of-shadows",
    ]
    assert "Comes with: Quarterstaff · Spells included: Healing Word" in row.text
    assert troop.page.entries[0]["points"] == 22

    troop.submit("update", {"e0-options": ["firebolt", "cloak-of-shadows"]})  # page order
    page = troop.page
    assert page.document["entries"][0]["options"] == ["firebolt", "cloak-of-shadows"]
    assert page.entries[0]["points"] == 22 + 5 + 4  # firebolt at the witch's price, 5
    assert page.total == 31
    assert page.all_codes == []
    row = page.entries[0]["node"]
    assert checkbox_values(row, field(page, 0, "options"), checked=True) == ["firebolt", "cloak-of-shadows"]
    # effective stats in the row: AGI 9 + 1 (quarterstaff) + 1 (cloak)
    assert "AGI 11" in row.find("span", **{"class": "stats"}).text
    link = row.find("h3").find("a").attrs["href"]
    assert link == f"/g/trupp/cards/{WITCH}/?options=firebolt&options=cloak-of-shadows"

    troop.submit("update", {"e0-options": ["rune-blade"]}, status=400)  # not on her sheet
    assert troop.page.document["entries"][0]["options"] == ["firebolt", "cloak-of-shadows"]
    assert troop.page.errors == ["Hedge Witch: Hedge Witch cannot take Rune Blade."]


def test_it_refuses_a_spell_without_sorcery_until_sorcery_is_bought(troop):
    troop.add(APPRENTICE)
    troop.submit("update", {"e0-options": ["firebolt"]})
    page = troop.page
    assert page.entry_codes == [["spell_needs_sorcery"]]
    assert "Apprentice Mage has no Sorcery and cannot learn Firebolt" in page
    troop.submit("update", {"e0-options": ["sorcery", "firebolt"]})
    assert troop.page.all_codes == []
    assert troop.page.entries[0]["points"] == 12 + 8 + 4


def test_it_fields_a_mook_several_times_but_a_hero_once(troop):
    troop.add(SPEARMAN, KNIGHT)
    troop.submit("update", {"e0-count": 4})
    assert troop.page.entries[0]["points"] == 28
    assert troop.page.all_codes == []
    troop.submit("update", {"e1-count": 2})
    assert troop.page.entry_codes == [[], ["unique_character"]]


def test_it_shows_a_characters_stat_rows_with_its_options(client, troop):
    page = Page(client.get(f"/g/trupp/cards/{KNIGHT}/"))
    assert page.status == 200
    table = page.root.find("table", data_testid="stat-rows")
    header = [th.text for th in table.find("thead").find_all("th")]
    assert header[:4] == ["Wounds", "KG (N)", "#A (N)", "KG (F)"]
    rows = table.find("tbody").find_all("tr")
    assert [r.attrs["data-wounds"] for r in rows] == ["0", "1", "2"]
    # row 0 with the normal equipment: KG (N) 6 + 1 (sword), WID 9 + 2 (chainmail)
    cells = dict(zip(header[1:], [td.text for td in rows[0].find_all("td")], strict=True))
    assert cells["KG (N)"] == "7" and cells["WID"] == "11" and cells["KG (F)"] == "–"

    page = Page(client.get(f"/g/trupp/cards/{KNIGHT}/?options=rune-blade"))
    table = page.root.find("table", data_testid="stat-rows")
    rows = table.find("tbody").find_all("tr")
    cells = dict(zip(header[1:], [td.text for td in rows[0].find_all("td")], strict=True))
    assert cells["KG (N)"] == "8" and cells["STÄ"] == "6"
    second = dict(zip(header[1:], [td.text for td in rows[2].find_all("td")], strict=True))
    assert second["KG (N)"] == "6"  # 4 on the sheet at 2 wounds, + sword + rune blade
    assert "Rune Blade" in page.testid("effective-with")[0].text
    ticked = page.root.find("form", data_testid="options-form").find_all("input", checked=None)
    assert [i.attrs["value"] for i in ticked] == ["rune-blade"]


# --- Mordheim ---------------------------------------------------------------------------


@pytest.fixture
def warband(client, load_system):
    load_system("mordheim")
    response = client.post(MORD_START, {"faction": "reikland", "battle_size": "", "name": "Reik"})
    assert response.status_code == 302 and response.url == MORD_BUILD
    builder = Builder(client, MORD_BUILD)
    builder.open()
    return builder


def test_it_offers_the_official_warbands_before_the_unofficial(client, load_system):
    system = load_system("mordheim")
    official = {f.key: f.attributes.get("official", True) is not False
                for f in system.factions.all()}
    page = Page(client.get(MORD_START))
    offered = [i.attrs["value"] for i in page.root.find_all("input", name="faction")]
    assert sorted(offered) == sorted(official)  # every warband, once
    marks = [official[key] for key in offered]
    assert marks == sorted(marks, reverse=True) and marks.count(False) == 13
    # within each part the pack's order: the rulebook's Reikland first, the Wood Elves
    # (grade 2a) among the unofficial
    assert offered[0] == "reikland" and "wood-elves-of-athel-loren" in offered[-13:]


def test_it_starts_a_warband_with_its_starting_gold(client, load_system):
    load_system("mordheim")
    page = Page(client.get(MORD_START))
    assert page.root.find("legend").text == "Warband"
    warbands = [i.attrs["value"] for i in page.root.find_all("input", name="faction")]
    assert "reikland" in warbands and "marienburg" in warbands
    assert page.testid("warband-reikland")[0].text == "500 gc starting gold · 3–15 fighters"
    assert page.testid("warband-marienburg")[0].text == "600 gc starting gold · 3–15 fighters"
    assert page.testid("warband-skaven")[0].text == "500 gc starting gold · 3–20 fighters"
    assert page.root.find("input", name="battle_size").attrs.get("value") is None
    assert "Leave empty to use the warband's starting gold." in page

    response = client.post(MORD_START, {"faction": "marienburg", "battle_size": ""})
    assert response.status_code == 302
    draft = draft_of(client, "mordheim")
    assert (draft["faction"], draft["battle_size"]) == ("marienburg", None)
    page = Builder(client, MORD_BUILD).open()
    assert page.root.find("input", name="battle_size").attrs["placeholder"] == "600"
    assert "starting gold 600 gc" in page.testid("warband-summary")[0].text


def test_it_builds_a_warband_with_a_named_hero_and_a_henchman_group(warband):
    catalogue = warband.page.root.find(id="cards")
    assert [h.text for h in catalogue.find_all("h3")] == ["Heroes", "Henchmen", "Hired swords"]
    added = [b.attrs["value"] for b in catalogue.find_all("button", name="action")]
    assert added[0] == f"add:{CAPTAIN}"
    # the warband's own fighters, then the hired swords it may hire
    assert all(v.startswith(("add:reikland-", "add:hired-")) for v in added)

    warband.add(CAPTAIN, WARRIOR)
    page = warband.page
    captain, warriors = (e["node"] for e in page.entries)
    stats = captain.find("span", **{"class": "stats"}).text
    assert stats == "M 4 WS 4 BS 4 S 3 T 3 W 1 I 4 A 1 Ld 8"  # the profile's order
    assert captain.find("input", name=field(page, 0, "name")) is not None
    assert captain.find("input", name=field(page, 0, "size")) is None  # a hero is one model
    assert warriors.find("input", name=field(page, 1, "name")) is None
    assert warriors.find("input", name=field(page, 1, "size")).attrs["type"] == "number"
    assert "(1–5)" in warriors.text
    assert "Equipment is bought for every model of the group" in warriors.text
    # the fighter's own list price beside each item; weapons can be bought more than once
    [sword] = [label for label in captain.find_all("label") if "Sword" in label.text]
    assert "10 gc" in sword.text
    assert sword.find("input").attrs["type"] == "number"

    warband.submit(
        "update",
        {
            "e0-name": "Gunther Kessler",
            "e0-qty.sword": 1,
            "e1-size": 3,
            "e1-qty.dagger": 1,
            "e1-qty.mace": 1,
            "e1-items": ["shield"],
        },
    )
    page = warband.page
    entries = page.document["entries"]
    assert entries[0]["name"] == "Gunther Kessler" and entries[0]["items"] == ["sword"]
    assert entries[1]["size"] == 3 and entries[1]["items"] == ["shield", "dagger", "mace"]
    assert "name" not in entries[1]
    assert page.entries[0]["points"] == 70
    assert page.entries[1]["points"] == 3 * (25 + 0 + 3 + 5)  # the first dagger is free
    assert page.testid("per-model")[0].text == "3 × 33 gc"
    assert page.total == 169
    assert page.root.find("input", name="battle_size").attrs["placeholder"] == "500"
    summary = page.testid("warband-summary")[0].text
    assert page.testid("rating")[0].text == "Warband rating 40"  # 4 × 5 + 20 experience
    assert "starting gold 500 gc" in summary and "4 fighters (3–15)" in summary
    assert page.all_codes == []
    assert page.testid("verdict")[0].text == "✔ legal"
    assert page.root.find("input", name=field(page, 0, "name")).attrs["value"] == "Gunther Kessler"


def test_it_refuses_a_henchman_group_of_six(warband):
    warband.add(CAPTAIN, WARRIOR)
    warband.submit("update", {"e1-size": 6})
    page = warband.page
    assert page.document["entries"][1]["size"] == 6
    assert page.entry_codes == [[], ["henchman_group"]]
    assert "Warrior: a group of 6 models, at most 5" in page
    warband.submit("update", {"e1-size": 5})
    assert warband.page.all_codes == []


def test_it_says_the_gold_is_spent(warband):
    warband.add(CAPTAIN, CHAMPION, CHAMPION, WARRIOR)
    warband.submit("update", {"battle_size": 100})
    assert warband.page.list_codes == ["gold_budget"]
    assert "The warband costs 155 gc, 55 gc more than its 100 gc" in warband.page
    warband.submit("update", {"battle_size": ""})
    assert warband.page.document["battle_size"] is None
    assert warband.page.all_codes == []


def test_it_shows_the_hero_name_on_the_shared_warband(client, warband, django_user_model):
    warband.add(CAPTAIN, WARRIOR)
    warband.submit("update", {"e0-name": "Gunther"})
    user = django_user_model.objects.create_user("fritz", password=PASSWORD)
    army_list = lists_services.list_create(owner=user, data=warband.page.document)
    page = Page(client.get(f"/s/{army_list.share_token}/"))
    assert page.testid("entry-name")[0].text == "Gunther"
    assert page.testid("total")[0].text == "85 / 500 gc"


# --- htmx -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "start", "build"),
    [
        ("boarding-action", {"role": "attacker", "battle_size": 500}, BA_BUILD),
        ("trupp", {"battle_size": 150}, TRUPP_BUILD),
        ("mordheim", {"faction": "reikland"}, MORD_BUILD),
    ],
)
def test_it_answers_htmx_with_the_fragment_for_every_system(
    client, load_system, system, start, build
):
    load_system(system)
    client.post(f"/g/{system}/", start)
    builder = Builder(client, build, htmx=True)
    page = builder.open()
    assert page.html.lstrip().startswith('<div id="builder"') and "<html" not in page.html
    card = next(
        b.attrs["value"]
        for b in page.root.find_all("button", name="action")
        if b.attrs["value"].startswith("add:")
    )
    builder.submit(card)
    assert len(builder.page.entries) == 1


def test_it_shows_a_fighters_equipment_list_by_kind_with_its_price(client, warband):
    page = Page(client.get(f"/g/mordheim/cards/{WARRIOR}/?items=sword&items=dagger"))
    assert page.status == 200
    header = [th.text for th in page.root.find("table", data_testid="stats").find_all("th")]
    assert header == ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"]
    form = page.root.find("form", data_testid="items-form")
    legends = [legend.text for legend in form.find_all("legend")]
    assert legends == ["Close combat weapons", "Missile weapons", "Armour"]
    ticked = [i.attrs["value"] for i in form.find_all("input", checked=None)]
    assert ticked == ["dagger", "sword"]
    # 25 + sword 10; the first dagger is free
    assert "With this equipment: 35 gc per model." in page.testid("model-price")[0].text


def test_it_offers_the_play_aids_on_the_saved_list_page(load_system, alice_client, alice):
    from armylists.lists import services as lists_services

    load_system("boarding-action")
    load_system("mordheim")
    boarding = lists_services.list_create(owner=alice, data={
        "system": "boarding-action", "role": "attacker", "battle_size": 500, "entries": []})
    warband = lists_services.list_create(owner=alice, data={
        "system": "mordheim", "faction": "reikland",
        "entries": [{"card": "reikland-mercenary-captain", "name": "Gunther"},
                    {"card": "reikland-warrior", "size": 3}]})
    html = alice_client.get(f"/lists/{boarding.id}/").content.decode()
    assert 'data-testid="list-hull-breach"' in html and "/tools/boarding-action/hull-breach/" in html
    html = alice_client.get(f"/lists/{warband.id}/").content.decode()
    assert 'data-testid="list-rout-test"' in html and 'name="members" min="0" value="4"' in html
    # The form posts to the rout-test page, which answers with the verdict.
    answer = alice_client.post("/tools/mordheim/rout-test/", {
        "members": 4, "out_of_action": 1, "leader_ld": 8, "other_lds": ""})
    assert answer.status_code == 200 and b'data-testid="rout-verdict"' in answer.content
