"""Hired swords hired and dismissed in the trading step of a battle recorded on the
campaign page: the hired swords the warband may hire (fee and upkeep in the choice),
the line in the battle so far and the log, the treasury, dismissal, German labels, and
refusals shown on the page. Plain form posts."""

import pytest
from django.test import Client
from django.utils import translation

from armylists.games.mordheim.models import CampaignBattle
from armylists.lists import services as lists_services
from tests.support.mordheim_warband import WARBAND
from tests.support.pages import Page, form_fields

pytestmark = pytest.mark.django_db

ROADWARDEN = "hired-roadwarden"
WITH_RUDI = {**WARBAND, "entries": [*WARBAND["entries"],
                                    {"card": ROADWARDEN, "name": "Rudi"}]}


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WARBAND)


def url(army_list):
    return f"/lists/{army_list.id}/campaign/"


def submit(client, army_list, fields=None, action="step", testid="step-form", status=302):
    page = Page(client.get(url(army_list)))
    [form] = page.testid(testid)
    data = form_fields(form)
    for name in [n for n in data if n.endswith("_items") or n == "dismiss"]:
        del data[name]  # a multiple choice with nothing chosen sends nothing
    data.update({k: v if isinstance(v, list) else [str(v)] for k, v in (fields or {}).items()})
    data["action"] = [action]
    response = client.post(url(army_list), data)
    assert response.status_code == status, (response.status_code, response.content[:3000])
    return Page(client.get(response.url)) if status == 302 else Page(response)


def to_trading(client, army_list) -> Page:
    """A lost battle, nobody hurt, exploration dice 1 2 4: the trading step."""
    submit(client, army_list, {"won": "lost"})
    submit(client, army_list, {})
    page = submit(client, army_list, {"dice": "1 2 4"})
    assert page.testid("battle")[0].attrs["data-step"] == "trading"
    return page


def hire_choices(page: Page) -> dict[str, str]:
    [select] = [s for s in page.testid("hired-swords")[0].find_all("select")
                if s.attrs["name"] == "sword_0_card"]
    return {o.attrs["value"]: o.text for o in select.find_all("option")}


def test_a_hired_sword_is_hired_in_the_trading_step_and_logged(alice_client, warband):
    page = to_trading(alice_client, warband)
    box = page.testid("hired-swords")[0]
    assert "Hired swords" in box.text and "Hire a hired sword" in box.text
    choices = hire_choices(page)
    assert choices[ROADWARDEN] == "Roadwarden (40 gc, upkeep 20 gc)"
    assert "hired-dark-elf-assassin" not in choices  # Reiklanders may not hire him
    assert not box.find(attrs={"data-testid": "dismiss"})  # nobody to dismiss yet
    page = submit(alice_client, warband, {"sword_0_card": ROADWARDEN, "sword_0_name": "Rudi"})
    line = ("Hired sword hired: Rudi (Roadwarden) for 40 gc; upkeep 20 gc after each battle "
            "from the next one")
    assert line in page.testid("battle-so-far")[0].text
    page = submit(alice_client, warband, action="record", testid="review-form")
    assert page.testid("treasury")[0].text == "Treasury: 100 gc"
    assert any(line in e.text for e in page.testid("log")[0].find_all("li"))
    assert [r for r in page.testid("fighter") if r.text.strip().startswith("Rudi")]


def test_a_hired_sword_is_dismissed_in_the_trading_step(alice_client, alice, load_system):
    load_system("mordheim")
    warband = lists_services.list_create(owner=alice, data=WITH_RUDI)
    page = to_trading(alice_client, warband)
    [rudi] = page.testid("dismiss")[0].find_all("input")
    assert rudi.attrs["type"] == "checkbox" and "Rudi" in rudi.parent.text
    page = submit(alice_client, warband, {"dismiss": [rudi.attrs["value"]]})
    so_far = page.testid("battle-so-far")[0].text
    assert "Dismissed: Rudi (Roadwarden) leaves the warband" in so_far
    assert "Upkeep paid: Rudi" not in so_far  # dismissed before his upkeep was due
    assert "No upkeep for Rudi: dismissed before it was due" in so_far
    [note] = page.testid("dismissed-note")  # why his upkeep line is gone, and the way back
    assert "owes no upkeep" in note.text
    assert note.find("a").attrs["href"] == "?step=trading#battle"
    submit(alice_client, warband, action="record", testid="review-form")
    battle = CampaignBattle.objects.get()
    assert battle.data["input"]["dismissals"] == [{"entry_id": rudi.attrs["value"]}]


def test_a_hire_the_rules_refuse_is_shown_on_the_page(alice_client, alice, load_system):
    load_system("mordheim")
    warband = lists_services.list_create(owner=alice, data=WITH_RUDI)
    to_trading(alice_client, warband)
    page = submit(alice_client, warband, {"sword_0_card": "hired-highwayman"}, status=400)
    assert "Highwayman will not serve beside Roadwarden" in page.text
    assert page.testid("battle")[0].attrs["data-step"] == "trading"
    assert not CampaignBattle.objects.exists()


def test_the_hired_swords_are_offered_in_german(alice, warband):
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(alice)
    with translation.override("de"):  # the middleware's German ends with the request
        page = to_trading(german, warband)
    box = page.testid("hired-swords")[0].text
    assert "Angeheuerte Schwerter" in box and "Ein angeheuertes Schwert anheuern" in box
    assert "GK, Sold 20 GK)" in hire_choices(page)[ROADWARDEN]
