"""The print sheets of a list, in both layouts (``?layout=roster|cards``) and on both
papers (``?paper=a4|letter``): what each game's cards sheet prints (effective stat lines
with what items change, a card fielded more than once printed once with its count, gold
for Mordheim), the campaign's warband on Mordheim's cards, who may print what, and a
clear 400 for a layout or paper that does not exist."""

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from armylists.games.mordheim.services import campaign, campaign_battles
from armylists.lists import services as lists_services
from rules import selectors as rules_selectors
from rules.engine import Entry
from rules.systems import trupp
from tests.support.mordheim_battle import BATTLE_1
from tests.support.pages import Page
from tests.support.print_lists import LISTS


@pytest.fixture
def saved(load_system, alice):
    """Alice's saved list of a game (not shared: the owner's print view needs no link)."""

    def make(system):
        load_system(system)
        army_list = lists_services.list_create(owner=alice, data=LISTS[system])
        lists_services.list_share_revoke(army_list=army_list)
        return army_list

    return make


def cards_of(page: Page) -> dict[str, list]:
    """card key -> the card blocks printed for it."""
    found: dict[str, list] = {}
    for node in page.testid("card"):
        found.setdefault(node.attrs["data-card"], []).append(node)
    return found


def stat(block, label) -> tuple[str, str | None]:
    """(value shown, printed value of the card when an item changed it)."""
    line = block.find(data_testid="statline")
    heads = [th.text for th in line.find("thead").find_all("th")]
    cell = line.find("tbody").find_all("td")[heads.index(label)]
    return cell.text.split(" ")[0], cell.attrs.get("data-base")


def print_page(client, army_list, query="") -> Page:
    response = client.get(f"/lists/{army_list.id}/print/{query}")
    assert response.status_code == 200, response.content[:500]
    return Page(response)


# --- each game, both layouts ---------------------------------------------------------------


@pytest.mark.parametrize("system", list(LISTS))
def test_it_prints_every_game_in_both_layouts(alice_client, saved, system):
    army_list = saved(system)
    roster = print_page(alice_client, army_list)
    assert roster.root.find("body").attrs["data-layout"] == "roster"
    assert len(roster.testid("entry")) == len(LISTS[system]["entries"])
    cards = print_page(alice_client, army_list, "?layout=cards")
    assert cards.root.find("body").attrs["data-layout"] == "cards"
    assert cards.testid("card")
    links = {(a.attrs["data-layout"], a.attrs["data-paper"]) for a in cards.testid("sheet-links")[0].find_all("a")}
    assert links == {("roster", "a4"), ("roster", "letter"), ("cards", "a4"), ("cards", "letter")}


def test_it_prints_godslayer_cards_with_item_effects_weapons_tactics_and_counts(alice_client, saved):
    page = print_page(alice_client, saved("godslayer"), "?layout=cards")
    cards = cards_of(page)
    [captain] = cards["nordgaard-gestir-captain"]
    assert stat(captain, "ARM") == ("5", "3") and stat(captain, "DEF") == ("11", None)
    assert stat(captain, "MEL") == ("6", None)
    weapons = captain.find(data_testid="weapons").text
    assert "Rune Sword" in weapons and "Bearded Axe" in weapons and "Hooked" in weapons
    assert "Chainmail Byrnie: ARM +2" in captain.find(data_testid="card-items").text.replace(" :", ":")
    sections = captain.text
    assert "Hold the Line (unit, ACT 2)" in sections and "Warcry of the North (ACT 2)" in sections
    assert len(captain.find(data_testid="hit-track").find_all("span")) == 16
    [witch] = cards["nordgaard-ravenwitch"]
    assert "+1 DIS until the end of the round" in witch.text  # the mead's effect
    # Two equal entries and an entry of count 2: one card each, with the count.
    [archers] = cards["nordgaard-tundra-archers"]
    [ogres] = cards["nordgaard-ogre-huscarl"]
    assert archers.attrs["data-count"] == "2" and ogres.attrs["data-count"] == "2"
    assert archers.find(data_testid="card-count").text == "2×"
    assert cards["nordgaard-berserker"][0].attrs["data-count"] == "1"
    [wall] = cards["nordgaard-huscarl-shieldwall"]
    assert "5 models" in wall.text and "Shieldwall (unit, ACT 1)" in wall.text
    assert len(page.testid("card")) == 6
    assert "legal" in page.root.find("header").text and "not legal" not in page.text


def test_it_prints_trupp_stat_rows_by_wounds_with_options(alice_client, saved):
    saved_list = saved("trupp")
    page = print_page(alice_client, saved_list, "?layout=cards")
    [knight] = cards_of(page)["knight-errant"]
    rows = knight.find(data_testid="stat-rows").find("tbody").find_all("tr")
    assert [r.attrs["data-wounds"] for r in rows][:2] == ["0", "1"] and len(rows) >= 3
    labels = {"KG (N)": "KG_N", "STÄ": "STAE", "BEW": "BEW"}
    heads = [labels.get(th.text, th.text) for th in knight.find(data_testid="stat-rows").find_all("th")]
    printed = [[td.text.split(" ")[0] for td in row.find_all("td")] for row in rows]
    # The engine's rows of the knight without options: the rune blade adds 1 to KG_N and
    # STAE on every row, the printed value of the card beside it.
    catalogue = rules_selectors.catalogue_for(system=saved_list.system)
    plain = trupp.effective_stat_rows(catalogue.cards["knight-errant"],
                                      Entry(card="knight-errant"), catalogue)
    for wounds, row in enumerate(printed):
        assert int(row[heads.index("KG_N")]) == plain[wounds]["KG_N"] + 1
        assert int(row[heads.index("STAE")]) == plain[wounds]["STAE"] + 1
        assert int(row[heads.index("BEW")]) == plain[wounds]["BEW"]
    assert rows[0].find_all("td")[heads.index("KG_N")].attrs["data-base"]
    assert "Rune Blade" in knight.find(data_testid="card-options").text
    assert "Comes with" in knight.text and "Oath of Protection" in knight.text
    [militia] = cards_of(page)["militia-spearman"]
    assert militia.attrs["data-count"] == "3"


def test_it_prints_boarding_action_units_and_special_actions_with_their_rules(alice_client, saved):
    page = print_page(alice_client, saved("boarding-action"), "?layout=cards")
    cards = cards_of(page)
    [troopers] = cards["line-trooper"]
    assert troopers.attrs["data-count"] == "3" and "25 mm" in troopers.text
    [custom] = cards["custom"]
    assert "Breacher squad" in custom.text and "32 mm" in custom.text and "shotgun" in custom.text
    actions = page.testid("action-card")
    texts = [a.text for a in actions]
    assert len(actions) == 2
    assert "Sentry gun: Heavy 4 (twin-linked)" in texts[0] and "always on overwatch" in texts[0]
    assert "strength 6" in texts[0]
    assert "Welded hatch" in texts[1] and "2 uses" in texts[1] and "welds it shut" in texts[1]


def test_it_prints_mordheim_in_gold_with_experience(alice_client, saved):
    army_list = saved("mordheim")
    for query in ("", "?layout=cards"):
        page = print_page(alice_client, army_list, query)
        assert "points" not in page.text.lower().replace("warband rating", "")
        assert " gc" in page.text
    page = print_page(alice_client, army_list, "?layout=cards")
    cards = cards_of(page)
    [hans] = cards["reikland-mercenary-captain"]
    assert "Hans" in hans.text and hans.find(data_testid="experience").text == "20"
    assert "Sword" in hans.find(data_testid="card-items").text
    boxes = [s for s in hans.find(data_testid="xp-track").find_all("span") if "class" in s.attrs]
    assert len(boxes) == 90  # the hero track's last threshold
    assert sum("had" in b.attrs["class"] for b in boxes) == 20
    [warriors] = cards["reikland-warrior"]  # two equal groups of three
    assert warriors.attrs["data-count"] == "2" and "3 models" in warriors.text
    assert warriors.find(data_testid="card-points").text == "105 gc each, 210 gc"


def test_it_prints_a_mordheim_warband_as_its_campaign_left_it(alice_client, saved, alice):
    army_list = saved("mordheim")
    ids = [e["id"] for e in army_list.document["entries"]]
    spec = {**BATTLE_1}
    real = dict(zip([f"e{n}" for n in range(6)], ids, strict=False))

    def walk(value):
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return real.get(value, value) if isinstance(value, str) else value

    campaign_battles.battle_record(army_list=army_list, spec=walk(spec), user=alice,
                                   rng=random.Random(7))
    campaign.campaign_record_event(army_list=army_list, user=alice,
                                   event={"type": "serious_injury", "entry": 0, "roll": 22})
    page = print_page(alice_client, army_list, "?layout=cards")
    assert page.testid("campaign-now")
    cards = cards_of(page)
    [hans] = cards["reikland-mercenary-captain"]
    assert stat(hans, "M") == ("3", "4")  # the leg wound
    assert "leg wound" in hans.find(data_testid="card-section-injuries").text.lower()
    [kurt] = cards["reikland-youngblood"]
    assert "after battle 1: WS +1" in kurt.text
    assert stat(kurt, "WS")[1] is not None


# --- paper, refusals, links ----------------------------------------------------------------


@pytest.mark.parametrize(("paper", "sheet"), [("a4", "paper-a4.css"), ("letter", "paper-letter.css")])
def test_it_prints_on_a4_and_letter(alice_client, saved, paper, sheet):
    page = print_page(alice_client, saved("godslayer"), f"?layout=cards&paper={paper}")
    hrefs = [link.attrs["href"] for link in page.root.find_all("link")]
    assert any(h.endswith(sheet) for h in hrefs), hrefs
    assert f"paper-{paper}" in page.root.find("body").attrs["class"]


@pytest.mark.parametrize(("query", "field"), [
    ("?layout=poster", "layout"),
    ("?paper=a3", "paper"),
    ("?layout=" + "x" * 500, "layout"),
])
def test_it_refuses_a_layout_or_paper_that_does_not_exist(alice_client, saved, query, field):
    army_list = saved("godslayer")
    for url in (f"/lists/{army_list.id}/print/", None):
        if url is None:
            fresh = lists_services.list_share_renew(army_list=army_list)
            url = f"/s/{fresh.share_token}/print/"
        response = alice_client.get(url + query)
        assert response.status_code == 400
        page = Page(response)
        [problem] = page.testid("problems")[0].find_all("li")
        allowed = "roster, cards" if field == "layout" else "a4, letter"
        assert problem.attrs["data-field"] == field and allowed in problem.text
        assert page.root.find("a", href=f"{url}?layout=cards&paper=a4") is not None


def test_the_list_and_shared_pages_link_to_both_layouts(alice_client, saved):
    army_list = saved("godslayer")
    builder = Page(alice_client.get(f"/lists/{army_list.id}/"))
    hrefs = {a.attrs.get("href") for a in builder.root.find_all("a")}
    base = f"/lists/{army_list.id}/print/"
    assert {base, base + "?layout=cards"} <= hrefs  # the roster is the default layout
    shared = lists_services.list_share_renew(army_list=army_list)
    page = Page(Client().get(f"/s/{shared.share_token}/"))
    hrefs = {a.attrs.get("href") for a in page.root.find_all("a")}
    base = f"/s/{shared.share_token}/print/"
    assert {base, base + "?layout=cards"} <= hrefs


# --- who may print -------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["roster", "cards"])
def test_only_the_owner_prints_an_unshared_list(alice_client, bob_client, saved, layout):
    army_list = saved("godslayer")
    url = f"/lists/{army_list.id}/print/?layout={layout}"
    assert alice_client.get(url).status_code == 200
    assert bob_client.get(url).status_code == 404
    # a layout that does not exist tells a stranger nothing either
    assert bob_client.get(f"/lists/{army_list.id}/print/?layout=x").status_code == 404
    # anonymous: the login page, as every private page (never the sheet)
    response = Client().get(url)
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")


@pytest.mark.parametrize("layout", ["roster", "cards"])
def test_anyone_with_the_link_prints_a_shared_list_until_it_is_revoked(bob_client, saved, layout):
    army_list = lists_services.list_share_renew(army_list=saved("mordheim"))
    url = f"/s/{army_list.share_token}/print/?layout={layout}"
    for client in (Client(), bob_client):
        page = Page(client.get(url))
        assert page.status == 200 and page.testid("card" if layout == "cards" else "entry")
    lists_services.list_share_revoke(army_list=army_list)
    assert Client().get(url).status_code == 404
    assert Client().get(url.replace(layout, "nonsense")).status_code == 404


def test_a_shared_cards_sheet_is_kept_apart_from_its_roster_and_its_paper(saved):
    """The page cache keeps each sheet under its own address: a second request of the
    same sheet is served kept (the list's stamp only), another layout or paper is not
    the same page."""
    army_list = lists_services.list_share_renew(army_list=saved("godslayer"))
    base = f"/s/{army_list.share_token}/print/"
    client = Client()
    cards = client.get(base + "?layout=cards").content
    with CaptureQueriesContext(connection) as queries:
        again = client.get(base + "?layout=cards").content
    assert again == cards and len(queries) <= 1
    assert client.get(base + "?layout=roster").content != cards
    assert b"paper-letter.css" in client.get(base + "?layout=cards&paper=letter").content


@pytest.mark.parametrize("system", list(LISTS))
def test_it_prints_the_cards_in_german(alice_client, saved, system):
    army_list = saved(system)
    response = alice_client.get(f"/lists/{army_list.id}/print/?layout=cards",
                                HTTP_ACCEPT_LANGUAGE="de")
    page = Page(response)
    links = page.testid("sheet-links")[0]
    assert "Aufstellung (A4)" in links.text and "Karten" in links.text
    words = {"godslayer": "Taktiken", "boarding-action": "Ausrüstung",
             "mordheim": "Erfahrung", "trupp": "Gesinnung"}
    assert words[system] in page.text
    with open(f"/tmp/print-de-{system}.txt", "w") as out:
        out.write(page.text)
