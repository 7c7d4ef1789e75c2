"""The Mordheim pages with the chart's prices (issue 27 and issue 32, items 1 and 5): the
trading step lists every item the warband may buy with its price, dice and rarity, in
English and German, takes typed dice and keeps the price paid; the builder shows a price
with dice as the chart writes it, a hired sword as a hired sword (badge, placeholder, his
equipment, no group), and a Tilean warband chooses its city. Plain form posts."""

import pytest
from django.test import Client

from armylists.lists import services as lists_services
from tests.pages.test_campaign import eid, open_page, step_of, submit
from tests.support.mordheim_warband import HANS, WARBAND
from tests.support.pages import Builder, Page, field

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WARBAND)


def to_trading(client, warband):
    submit(client, warband, "step-form", "step", {"won": "lost"})
    submit(client, warband, "step-form", "step", {})
    submit(client, warband, "step-form", "step", {"dice": "1 2 4"})
    return open_page(client, warband, step="trading")


def offered(page: Page) -> dict[str, str]:
    [select] = page.root.find_all("select", name="buy_0_item")
    return {o.attrs["value"]: o.text for o in select.find_all("option") if o.attrs["value"]}


def test_the_trading_step_lists_every_item_with_its_price_and_rarity(alice_client, warband):
    items = offered(to_trading(alice_client, warband))
    assert items["elven-cloak"] == "Elven cloak – 100+D6×10 gc · rare 12"
    assert items["duelling-pistol"] == "Duelling pistol – 30 gc · your list: 25 gc · rare 10"
    assert items["sword"] == "Sword – 10 gc"
    assert items["gromril-weapon"].startswith("Gromril weapon – 4 × the weapon's price")
    assert "liber-bubonicus" not in items  # Clan Pestilens only
    groups = [g.attrs["label"] for g in open_page(alice_client, warband, step="trading").root
              .find("select", name="buy_0_item").find_all("optgroup")]
    assert groups == ["Close combat weapons", "Missile weapons", "Armour", "Miscellaneous"]


def test_the_trading_step_speaks_german(alice, warband):
    german = Client(**GERMAN)
    german.force_login(alice)
    items = offered(to_trading(german, warband))
    assert items["elven-cloak"] == "Elfenumhang – 100+W6×10 GK · selten 12"
    assert items["club"] == "Knüppel – 3 GK"


def test_an_elven_cloak_bought_costs_its_base_and_the_dice_typed(alice_client, warband):
    to_trading(alice_client, warband)
    page = submit(alice_client, warband, "step-form", "step", {
        "buy_0_item": "elven-cloak", "buy_0_for": eid(warband, HANS), "buy_0_roll": 12,
        "buy_0_dice": "1"})
    assert step_of(page) == "review"
    assert "Bought: Elven cloak for Hans, 110 gc (100+D6×10: rolled 1)" in page.testid(
        "battle-so-far")[0].text


def test_dice_of_the_wrong_count_are_refused_on_their_field(alice_client, warband):
    to_trading(alice_client, warband)
    page = submit(alice_client, warband, "step-form", "step", {
        "buy_0_item": "blessed-water", "buy_0_roll": 12, "buy_0_searcher": eid(warband, HANS),
        "buy_0_dice": "2 5"}, status=400)
    errors = page.root.find(id="id_buy_0_dice_error")
    assert errors is not None and "Type 3 dice" in errors.text


START, BUILD = "/g/mordheim/", "/g/mordheim/build/"


def builder(client, faction, *cards):
    response = client.post(START, {"faction": faction, "battle_size": "", "name": "Band"})
    assert response.status_code == 302
    built = Builder(client, BUILD)
    built.open()
    if cards:
        built.add(*cards)
    return built


@pytest.mark.django_db
def test_a_hired_sword_in_the_builder_is_a_hired_sword(client, load_system):
    load_system("mordheim")
    built = builder(client, "witch-hunters", "witch-hunters-witch-hunter-captain",
                    "witch-hunters-witch-hunter", "hired-witch-hunter")
    hero, sword = built.page.entries[1]["node"], built.page.entries[2]["node"]
    assert "Hero" in hero.text and "Henchmen" not in sword.text
    assert sword.find(data_testid="hired-sword-badge").text == "Hired sword"
    name = sword.find("input", name=field(built.page, 2, "name"))
    assert name.attrs["placeholder"] == "Name your hired sword"
    option = built.page.root.find(data_testid="add-hired-witch-hunter").text
    assert "hired sword" in option and "upkeep" in option


@pytest.mark.django_db
def test_a_hired_swords_card_shows_the_equipment_he_comes_with(client, load_system):
    load_system("mordheim")
    page = Page(client.get("/g/mordheim/cards/hired-highwayman/"))
    equipment = page.testid("hired-sword-equipment")[0].text
    assert equipment == "Dagger, Brace of pistols, Rapier, Cloak (as Buckler), Horse"
    assert "Riding" in page.testid("skill-lists")[0].text
    page = Page(Client(**GERMAN).get("/g/mordheim/cards/hired-dwarf-troll-slayer/"))
    assert page.testid("hired-sword-equipment")[0].text == "2 × Axt oder Zweihändige Axt"
    assert page.testid("race")[0].text == "Zwerg"


@pytest.mark.django_db
def test_a_tilean_warband_chooses_its_city_and_trantio_starts_with_600(client, load_system):
    load_system("mordheim")
    built = builder(client, "tileans", "tileans-captain")
    role = built.page.root.find("select", name="role")
    assert [o.attrs["value"] for o in role.find_all("option")] == [
        "", "miragliano", "remas", "trantio"]
    assert built.page.root.find("label", **{"for": "f-role"}).text == "City"
    assert "choose the warband's City" in built.page.text
    built.submit("update", {"role": "trantio"})
    assert "starting gold 600 gc" in built.page.testid("warband-summary")[0].text


def test_the_builder_shows_a_price_with_dice_as_the_chart_writes_it(alice_client, alice,
                                                                       load_system):
    load_system("mordheim")
    data = {**WARBAND, "entries": [{**WARBAND["entries"][0], "items": ["elven-cloak"]},
                                   *WARBAND["entries"][1:]]}
    saved = lists_services.list_create(owner=alice, data=data)
    built = Builder(alice_client, f"/lists/{saved.id}/")
    page = built.open()
    hans = page.entries[0]["node"].text
    assert "Elven cloak 100+D6×10 gc" in hans  # off his list: the chart's price, as written
    assert "Sword 10 gc" in hans  # his list's fixed price


def test_the_print_sheet_shows_a_hired_sword_and_the_equipment_he_comes_with(alice_client, alice,
                                                                              load_system):
    load_system("mordheim")
    data = {**WARBAND, "entries": [*WARBAND["entries"],
                                   {"card": "hired-highwayman", "name": "Dick"}]}
    saved = lists_services.list_create(owner=alice, data=data)
    page = Page(alice_client.get(f"/lists/{saved.id}/print/?layout=cards"))
    [dick] = [n for n in page.testid("card") if n.attrs["data-card"] == "hired-highwayman"]
    assert "Hired sword" in dick.text and "Henchmen" not in dick.text
    assert "model" not in dick.text.replace("Skill lists", "")  # one of his own, no group
    equipment = dick.find(data_testid="card-section-hired-sword-equipment").text
    assert "Brace of pistols" in equipment and "Cloak (as Buckler)" in equipment
    assert "Riding" in dick.find(data_testid="card-section-skill-lists").text


def test_a_remas_heros_leadership_is_his_citys_not_an_advance(alice_client, alice,
                                                               load_system):
    load_system("mordheim")
    saved = lists_services.list_create(owner=alice, data={
        "format": "muster-list/1", "system": "mordheim", "name": "Remas", "faction": "tileans",
        "role": "remas", "battle_size": None,
        "entries": [{"card": "tileans-captain", "name": "Lorenzo"},
                    {"card": "tileans-warrior", "size": 3}]})
    page = open_page(alice_client, saved)
    [lorenzo, _warriors] = page.testid("fighter")
    assert "Ld 9" in lorenzo.text  # 8 + 1 for Remas
    assert lorenzo.find_all(data_raised=None) == []
