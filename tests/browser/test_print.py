"""The print view of a typical 160-point list fits on one A4 page."""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page

from armylists.lists import services as lists_services

pytestmark = [pytest.mark.browser]

TYPICAL_160 = [
    {"card": "nordgaard-gestir-captain", "items": ["nordgaard-bearded-axe", "nordgaard-chainmail"]},
    {"card": "nordgaard-ravenwitch", "items": ["nordgaard-raven-staff", "nordgaard-mead-of-valour"]},
    {"card": "nordgaard-berserker"},
    {"card": "nordgaard-huscarl-shieldwall", "size": 5},
]


def test_the_print_view_is_one_page(page: Page, live_godslayer):
    owner = User.objects.create_user("printer", password="x-print-pw-1")
    army_list = lists_services.list_create(owner=owner, data={
        "system": "godslayer", "name": "Print raid", "faction": "nordgaard",
        "battle_size": 160, "entries": TYPICAL_160})
    page.goto(f"/s/{army_list.share_token}/print/")
    assert page.locator("[data-testid=entry]").count() == len(TYPICAL_160)
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, f"print view takes {pages} pages"
