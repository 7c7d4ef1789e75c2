"""The print sheets in a real Chromium: the owner prints a list that is not shared, in
both layouts, from the links on the list page; and each game's cards sheet printed to an
A4 PDF cuts no card block: every block starts and ends on the same page of the PDF (its
first and last line are read back from that page's text). A screenshot of each game's
cards sheet, as printed (print media emulated), is taken on every run (test-results/;
`make screenshots` refreshes the committed ones in docs/screenshots/)."""

import random
import re
from bisect import bisect_right
from io import BytesIO
from itertools import accumulate

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from armylists.games.mordheim.services import campaign, campaign_battles
from armylists.lists import services as lists_services
from tests.support.browser import SCREENSHOTS, live_pack
from tests.support.mordheim_battle import BATTLE_1
from tests.support.print_lists import LISTS

pytestmark = [pytest.mark.browser]

PASSWORD = "Print-sheet-pw-42"
# The width of A4 less its margins at 96 dpi, so that the screenshot looks like the paper.
A4_SCREEN = {"width": 718, "height": 1000}


def make_list(owner, system):
    army_list = lists_services.list_create(owner=owner, data=LISTS[system])
    if system == "mordheim":  # the warband as a campaign left it: advances and an injury
        ids = {f"e{n}": e["id"] for n, e in enumerate(army_list.document["entries"])}

        def walk(value):
            if isinstance(value, dict):
                return {k: walk(v) for k, v in value.items()}
            if isinstance(value, list):
                return [walk(v) for v in value]
            return ids.get(value, value) if isinstance(value, str) else value

        campaign_battles.battle_record(army_list=army_list, spec=walk(BATTLE_1), user=owner,
                                       rng=random.Random(7))
        campaign.campaign_record_event(army_list=army_list, user=owner,
                                       event={"type": "serious_injury", "entry": 0, "roll": 22})
    return army_list


def long_list(system, times=4) -> dict:
    """The game's list with each entry ``times`` over, each named apart (so each is a
    block of its own): sheets of several pages, to cut a block if any is cut."""
    data = LISTS[system]
    entries = [
        {**entry, "name": f"{entry.get('name') or 'Copy'} {k}"}
        for k in range(1, times + 1)
        for entry in data["entries"]
    ]
    return {**data, "name": f"{data['name']} (long)", "entries": entries}


def squeeze(text: str) -> str:
    """Text without whitespace: the PDF's text and the page's break lines apart."""
    return re.sub(r"\s+", "", text)


def test_the_owner_prints_an_unshared_list_in_both_layouts(page: Page, live_godslayer):
    owner = User.objects.create_user("printer", password=PASSWORD)
    army_list = make_list(owner, "godslayer")
    lists_services.list_share_revoke(army_list=army_list)
    page.goto(f"/accounts/login/?next=/lists/{army_list.id}/")
    page.fill("input[name=username]", "printer")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(rf"/lists/{army_list.id}/$"))

    page.click("[data-testid=print-link]")
    expect(page.locator("body")).to_have_attribute("data-layout", "roster")
    expect(page.locator("[data-testid=entry]")).to_have_count(len(LISTS["godslayer"]["entries"]))
    page.go_back()
    page.click("[data-testid=print-cards-link]")
    expect(page.locator("body")).to_have_attribute("data-layout", "cards")
    expect(page.locator("[data-testid=card]")).to_have_count(6)
    expect(page.locator("[data-testid=sheet-links]")).to_be_visible()
    page.emulate_media(media="print")
    # On paper: no links to other sheets, no buttons.
    expect(page.locator("[data-testid=sheet-links]")).to_be_hidden()
    expect(page.locator("button[data-print]")).to_be_hidden()
    pdf = PdfReader(BytesIO(page.pdf(format="A4")))
    assert len(pdf.pages) >= 1 and "Gestir Captain" in pdf.pages[0].extract_text()


@pytest.mark.parametrize("system", ["godslayer", "boarding-action", "mordheim", "trupp"])
def test_each_game_prints_its_cards_to_a4_without_a_cut_block(page: Page, system, transactional_db,
                                                             live_server):
    live_pack(system)
    owner = User.objects.create_user("printer", password=PASSWORD)
    army_list = make_list(owner, system)
    page.set_viewport_size(A4_SCREEN)
    page.goto(f"/s/{army_list.share_token}/print/?layout=cards&paper=a4")
    page.emulate_media(media="print")
    assert page.locator("article.card-block").count() >= 3
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"print-cards-{system}.png"), full_page=True)

    long = lists_services.list_create(owner=owner, data=long_list(system))
    page.goto(f"/s/{long.share_token}/print/?layout=cards&paper=a4")
    blocks = page.locator("article.card-block")
    lines = [
        [squeeze(line) for line in text.split("\n") if squeeze(line)]
        for text in blocks.evaluate_all("(nodes) => nodes.map((n) => n.innerText)")
    ]
    pages = [squeeze(p.extract_text()) for p in PdfReader(BytesIO(page.pdf(format="A4"))).pages]
    assert len(pages) >= 2 and len(lines) >= 3 * len(LISTS[system]["entries"])
    # The blocks in the order of the page, found one after the other in the PDF's text:
    # each block's first line and last line must be on one page.
    text = "".join(pages)
    ends = list(accumulate(len(p) for p in pages))

    def page_at(offset):
        return bisect_right(ends, offset)

    at = 0
    for number, block in enumerate(lines, start=1):
        first, last = block[0], block[-1]
        start = text.find(first, at)
        assert start >= 0, f"block {number} ({first}) is not in the PDF after block {number - 1}"
        end = text.find(last, start + len(first)) if len(block) > 1 else start
        assert end >= 0, f"block {number} ({first}): its last line ({last}) is not in the PDF"
        assert page_at(start) == page_at(end + len(last) - 1), (
            f"block {number} ({first}) starts on page {page_at(start) + 1} and ends on "
            f"page {page_at(end + len(last) - 1) + 1} ({last})")
        at = end + len(last)
