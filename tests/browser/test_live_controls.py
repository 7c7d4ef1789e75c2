"""Every builder control round-trips through the live (JavaScript) path, in every game.

With JavaScript on, the builder sends only what changed; a group of fields (a custom
unit's, an entry's items) is sent whole, every kind of control in it: inputs, selects,
checkboxes, textareas. Each edit here is checked twice: on the page at once, and after a
reload (what the server kept). A refused edit says why and leaves the page working: the
next add and Undo still happen.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import ENTRY, PHONE, SCREENSHOTS, entry, leave, settled, total
from tests.support.browser_systems import (
    TROOPER,
    add,
    add_custom_unit,
    custom_entry,
    entry_points,
    start_builder,
)

pytestmark = pytest.mark.browser









def undo_button(page: Page):
    return page.get_by_test_id("undo")


def custom_field(row, name: str):
    return row.locator(f"[name$='.custom-{name}']")


def test_boarding_action_custom_unit_every_control_round_trips(page: Page, live_boarding_action):
    start_builder(page, "boarding-action", name="Boarding Party", choose=[("role", "attacker")])
    add_custom_unit(page, name="Scout", points=12, base_mm=25, wargear="sniper rifle")
    row = custom_entry(page, "Scout")

    # The select (unit type): once refused for a missing value, it now applies.
    custom_field(row, "unit_type").select_option("vehicle")
    settled(page)
    facts = row.locator("[data-testid=unit-facts]")
    expect(facts).to_contain_text("Vehicle")
    expect(row.locator("[data-code=forbidden_unit]")).to_be_visible()
    expect(page.get_by_test_id("field-error")).to_have_count(0)

    # Points, base and wargear (inputs in the same group as the select).
    points = custom_field(row, "points")
    points.fill("20")
    leave(points)
    expect(entry_points(row)).to_have_text("20 pts")
    base = custom_field(row, "base_mm")
    base.fill("40")
    leave(base)
    expect(facts).to_contain_text("40 mm")
    wargear = custom_field(row, "wargear")
    wargear.fill("sniper rifle, camo cloak")
    leave(wargear)
    expect(facts).to_contain_text("sniper rifle, camo cloak")
    custom_field(row, "unit_type").select_option("infantry")
    settled(page)
    expect(facts).to_contain_text("Infantry")
    expect(row.locator("[data-code=forbidden_unit]")).to_have_count(0)
    expect(page.get_by_test_id("field-error")).to_have_count(0)

    # The notes (a textarea, outside the group).
    row.locator("summary").click()
    notes = row.locator("textarea[name$='.notes']")
    notes.fill("Goes in first.")
    leave(notes)
    expect(undo_button(page)).to_contain_text("notes")

    # Every later action still happens: an add, then Undo takes back the last edit only.
    add(page, f"add-{TROOPER}")
    expect(total(page)).to_have_text("30")
    undo_button(page).click()
    expect(page.locator(ENTRY)).to_have_count(1)
    expect(total(page)).to_have_text("20")

    # What the server kept, after a reload.
    page.reload()
    row = custom_entry(page, "Scout")
    expect(custom_field(row, "unit_type")).to_have_value("infantry")
    expect(custom_field(row, "points")).to_have_value("20")
    expect(custom_field(row, "base_mm")).to_have_value("40")
    expect(custom_field(row, "wargear")).to_have_value("sniper rifle, camo cloak")
    expect(row.locator("textarea[name$='.notes']")).to_have_value("Goes in first.")


def test_boarding_action_refused_edit_leaves_the_page_working(
    new_context, live_boarding_action
):
    page = new_context().new_page()
    start_builder(page, "boarding-action", name="Boarding Party", choose=[("role", "attacker")])
    add_custom_unit(page, name="Scout", points=12, base_mm=25)
    row = custom_entry(page, "Scout")

    # A name is required: the edit is refused beside the field, the unit keeps its name.
    name = custom_field(row, "name")
    name.fill("")
    leave(name)
    problem = page.get_by_test_id("field-error")
    expect(problem).to_contain_text("Scout: This field is required.")
    expect(custom_field(custom_entry(page, "Scout"), "name")).to_have_value("Scout")

    # Nothing is stuck: the next add happens, and so does Undo.
    add(page, f"add-{TROOPER}")
    expect(problem).to_have_count(0)
    expect(total(page)).to_have_text("22")
    undo_button(page).click()
    expect(page.locator(ENTRY)).to_have_count(1)
    custom_field(custom_entry(page, "Scout"), "unit_type").select_option("vehicle")
    settled(page)
    expect(custom_entry(page, "Scout").locator("[data-testid=unit-facts]")).to_contain_text(
        "Vehicle"
    )
    page.reload()
    expect(custom_field(custom_entry(page, "Scout"), "unit_type")).to_have_value("vehicle")


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_boarding_action_custom_unit_edit_in_german(new_context, live_boarding_action, viewport):
    options = {"locale": "de-DE"}
    if viewport:
        options["viewport"] = viewport
    page = new_context(**options).new_page()
    page.goto("/g/boarding-action/")
    page.check("input[name=role][value=attacker]")
    page.fill("input[name=name]", "Enterkommando")
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(r"/g/boarding-action/build/$"))
    add_custom_unit_de(page)
    row = custom_entry(page, "Späher")
    custom_field(row, "unit_type").select_option("vehicle")
    settled(page)
    expect(row.locator("[data-code=forbidden_unit]")).to_be_visible()
    expect(page.get_by_test_id("field-error")).to_have_count(0)
    points = custom_field(row, "points")
    points.fill("15")
    leave(points)
    expect(entry_points(row)).to_contain_text("15")
    page.mouse.move(0, 0)
    suffix = "phone" if viewport else "desktop"
    page.screenshot(path=str(SCREENSHOTS / f"custom-unit-edit-de-{suffix}.png"), full_page=True)


def add_custom_unit_de(page: Page):
    page.fill("#custom-name", "Späher")
    page.fill("#custom-points", "12")
    page.select_option("#custom-unit_type", "infantry")
    entries = page.locator(ENTRY)
    page.click("[data-testid=add-custom]")
    expect(entries).to_have_count(1)
    settled(page)


def test_godslayer_inputs_checkbox_and_textarea_round_trip(page: Page, live_godslayer):
    start_builder(page, "godslayer", name="Raid", choose=[("faction", "nordgaard")])
    captain = "nordgaard-gestir-captain"
    shieldwall = "nordgaard-huscarl-shieldwall"
    add(page, f"add-{captain}")
    add(page, f"add-{shieldwall}")

    # A checkbox in a group (items), a number (unit size), a textarea (notes), the header.
    entry(page, captain).locator("input[value=nordgaard-chainmail]").check()
    settled(page)
    expect(entry_points(entry(page, captain))).to_have_text("46 pts")
    size = entry(page, shieldwall).locator("input[name$='.size']")
    size.fill("6")
    leave(size)
    expect(entry(page, shieldwall).locator("input[name$='.size']")).to_have_value("6")
    expect(undo_button(page)).to_contain_text("models")
    entry(page, captain).locator("summary").click()
    notes = entry(page, captain).locator("textarea[name$='.notes']")
    notes.fill("Leads from the front.")
    leave(notes)
    expect(undo_button(page)).to_contain_text("notes")
    name = page.locator("#f-name")
    name.fill("Autumn raid")
    leave(name)
    expect(undo_button(page)).to_contain_text("name")

    page.reload()
    expect(entry(page, captain).locator("input[value=nordgaard-chainmail]")).to_be_checked()
    expect(entry(page, shieldwall).locator("input[name$='.size']")).to_have_value("6")
    expect(entry(page, captain).locator("textarea[name$='.notes']")).to_have_value(
        "Leads from the front."
    )
    expect(page.locator("#f-name")).to_have_value("Autumn raid")


def test_mordheim_quantities_and_checkboxes_round_trip(page: Page, live_mordheim):
    start_builder(page, "mordheim", name="Reikland", choose=[("faction", "reikland")])
    row = add(page, "add-reikland-mercenary-captain")
    quantities = row.locator("input[data-testid^=qty-]")
    expect(quantities.first).to_be_visible()
    qty = quantities.first
    qty_name = qty.get_attribute("name")
    qty.fill("1")
    leave(qty)
    row = page.locator(ENTRY).first
    expect(row.locator(f"input[name='{qty_name}']")).to_have_value("1")
    boxes = row.locator("[data-testid=equipment] input[type=checkbox]")
    box_value = boxes.first.get_attribute("value")
    boxes.first.check()
    settled(page)
    expect(row.locator(f"input[type=checkbox][value='{box_value}']")).to_be_checked()
    page.reload()
    row = page.locator(ENTRY).first
    expect(row.locator(f"input[name='{qty_name}']")).to_have_value("1")
    expect(row.locator(f"input[type=checkbox][value='{box_value}']")).to_be_checked()
