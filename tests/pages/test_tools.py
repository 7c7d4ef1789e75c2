"""The play-aid pages with Django's test client: plain forms, no JavaScript needed."""

import re

import pytest
from django.test import Client

KEMET = "/tools/kemet/"
ROUT = "/tools/mordheim/rout-test/"
HULL = "/tools/boarding-action/hull-breach/"


@pytest.fixture
def client():
    return Client()


@pytest.fixture
def kemet(load_system):
    return load_system("kemet")


def side(prefix, soldiers=5, card="str2-shield2", interventions=(), prayer_points=0,
         district=False, **extra):
    data = {f"{prefix}-soldiers": soldiers, f"{prefix}-card": card,
            f"{prefix}-prayer_points": prayer_points,
            f"{prefix}-interventions": list(interventions)}
    if district:
        data[f"{prefix}-in_own_city_district"] = "on"
    data.update({f"{prefix}-{k}": v for k, v in extra.items()})
    return data


def battle(attacker=None, defender=None, zone_reward=""):
    return {**(attacker or side("attacker")), **(defender or side("defender")),
            "zone_reward": zone_reward}


def text(response):
    return re.sub(r"\s+", " ", response.content.decode())


def field_errors(response):
    return re.findall(r'<ul class="violations"><li>(.*?)</li>', response.content.decode())


# -- Kemet ---------------------------------------------------------------------------------


def test_it_shows_the_kemet_form(client, kemet):
    r = client.get(KEMET)
    assert r.status_code == 200
    html = text(r)
    for prefix in ("attacker", "defender"):
        assert f'name="{prefix}-soldiers"' in html and f'name="{prefix}-card"' in html
        assert f'name="{prefix}-interventions"' in html and f'name="{prefix}-prayer_points"' in html
        assert f'name="{prefix}-in_own_city_district"' in html
        assert f'name="{prefix}-value_strength"' in html and f'name="{prefix}-bonus_critical"' in html
    assert '<option value="str3-dmg2">Strength 3, damage 2</option>' in html
    assert 'value="_other"' in html and "War Cry (sample)" in html
    assert 'name="zone_reward"' in html and 'value="pyramid"' in html
    assert 'method="post"' in html and "csrfmiddlewaretoken" in html
    assert 'data-testid="kemet-result"' not in html


def test_it_resolves_a_battle_and_shows_every_step(client, kemet):
    data = battle(side("attacker", 5, "str3-dmg2", ["sample-war-cry"], 2, bonus_strength=1),
                  side("defender", 4, "str2-shield1-dmg2", ["sample-blood-rite"], 2, district=True),
                  "temple")
    r = client.post(KEMET, data)
    assert r.status_code == 200
    html = text(r)
    assert 'data-testid="kemet-result"' in html and 'data-testid="form-errors"' not in html
    assert "Attacker wins, strength 10 to 7." in html
    steps = re.search(r'<ol data-testid="steps">(.*?)</ol>', html).group(1)  # in the reader's language now
    assert steps.count("<li>") == 12
    assert "defender: 1 critical damage, cannot be blocked: attacker loses 1" in steps
    assert "attacker takes the temple victory point of the zone" in steps
    assert "disband the troop for 2 prayer points" in html
    assert "Blood Rite (sample)" in html  # the intervention's name, not its key
    assert "takes the victory point of the zone (Temple)" in html
    assert '<th scope="row">Sacrificed</th><td>0</td><td>0</td>' in html  # 0, not blank
    assert '<th scope="row">Back to hand</th><td>–</td><td>–</td>' in html
    # the form keeps what was posted
    assert '<option value="str3-dmg2" selected>' in html


def test_it_says_a_tie_goes_to_the_defender(client, kemet):
    r = client.post(KEMET, battle(side("attacker", 5, "str3-dmg2"), side("defender", 5, "str3-shield1")))
    html = text(r)
    assert "Defender wins, strength 8 to 8." in html and "A tie goes to the defender." in html


def test_it_fights_with_typed_card_values(client, kemet):
    attacker = side("attacker", 2, "_other", value_strength=6, value_damage=1)
    r = client.post(KEMET, battle(attacker, side("defender", 1, "str1-shield3-dmg1")))
    assert "Attacker wins, strength 8 to 2." in text(r)


def test_it_says_when_the_loser_has_nobody_left(client, kemet):
    r = client.post(KEMET, battle(side("attacker", 9, "str3-dmg2"), side("defender", 1, "str2-shield1-dmg2")))
    assert "Defender has no soldiers left in the zone." in text(r)


def test_it_marks_an_impossible_field_and_fights_nothing(client, kemet):
    r = client.post(KEMET, battle(side("attacker", -1)))
    assert r.status_code == 400  # a form with errors: 400, as every page's form
    html = text(r)
    assert 'data-testid="form-errors"' in html and 'data-testid="kemet-result"' not in html
    assert field_errors(r) == ["Ensure this value is greater than or equal to 0."]


def test_it_marks_a_day_card_the_resolver_refuses(client, kemet):
    r = client.post(KEMET, battle(defender=side("defender", interventions=["sample-morning-offering"])))
    html = text(r)
    assert 'data-testid="kemet-result"' not in html
    assert field_errors(r) == [
        "Morning Offering (sample day card) is a day card: it may not be played in battle"]


def test_the_resolvers_refusal_is_german_under_german(kemet):
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    r = german.post(KEMET, battle(defender=side("defender",
                                                interventions=["sample-morning-offering"])))
    [message] = field_errors(r)
    assert message.endswith("ist eine Tageskarte: Sie darf nicht im Kampf gespielt werden")


@pytest.mark.parametrize("data", [
    {},
    battle(side("attacker", card="no-such-card")),
    battle(side("attacker", soldiers="many")),
    battle(zone_reward="oasis"),
    battle(side("attacker", bonus_damage=-3, value_sacrifice="x")),
    {"attacker-interventions": "str3-dmg2", "zone_reward": "temple"},
])
def test_it_answers_any_post_with_the_form(client, kemet, data):
    r = client.post(KEMET, data)
    assert r.status_code == 400  # a form with errors: 400, as every page's form
    html = text(r)
    assert 'data-testid="form-errors"' in html and 'data-testid="kemet-result"' not in html
    assert field_errors(r)


def test_it_has_no_kemet_page_without_the_kemet_data(client, db):
    assert client.get(KEMET).status_code == 404


@pytest.mark.parametrize(("url", "english"), [
    (KEMET, "Attacker"), (ROUT, "Members of the warband"), (HULL, "Roll a D6")])
def test_it_speaks_german(client, kemet, url, english):
    r = client.get(url, headers={"Accept-Language": "de"})
    html = r.content.decode()
    assert r.status_code == 200 and '<html lang="de">' in html
    assert english not in html  # every visible string goes through {% translate %}
    assert english in client.get(url, headers={"Accept-Language": "en"}).content.decode()


@pytest.mark.parametrize("url", [KEMET, ROUT, HULL])
def test_it_answers_only_get_and_post(client, kemet, url):
    assert client.put(url).status_code == 405


# -- Mordheim ------------------------------------------------------------------------------


def test_it_shows_the_rout_test_form(client, db):
    r = client.get(ROUT)
    assert r.status_code == 200
    html = text(r)
    for name in ("members", "out_of_action", "leader_out_or_stunned", "leader_ld", "other_lds"):
        assert f'name="{name}"' in html
    assert 'data-testid="rout-result"' not in html


def test_it_says_a_rout_test_is_due(client, db):
    r = client.post(ROUT, {"members": 10, "out_of_action": 3, "leader_ld": 8, "other_lds": "7, 6"})
    html = text(r)
    assert "Rout test due (3 of 10 out of action): roll 2D6, the warband stays on 8 or less (the leader's Ld)." in html
    assert "The warband may rout voluntarily" in html and "30.0 % out of action." in html


def test_it_says_no_rout_test_is_due(client, db):
    r = client.post(ROUT, {"members": 12, "out_of_action": 2, "leader_ld": 8})
    assert "No rout test: 2 of 12 out of action; a test is due from 3 (25 %)." in text(r)


def test_it_takes_the_highest_active_ld_when_the_leader_is_down(client, db):
    r = client.post(ROUT, {"members": 10, "out_of_action": 3, "leader_out_or_stunned": "on",
                           "other_lds": "6 7 5"})
    assert "stays on 7 or less (the highest Ld among the active models)" in text(r)


def test_it_says_when_nobody_can_take_the_test(client, db):
    r = client.post(ROUT, {"members": 5, "out_of_action": 5, "leader_out_or_stunned": "on"})
    assert "no active model is left to take it" in text(r)


@pytest.mark.parametrize(("data", "message"), [
    ({"members": 5, "out_of_action": 6, "leader_ld": 8}, "6 out of action, only 5 members"),
    ({"members": 0, "out_of_action": 0, "leader_ld": 8}, "a warband has at least 1 member"),
    ({"members": 4, "out_of_action": 1}, "needed unless the leader is out of action or stunned"),
    ({"members": 10, "out_of_action": 3, "leader_ld": 8, "other_lds": "7 x"}, "Give whole numbers from 1 to 10."),
    ({"members": 10, "out_of_action": 3, "leader_ld": 8, "other_lds": "7 \u00b2 0"}, "Give whole numbers from 1 to 10."),
    ({"members": 10, "out_of_action": 3, "leader_ld": 12}, "Ensure this value is less than or equal to 10."),
    ({"members": "ten", "out_of_action": 3}, "Enter a whole number."),
    ({}, "This field is required."),
])
def test_it_marks_an_impossible_rout_test(client, db, data, message):
    r = client.post(ROUT, data)
    assert r.status_code == 400  # a form with errors: 400, as every page's form
    assert message in field_errors(r)
    assert 'data-testid="rout-result"' not in text(r)


# -- Boarding Action -----------------------------------------------------------------------


def test_it_shows_the_hull_breach_form_and_table(client, db):
    r = client.get(HULL)
    assert r.status_code == 200
    html = text(r)
    assert 'name="glancing"' in html and 'name="roll"' in html
    assert 'name="action" value="roll"' in html and 'name="action" value="typed"' in html
    assert "Catastrophic breach" in html and 'data-testid="hull-result"' not in html


def test_it_reads_a_typed_glancing_roll(client, db):
    r = client.post(HULL, {"glancing": "on", "roll": 6, "action": "typed"})
    html = text(r)
    assert "You rolled 6." in html and "Glancing: read as 4." in html
    assert re.search(r'data-testid="hull-verdict">.*Hull breach: Every model', html)
    assert 'aria-current="true"><td class="num"><strong>4</strong>' in html


def test_it_reads_a_typed_roll_on_enter(client, db):
    r = client.post(HULL, {"roll": 1})  # the Enter key: no button value
    assert "You rolled 1." in text(r) and "Nothing happens" in text(r)


@pytest.mark.parametrize("typed", ["", "4", "9"])
def test_it_rolls_the_die_for_the_roll_button(client, db, typed):
    r = client.post(HULL, {"roll": typed, "action": "roll"})
    rolled = re.search(r"Muster rolled (\d)\.", text(r))
    assert rolled and 1 <= int(rolled.group(1)) <= 6


def test_it_rolls_when_nothing_is_typed(client, db):
    assert re.search(r"Muster rolled [1-6]\.", text(client.post(HULL, {})))


@pytest.mark.parametrize(("data", "message"), [
    ({"action": "typed", "roll": ""}, "Type the roll you made, or let Muster roll."),
    ({"action": "typed", "roll": 7}, "a hull-breach roll is a whole number from 1 to 6"),
    ({"roll": 0}, "a hull-breach roll is a whole number from 1 to 6"),
    ({"roll": "six"}, "Enter a whole number."),
])
def test_it_marks_a_roll_off_the_die(client, db, data, message):
    r = client.post(HULL, data)
    assert r.status_code == 400  # a form with errors: 400, as every page's form
    assert field_errors(r) == [message]
    assert 'data-testid="hull-result"' not in text(r)


def test_it_reads_the_loaded_packs_table(client, load_system):
    system = load_system("boarding-action")
    system.attributes = {**system.attributes,
                         "hull_breach": {**system.attributes["hull_breach"], "glancing_modifier": -1}}
    system.save()
    r = client.post(HULL, {"glancing": "on", "roll": 6, "action": "typed"})
    assert "Glancing: read as 5." in text(r) and "modifies the roll by -1" in text(r)
