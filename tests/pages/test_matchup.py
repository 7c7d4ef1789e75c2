"""The matchup pages with Django's test client: a card links to them, the form is a
plain GET form (no JavaScript needed), the answer shows its numbers, the distribution
as an SVG bar chart and as a table, and every bad value is marked at its field."""

import re
from urllib.parse import urlencode

import pytest

from tests.support.pages import Page, form_fields

GODSLAYER, TRUPP = "/g/godslayer/matchup/", "/g/trupp/matchup/"
CAPTAIN, OGRE = "nordgaard-gestir-captain", "nordgaard-ogre-huscarl"


@pytest.fixture
def packs(load_system):
    return [load_system(key) for key in ("godslayer", "trupp")]


def get(client, url, **query) -> Page:
    page = Page(client.get(f"{url}?{urlencode(query, doseq=True)}"))
    assert page.status == 200
    return page


def matchup_form(page: Page):
    [form] = page.testid("matchup-form")
    return form


def field_errors(page: Page) -> list[str]:
    return [li.text for ul in page.root.find_all("ul", **{"class": "violations"})
            for li in ul.find_all("li")]


def test_a_godslayer_card_links_to_its_odds_with_its_items(client, packs):
    card = Page(client.get(f"/g/godslayer/cards/{CAPTAIN}/?items=nordgaard-bearded-axe"))
    [link] = card.testid("card-links")[0].find_all("a")
    assert link.text == "Gestir Captain against …"
    assert link.attrs["href"] == (f"{GODSLAYER}?attacker={CAPTAIN}"
                                  "&attacker_items=nordgaard-bearded-axe")


def test_a_trupp_card_links_to_its_odds_with_its_options(client, packs):
    card = Page(client.get("/g/trupp/cards/knight-errant/?options=rune-blade"))
    [link] = card.testid("card-links")[0].find_all("a")
    assert link.attrs["href"] == f"{TRUPP}?attacker=knight-errant&attacker_options=rune-blade"


def test_a_game_without_odds_links_nowhere(client, load_system):
    load_system("boarding-action")
    card = Page(client.get("/g/boarding-action/cards/line-trooper/"))
    assert card.status == 200 and "Line Trooper" in card.text
    assert card.testid("card-links") == []


def test_the_link_fills_in_the_attacker_and_marks_nothing_missing(client, packs):
    page = get(client, GODSLAYER, attacker=CAPTAIN, attacker_items="nordgaard-bearded-axe")
    fields = form_fields(matchup_form(page))
    assert fields["attacker"] == [CAPTAIN]
    assert fields["attacker_items"] == ["nordgaard-bearded-axe"]
    assert fields["defender"] == [""] and "defender_items" not in fields
    assert page.testid("matchup-result") == [] and field_errors(page) == []
    weapons = [o.attrs["value"] for o in matchup_form(page).find("select", name="weapon")
               .find_all("option")]
    assert weapons == ["", "Rune Sword", "nordgaard-bearded-axe"]


def test_the_form_sent_as_it_is_shows_the_odds_without_javascript(client, packs):
    first = get(client, GODSLAYER, attacker=OGRE)
    fields = form_fields(matchup_form(first))
    fields.update(defender=[CAPTAIN], charge=["on"], attacks=["3"])
    page = get(client, GODSLAYER, **fields)
    [result] = page.testid("matchup-result")
    # the Ogre charges (MEL 7) the Captain (DEF 11): 2D6 >= 4, 33 of 36
    assert page.testid("hit")[0].text == "33/36 rolls (91.7 %)"
    assert page.testid("take-out")[0].text == "7.6 %"  # an 11 or 12 for 16 hit points
    assert "Out within 3 attacks" in result.text
    assert "Ogre Huscarl against Gestir Captain with Great Axe" in result.text
    assert "checked" in matchup_form(page).find("input", name="charge").attrs


def test_the_chart_and_the_table_show_the_same_distribution(client, packs):
    page = get(client, GODSLAYER, attacker=OGRE, defender=CAPTAIN, charge="on")
    [chart] = page.testid("odds-chart")
    [svg] = chart.find_all("svg")
    assert svg.attrs["role"] == "img" and svg.find("title").text == "Hit points lost by one attack"
    bars = svg.find_all("rect")
    rows = page.testid("odds-table")[0].find("tbody").find_all("tr")
    assert len(bars) == len(rows) == 18  # 0 (a miss) to 17 (12 + 5)
    assert [r.find("th").text for r in rows][:1] + [rows[-1].find("th").text] == ["0", "17"]
    assert rows[0].find("td").text == "8.33 %"  # the 3 misses of 36
    heights = [float(b.attrs["height"]) for b in bars]
    assert max(heights) == heights[12] and heights[1] == 0  # 12 is the likeliest; 1 never
    assert all(re.fullmatch(r"[0-9]+\.[0-9]{2}", b.attrs["x"]) for b in bars)


def test_it_explains_the_odds_step_by_step(client, packs):
    page = get(client, GODSLAYER, attacker=OGRE, defender=CAPTAIN, style="powerful")
    steps = [li.text for li in page.testid("steps")[0].find_all("li")]
    assert "Powerful style: +1 STR." in steps
    assert any("2D6 + MEL 6 >= DEF 11: 5 or more, 30 of 36 rolls" in s for s in steps)


@pytest.mark.parametrize(("query", "field", "message"), [
    ({"defender": "nordgaard-jarl"}, "defender", "Select a valid choice"),
    ({"charge": "on", "style": "offensive"}, "style", "instead of a style"),
    ({"defender_wounds": "16"}, "defender_wounds", "at most 15 lost"),
    ({"attack": "ranged"}, "attack", "Ogre Huscarl has no ranged weapon"),
    ({"weapon": "Rune Sword"}, "weapon", "Select a valid choice"),  # not the Ogre's
    ({"defender_items": ["nordgaard-raven-staff"]}, "defender_items", "Select a valid choice"),
    ({"attacks": "50"}, "attacks", "less than or equal to 20"),
])
def test_it_marks_the_field_of_an_impossible_matchup(client, packs, query, field, message):
    page = get(client, GODSLAYER, **{"attacker": OGRE, "defender": CAPTAIN, **query})
    assert page.testid("matchup-result") == [] and page.testid("form-errors")
    errors = page.response.context["form"].errors
    assert list(errors) == [field], errors
    assert message is None or message in " ".join(errors[field])
    assert errors[field][0] in field_errors(page)  # shown beside the field

def test_trupp_shows_per_attack_and_per_action(client, packs):
    page = get(client, TRUPP, attacker="knight-errant", attacker_options="rune-blade",
               defender="orc-chieftain", defender_wounds="1", attacks="2")
    text = page.testid("odds")[0].text
    assert page.testid("hit")[0].text == "35/36 rolls (97.2 %)"
    assert page.testid("wound")[0].text == "1155/1296 (89.1 %)"
    assert "Attacks per attack action 2" in text and "Out within 2 attack actions" in text
    rows = page.testid("odds-table")[0].find("tbody").find_all("tr")
    assert [r.find("th").text for r in rows] == ["0", "1", "2"]  # out after 2 wounds


def test_trupp_shoots_from_cover_and_refuses_cover_in_melee(client, packs):
    page = get(client, TRUPP, attacker="elven-ranger", defender="knight-errant",
               attack="ranged", weapon="shortbow", cover="quarter_hidden")
    assert page.testid("hit")[0].text == "30/36 rolls (83.3 %)"  # KG (F) 4 against AGI 9
    page = get(client, TRUPP, attacker="elven-ranger", defender="knight-errant",
               cover="quarter_hidden")
    assert "cover counts against ranged attacks only" in " ".join(field_errors(page))


def test_the_page_is_german_for_a_german_reader(client, packs):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    page = get(client, GODSLAYER, attacker=OGRE, defender=CAPTAIN)
    assert "Treffer" in page.text and "Chancen berechnen" in page.text
    assert "Verlorene Lebenspunkte" in page.text
    assert "Angreifer" in page.text and "Verteidiger" in page.text


def test_it_answers_404_without_the_game_data(client, db):
    assert client.get(GODSLAYER).status_code == 404
    assert client.get(TRUPP).status_code == 404
