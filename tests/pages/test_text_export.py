"""The Copy panels of the list page (its owner) and the shared page (anyone with the
link): every format's text, a Copy button of type "button" beside each, and a Copy
button for the share link; the text is the API's."""

import re
from html import unescape

import pytest

from tests.support.text_export import DOCUMENTS, FORMATS

pytestmark = pytest.mark.django_db


@pytest.fixture
def saved(load_system, alice):
    from armylists.services import lists

    for key in ("godslayer", "mordheim", "boarding-action"):
        load_system(key)
    return {key: lists.list_import(owner=alice, data=DOCUMENTS[key])
            for key in ("godslayer", "mordheim", "boarding-action")}


def _panel_text(html: str, fmt: str) -> str:
    found = re.search(rf'<textarea id="text-{fmt}"[^>]*>(.*?)</textarea>', html, re.S)
    assert found, f"no {fmt} text on the page"
    return unescape(found.group(1))


def _copy_buttons(html: str) -> dict:
    return {m.group(2): m.group(1) for m in re.finditer(
        r'<button type="(\w+)" data-copy-from="([\w-]+)"', html)}


@pytest.mark.parametrize("game", ["godslayer", "mordheim", "boarding-action"])
def test_it_shows_every_format_with_a_copy_button_to_the_owner(alice_client, client, saved,
                                                               game):
    army_list = saved[game]
    html = alice_client.get(f"/lists/{army_list.id}/").content.decode()
    assert _copy_buttons(html) == {
        "share-url": "button", "text-text": "button", "text-markdown": "button",
        "text-compact": "button"}
    for fmt in FORMATS:
        api = alice_client.get(f"/api/v1/lists/{army_list.id}/export/?format={fmt}").json()
        assert _panel_text(html, fmt) == api["text"]
    assert 'role="status"' in html and 'data-copied-text="Copied."' in html


@pytest.mark.parametrize("game", ["godslayer", "mordheim", "boarding-action"])
def test_it_shows_every_format_and_the_share_link_to_anyone_with_the_link(client, saved, game):
    army_list = saved[game]
    html = client.get(f"/s/{army_list.share_token}/").content.decode()
    url = f"http://testserver/s/{army_list.share_token}/"
    assert f'id="share-url" class="share-url" readonly value="{url}"' in html
    assert _copy_buttons(html) == {
        "share-url": "button", "text-text": "button", "text-markdown": "button",
        "text-compact": "button"}
    assert 'data-share-title="' in html  # navigator.share on phones
    for fmt in FORMATS:
        api = client.get(f"/api/v1/shared/{army_list.share_token}/export/?format={fmt}").json()
        assert _panel_text(html, fmt) == api["text"]
        assert url in api["text"]


def test_it_labels_sample_data_and_says_gold_for_mordheim(client, saved):
    html = client.get(f"/s/{saved['godslayer'].share_token}/").content.decode()
    assert "sample data" in _panel_text(html, "text")
    html = client.get(f"/s/{saved['mordheim'].share_token}/").content.decode()
    assert " gc" in _panel_text(html, "compact") and "pts" not in _panel_text(html, "compact")


def test_it_shows_no_panel_on_the_print_sheet(client, saved):
    html = client.get(f"/s/{saved['godslayer'].share_token}/print/").content.decode()
    assert 'data-testid="text-export"' not in html


def test_it_says_when_a_compact_text_is_too_long(alice, alice_client, saved):
    from armylists.services import lists

    huge = {**DOCUMENTS["godslayer"], "entries": [
        {"card": "nordgaard-berserker", "name": f"Berserker number {n}"} for n in range(120)]}
    army_list = lists.list_import(owner=alice, data=huge)
    html = alice_client.get(f"/lists/{army_list.id}/").content.decode()
    assert 'data-testid="too-long-compact"' in html
    assert 'data-testid="too-long-text"' in html  # every format says so


def test_it_speaks_german_on_a_german_page(client, saved):
    client.cookies["django_language"] = "de"
    html = client.get(f"/s/{saved['godslayer'].share_token}/",
                      headers={"Accept-Language": "de"}).content.decode()
    assert "Als Text kopieren" in html and "Link kopieren" in html
    assert "Gesamt" in _panel_text(html, "text")
