"""Counts read right: "1 fighter", "1 shard" (and "2 fighters", "3 shards"), English and
German, in the Mordheim warband's summary and the campaign log."""

import pytest

from tests.support.mordheim_battle import START_TREASURY, battle
from tests.support.pages import Builder, Page

WARBAND = "/g/mordheim/build/"


def _found_four_shards():
    roster = battle({"won": True, "exploration": {
        "dice": [5, 6, 6, 4], "location": {"gold": {"dice": [3]}}}})["roster"]
    assert roster.shards == 4 and roster.treasury == START_TREASURY + 3
    return roster


@pytest.mark.parametrize(
    ("sold", "line"),
    [(1, "Wyrdstone: 1 shard sold for"), (3, "Wyrdstone: 3 shards sold for")],
)
def test_the_campaign_log_counts_shards(sold, line):
    out = battle({"won": False, "exploration": {"dice": [1, 2, 4]}, "sell_shards": sold},
                 _found_four_shards())
    lines = [phrase.render() for phrase in out["lines"]]
    assert any(text.startswith(line) for text in lines), lines
    assert "dice 1 2 4: total 7, 2 shards" in " | ".join(lines)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fighters", "said", "language"),
    [
        (1, "1 fighter (", "en"),
        (2, "2 fighters (", "en"),
        (1, "1 Kämpfer (", "de"),
    ],
)
def test_the_warband_summary_counts_fighters(client, load_system, fighters, said, language):
    load_system("mordheim")
    response = client.post(
        "/g/mordheim/", {"faction": "reikland", "name": "Reikland", "battle_size": ""}
    )
    assert response.status_code == 302
    builder = Builder(client, url=WARBAND)
    builder.open()
    for _ in range(fighters):
        builder.submit("add:reikland-mercenary-captain")
    page = Page(client.get(WARBAND, HTTP_ACCEPT_LANGUAGE=language))
    [summary] = page.testid("fighters")
    assert summary.text.startswith(said), summary.text
