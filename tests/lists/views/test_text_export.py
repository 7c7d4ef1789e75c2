"""The Copy panels of the list page (its owner) and the shared page (anyone with the
link): every format's text, a Copy button of type "button" beside each, and a Copy
button for the share link; the text is the API's. The pages link to the texts, written
only when asked for (``text/``: the panel for htmx, a page without it)."""

import re
from html import unescape

import pytest

from tests.support.text_export import DOCUMENTS, FORMATS

pytestmark = pytest.mark.django_db


@pytest.fixture
def saved(load_system, alice):
    from armylists.lists import services as lists

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
    page = alice_client.get(f"/lists/{army_list.id}/").content.decode()
    assert _copy_buttons(page) == {"share-url": "button"}
    assert f'href="/lists/{army_list.id}/text/"' in page
    html = alice_client.get(f"/lists/{army_list.id}/text/").content.decode()
    assert _copy_buttons(html) == {
        "text-text": "button", "text-markdown": "button", "text-compact": "button"}
    for fmt in FORMATS:
        api = alice_client.get(f"/api/v1/lists/{army_list.id}/export/?format={fmt}").json()
        assert _panel_text(html, fmt) == api["text"]
    assert 'role="status"' in html and 'data-copied-text="Copied."' in html


@pytest.mark.parametrize("game", ["godslayer", "mordheim", "boarding-action"])
def test_it_shows_every_format_and_the_share_link_to_anyone_with_the_link(client, saved, game):
    army_list = saved[game]
    page = client.get(f"/s/{army_list.share_token}/").content.decode()
    url = f"http://testserver/s/{army_list.share_token}/"
    assert f'id="share-url" class="share-url" readonly value="{url}"' in page
    assert _copy_buttons(page) == {"share-url": "button"}
    assert 'data-share-title="' in page  # navigator.share on phones
    assert 'textarea' not in page and f'href="/s/{army_list.share_token}/text/"' in page
    html = client.get(f"/s/{army_list.share_token}/text/", HTTP_HX_REQUEST="true"
                      ).content.decode()
    assert html.startswith('<section class="panel text-export"')  # the panel alone
    assert _copy_buttons(html) == {
        "text-text": "button", "text-markdown": "button", "text-compact": "button"}
    for fmt in FORMATS:
        api = client.get(f"/api/v1/shared/{army_list.share_token}/export/?format={fmt}").json()
        assert _panel_text(html, fmt) == api["text"]
        assert url in api["text"]


def test_it_labels_sample_data_and_says_gold_for_mordheim(client, saved):
    html = client.get(f"/s/{saved['godslayer'].share_token}/text/").content.decode()
    assert "sample data" in _panel_text(html, "text")
    html = client.get(f"/s/{saved['mordheim'].share_token}/text/").content.decode()
    assert " gc" in _panel_text(html, "compact") and "pts" not in _panel_text(html, "compact")


def test_it_shows_no_panel_on_the_print_sheet(client, saved):
    html = client.get(f"/s/{saved['godslayer'].share_token}/print/").content.decode()
    assert 'data-testid="text-export"' not in html


def test_it_says_when_a_compact_text_is_too_long(alice, alice_client, saved):
    from armylists.lists import services as lists

    huge = {**DOCUMENTS["godslayer"], "entries": [
        {"card": "nordgaard-berserker", "name": f"Berserker number {n}"} for n in range(120)]}
    army_list = lists.list_import(owner=alice, data=huge)
    html = alice_client.get(f"/lists/{army_list.id}/text/").content.decode()
    assert 'data-testid="too-long-compact"' in html
    assert 'data-testid="too-long-text"' in html  # every format says so


def test_it_speaks_german_on_a_german_page(client, saved):
    client.cookies["django_language"] = "de"
    page = client.get(f"/s/{saved['godslayer'].share_token}/",
                      headers={"Accept-Language": "de"}).content.decode()
    assert "Als Text kopieren" in page and "Link kopieren" in page
    assert "Texte zum Kopieren zeigen" in page
    html = client.get(f"/s/{saved['godslayer'].share_token}/text/",
                      headers={"Accept-Language": "de"}).content.decode()
    assert "Gesamt" in _panel_text(html, "text")


def test_the_texts_are_the_owners_alone_and_404_to_strangers(bob_client, alice_client, saved):
    from django.test import Client

    client = Client()  # anonymous
    army_list = saved["godslayer"]
    assert alice_client.get(f"/lists/{army_list.id}/text/").status_code == 200
    assert bob_client.get(f"/lists/{army_list.id}/text/").status_code == 404
    anonymous = client.get(f"/lists/{army_list.id}/text/")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert client.get("/s/not-a-token/text/").status_code == 404


def test_the_texts_check_the_list_once_and_the_page_writes_none(alice_client, saved,
                                                                monkeypatch):
    from armylists.lists import services as lists
    from armylists.lists import text_export

    army_list = saved["mordheim"]
    checks, writes = [], []
    real_check, real_write = lists.list_check_saved, text_export.text_exports
    monkeypatch.setattr(lists, "list_check_saved",
                        lambda **kw: checks.append(1) or real_check(**kw))
    monkeypatch.setattr(text_export, "text_exports",
                        lambda **kw: writes.append(1) or real_write(**kw))
    alice_client.get(f"/lists/{army_list.id}/")
    assert writes == []  # the page writes no text
    checks.clear()
    alice_client.get(f"/lists/{army_list.id}/text/")
    assert (len(checks), len(writes)) == (1, 1)
