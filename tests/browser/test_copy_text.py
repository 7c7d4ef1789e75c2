"""Copy as text in a real Chromium with clipboard permission: the texts come when asked
for (in place, by mouse and by keyboard), each format's Copy button puts that format's
text on the clipboard, the share link's Copy button puts the link there, and "Copied."
is said beside the button."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from armylists.lists import services as lists_services
from tests.support.text_export import GODSLAYER
from tests.support.users import PASSWORD

pytestmark = [pytest.mark.browser]
CLIPBOARD = ["clipboard-read", "clipboard-write"]


@pytest.fixture
def raid(live_godslayer):
    owner = User.objects.create_user("alice", password=PASSWORD)
    return lists_services.list_create(owner=owner, data=GODSLAYER)


def clipboard(page) -> str:
    return page.evaluate("navigator.clipboard.readText()")


def test_copy_buttons_put_each_format_and_the_link_on_the_clipboard(new_context, raid):
    page = new_context(permissions=CLIPBOARD).new_page()
    page.goto(f"/s/{raid.share_token}/")
    expect(page.locator("#text-text")).to_have_count(0)  # not written until asked for
    page.get_by_test_id("show-text").click()
    expect(page.locator("#text-text")).to_have_count(1)
    assert page.url.endswith(f"/s/{raid.share_token}/")  # swapped in place
    for fmt in ("text", "markdown", "compact"):
        expected = page.locator(f"#text-{fmt}").input_value()
        assert "Thorvald (Gestir Captain)" in expected
        page.get_by_test_id(f"copy-{fmt}").click()
        expect(page.get_by_test_id(f"copy-{fmt}")).to_have_attribute("data-copied", "true")
        assert clipboard(page) == expected
    status = page.locator(".text-format[data-format=compact] [role=status]")
    expect(status).to_have_text("Copied.")
    page.get_by_test_id("copy-share").click()
    assert clipboard(page) == f"{page.url.split('/s/')[0]}/s/{raid.share_token}/"


def test_the_owner_copies_by_keyboard_and_no_form_is_sent(new_context, raid):
    page = new_context(permissions=CLIPBOARD).new_page()
    page.goto(f"/accounts/login/?next=/lists/{raid.id}/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page).to_have_url(f"{page.url.split('/lists/')[0]}/lists/{raid.id}/")
    # The address changes before the page's scripts run: until htmx has loaded, the
    # button is a plain link to the text page (flaky on a loaded machine).
    page.wait_for_load_state()
    url = page.url
    page.get_by_test_id("show-text").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("copy-markdown")).to_be_visible()
    page.get_by_test_id("copy-markdown").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("copy-markdown")).to_have_attribute("data-copied", "true")
    assert clipboard(page).startswith("## Nordgaard raid")
    assert page.url == url  # type="button": nothing submitted, no navigation
    page.get_by_test_id("copy-share").focus()
    page.keyboard.press("Space")
    expect(page.get_by_test_id("copy-share")).to_have_attribute("data-copied", "true")
    assert clipboard(page).endswith(f"/s/{raid.share_token}/")
