"""Screens in words, and German throughout (issue 18, items 4, 5 and 8), as the pages
serve them:

- a Boarding Action list 10 points over through its special actions reports one
  overspend once; a list-wide error is not said twice;
- the campaign asks for a choice by naming the fighter and what is chosen ("Kurt's
  advance: +1 WS or +1 BS"), never by a raw path, and a location's test likewise;
- a German page shows the German name the pack gives, never the English one: the
  campaign log's items and henchman groups, Kemet's battle cards and its steps, Trupp's
  alignments inside messages, Enterkommando everywhere, Einzelmodelle.
"""

import re

import pytest
from django.test import Client

from armylists.games.mordheim.services import campaign_battles
from armylists.lists import services as lists_services
from tests.support.mordheim_battle import WARBAND
from tests.support.pages import Builder, Page

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WARBAND)


def ids(army_list) -> dict[str, str]:
    names = ["hans", "otto", "kurt", "warriors", "marksmen", "swordsman"]
    return dict(zip(names, [e["id"] for e in army_list.document["entries"]], strict=True))


def campaign_page(client, army_list) -> Page:
    response = client.get(f"/lists/{army_list.id}/campaign/")
    assert response.status_code == 200
    return Page(response)


def visible_text(page: Page) -> str:
    """What a reader sees of the page: its text without scripts and styles."""
    def walk(node):
        for child in node.children:
            if isinstance(child, str):
                yield child
            elif child.tag not in ("script", "style", "head"):
                yield from walk(child)

    return " ".join(" ".join(walk(page.root)).split())


def english_names_shown(text: str, things) -> list[str]:
    """English names of game data the pack translates (to something else) found in text."""
    shown = []
    for thing in things:
        german = (thing.names or {}).get("de")
        if not german or german == thing.name or thing.name in german:
            continue
        if re.search(r"(?<!\w)" + re.escape(thing.name) + r"(?!\w)", text):
            shown.append(thing.name)
    return shown


# -- item 4 ----------------------------------------------------------------------------


def test_boarding_action_over_by_its_special_actions_reports_one_overspend(alice_client, alice,
                                                                          load_system):
    load_system("boarding-action")
    boarding = lists_services.list_create(owner=alice, data={
        "system": "boarding-action", "name": "510 of 500", "role": "attacker",
        "battle_size": 500,
        "entries": [{"custom": {"name": "Veteran squad", "points": 490,
                                "unit_type": "infantry", "base_mm": 32}}],
        # 30 + 20 = 50 of special actions: 30 free, 20 paid: 510 points
        "special_actions": [{"action": "attacker-booby-trap"},
                            {"action": "attacker-smoke-grenades"}]})
    page = Builder(alice_client, f"/lists/{boarding.id}/").open()
    assert page.total == 510
    assert page.list_codes == ["special_action_budget"]
    assert page.testid("error-count")[0].text == "1 error"
    summary = page.testid("error-summary")[0]
    assert summary.find_all("li") == []  # said in the banner right under it, not twice
    message = page.root.find("li", data_code="special_action_budget").text
    builder = Page.__new__(Page)
    builder.root = page.root.find(id="builder")  # the builder (the panels below export it)
    assert visible_text(builder).count(message) == 1
    assert page.testid("over-by")[0].text == "10 over"


# -- item 5 ----------------------------------------------------------------------------


def test_an_advance_choice_names_the_fighter_and_the_choices(alice_client, warband, alice):
    kurt = ids(warband)["kurt"]
    campaign_battles.draft_save(army_list=warband, step="experience", user=alice, data={
        "won": True, "experience": [{"entry_id": kurt, "amount": 1}],
        "advances": [{"entry_id": kurt, "roll": 7}]})
    page = campaign_page(alice_client, warband)
    [choice] = page.testid("choice")
    assert choice.attrs["data-path"] == "advances[0].choice"
    assert choice.find("label").text.startswith("Kurt's advance: +1 WS or +1 BS")
    assert [o.text for o in choice.find_all("option")] == ["–", "+1 WS", "+1 BS"]
    assert "advances[0]" not in visible_text(page)

    alice_client.defaults.update(GERMAN)
    [choice] = campaign_page(alice_client, warband).testid("choice")
    label = choice.find("label").text
    assert label.startswith("Aufstieg von Kurt: +1 KG oder +1 BF"), label


def test_a_locations_test_asks_for_the_value_in_words(alice_client, warband, alice):
    campaign_battles.draft_save(army_list=warband, step="exploration", user=alice, data={
        "won": True, "exploration": {"dice": [1, 1, 5, 6]}})  # 2 x 1: the Well, a T test
    page = campaign_page(alice_client, warband)
    [choice] = page.testid("choice")
    assert choice.attrs["data-path"] == "exploration.location.test.value"
    assert "The location's test: the hero's T" in choice.text
    assert "exploration.location" not in visible_text(page)
    assert "test of T: still to be rolled" in page.testid("battle-so-far")[0].text


# -- item 8 ----------------------------------------------------------------------------


def test_the_german_campaign_log_names_items_and_groups_as_the_roster_does(
        client, warband, alice, load_system):
    who = ids(warband)
    campaign_battles.battle_record(army_list=warband, user=alice, spec={
        "won": True, "exploration": {"dice": [1, 2, 3, 4]},  # no location: no test owed
        "purchases": [{"item": "helmet", "entry_id": None}],
        "moves": [{"item": "helmet", "from_entry_id": None, "to_entry_id": who["otto"]}],
        "recruits": [{"join_entry_id": who["warriors"], "size": 1}],
        "veterans": {"dice": [6, 6]}})
    client.force_login(alice)
    client.defaults.update(GERMAN)
    page = campaign_page(client, warband)
    text = visible_text(page)
    assert "Gekauft: Helm für das Lager, 10 GK" in text
    assert "Umgelagert: Helm (das Lager → Otto)" in text
    # the first battle: the Warriors have 1 experience when they trade
    assert ("Angeheuert: 1 mehr für Krieger, 37 GK (25 GK Kämpfer + 10 GK Ausrüstung + 2 GK "
            "für 1 Erfahrung)") in text
    assert "Helmet" not in text
    assert "Krieger" in text and not re.search(r"\bWarrior\b", text)
    from rules.selectors import catalogue_get

    catalogue = catalogue_get(key="mordheim")
    shown = english_names_shown(text, [*catalogue.cards.values(), *catalogue.items.values()])
    assert shown == []


def test_kemet_in_german_names_its_cards_and_explains_its_steps(load_system):
    load_system("kemet")
    german = Client(**GERMAN)
    form = {}
    for side in ("attacker", "defender"):
        form.update({f"{side}-soldiers": 5, f"{side}-card": "str3-dmg2",
                     f"{side}-prayer_points": 0})
    page = Page(german.get("/tools/kemet/"))
    options = [o.text for o in page.root.find("select", name="attacker-card").find_all("option")]
    assert "Stärke 3, Schaden 2" in options and "Strength 3, damage 2" not in options
    response = german.post("/tools/kemet/", form)
    assert response.status_code == 200
    page = Page(response)
    steps = [li.text for li in page.testid("steps")[0].find_all("li")]
    assert any(s.startswith("Angreifer: Stärke 8") for s in steps), steps
    assert not any("strength" in s or "wins" in s for s in steps), steps
    # the API keeps its English words (a public promise)
    english = Client(**GERMAN).post("/api/v1/kemet/battles/", {
        "attacker": {"soldiers": 5, "card": "str3-dmg2"},
        "defender": {"soldiers": 5, "card": "str3-dmg2"}}, content_type="application/json")
    assert english.status_code == 200, english.content
    assert english.json()["steps"][0].startswith("attacker: strength 8")


def test_trupp_alignments_are_german_inside_messages(load_system):
    load_system("trupp")
    german = Client(**GERMAN)
    german.post("/g/trupp/", {"battle_size": 150})
    tab = Builder(german, "/g/trupp/build/")
    tab.open()
    tab.add("knight-errant")
    tab.add("necromancer")  # evil, the knight good
    [message] = [li.text for li in tab.page.root.find_all("li", data_code="alignment")]
    assert "gut" in message and "böse" in message
    assert not re.search(r"\b(good|evil)\b", message), message


def test_one_german_name_per_game_and_einzelmodelle(load_system, godslayer, alice):
    load_system("boarding-action")
    german = Client(**GERMAN)
    boarding = lists_services.list_share_renew(army_list=lists_services.list_create(
        owner=alice, data={"system": "boarding-action", "name": "Deck", "role": "defender",
                           "entries": [{"card": "line-trooper", "count": 3}]}))
    token = boarding.share_token
    for url in ("/", "/g/boarding-action/", "/tools/boarding-action/hull-breach/",
                f"/s/{token}/", f"/s/{token}/print/", f"/s/{token}/print/?layout=cards"):
        text = visible_text(Page(german.get(url)))
        at = text.find("Boarding Action")
        assert at < 0, (url, text[max(0, at - 80):at + 40])
    assert "Enterkommando" in visible_text(Page(german.get("/tools/boarding-action/hull-breach/")))
    german.post("/g/godslayer/", {"faction": "nordgaard", "battle_size": 160})
    tab = Builder(german)
    tab.open()
    text = visible_text(tab.page)
    assert "Einzelmodelle" in text and "Individuelle" not in text
