"""A new game needs its rules module and its pack, and nothing else: the generic pages
render it with the neutral presenter, and no generic file names a game.

The sixth game (tests/sixth_game/) exists only here. The last test reads the
project's own code: apart from the places where games belong (rules/systems/, the
presenters, templates/systems/, migrations), no file names a game's key or imports a
game's module; the games are the registry's (every game under rules/systems/), so a
new game is guarded as soon as it is registered. Data and tooling about particular games (fixtures/, scripts/, tests/) are
about those games by design and are not part of the generic code.
"""

import re
from pathlib import Path

import pytest

from armylists.models import ArmyList
from armylists.presenters import presenter_for
from armylists.presenters.base import Presenter
from rules.engine.validation import registered_systems, rules_for
from tests.sixth_game import rules as border_raid
from tests.support.pages import Builder, Page

ROOT = Path(__file__).resolve().parents[2]
PACK = Path(__file__).parent / "pack.yaml"
START, BUILD = "/g/border-raid/", "/g/border-raid/build/"


@pytest.fixture
def sixth_game(db):
    from armylists.packs.tables import load_pack_file

    border_raid.install()
    return load_pack_file(PACK)


def test_a_game_without_a_presenter_gets_the_neutral_one(sixth_game):
    presenter = presenter_for("border-raid")
    assert type(presenter) is Presenter and presenter.key == "border-raid"
    assert presenter.template("_entry_controls.html") == "systems/_default/_entry_controls.html"


def test_the_sixth_game_is_built_saved_and_shared_with_the_generic_pages(
    sixth_game, client, alice
):
    home = Page(client.get("/"))
    [tile] = home.testid("tile-border-raid")
    assert tile.attrs["href"] == START and "Border Raid (test game)" in tile.text

    start = Page(client.get(START))
    assert start.status == 200
    assert [i.attrs["value"] for i in start.root.find_all("input", name="faction")] == [
        "reivers", "wardens"]
    response = client.post(START, {"faction": "reivers", "battle_size": 100, "name": "Foray"})
    assert response.status_code == 302 and response.url == BUILD

    tab = Builder(client, BUILD)
    page = tab.open()
    assert "Your list is empty. Add cards from the catalogue." in page  # neutral words
    assert "Add a Warlord" not in page.html
    assert page.list_codes == ["chieftain"]
    tab.add("reiver-chief", "reiver")
    tab.submit("update", {"e1-count": 3, "e0-items": ["jack"]})
    page = tab.page
    assert page.cards == ["reiver-chief", "reiver"]
    assert [e["points"] for e in page.entries] == [34, 36] and page.total == 70
    assert page.all_codes == [] and page.testid("verdict")[0].text == "✔ legal"
    assert "MOVE 6" in page.entries[0]["text"]
    tab.submit("update", {"e1-count": 6})
    assert page.total != tab.page.total and tab.page.list_codes == ["raid_size"]
    assert "106 points, 6 more than the raid's 100" in tab.page

    client.force_login(alice)
    tab.submit("save", status=302)
    army_list = ArmyList.objects.get()
    assert army_list.system.key == "border-raid"
    saved = Page(client.get(f"/lists/{army_list.id}/"))
    assert saved.cards == ["reiver-chief", "reiver"]
    for url in (f"/s/{army_list.share_token}/", f"/lists/{army_list.id}/print/",
                f"/lists/{army_list.id}/history/", "/g/border-raid/cards/reiver-chief/"):
        assert client.get(url).status_code == 200, url
    assert client.get(f"/lists/{army_list.id}/battle/").status_code == 404  # no scoring
    assert client.get(f"/api/v1/lists/{army_list.id}/").status_code == 200
    # Its text export: the neutral layout, one section of cards in the list's order.
    text = client.get(f"/api/v1/lists/{army_list.id}/export/?format=text").json()["text"]
    assert "\nCards\n- " in text and "\n- 6× " in text and "106 / 100 pts" in text, text
    assert "Not legal: 1 problem\n- 106 points, 6 more than the raid's 100" in text, text


def _games() -> dict[str, str]:
    """Every game of the registry with its module under rules/systems/ (key ->
    module name, e.g. boarding-action -> boarding_action); a game of the tests (the
    sixth game) has no module there and is left out."""
    games = {}
    for key in registered_systems():
        parts = rules_for(key).price_entry.__module__.split(".")
        if parts[:2] == ["rules", "systems"] and len(parts) > 2:
            games[key] = parts[2]
    return games


def _patterns(games: dict[str, str]) -> tuple[re.Pattern, re.Pattern]:
    keys = "|".join(re.escape(k) for k in games)
    modules = "|".join(re.escape(m) for m in games.values())
    # A key anywhere, in code, a path, a URL or a help text ("Mordheim", the game's name
    # in prose, is not its key).
    named = re.compile(rf"\b({keys}|{modules})\b")
    imported = re.compile(rf"rules\.systems\.({modules})\b|from rules\.systems import")
    return named, imported


WHERE_GAMES_BELONG = ("rules/systems/", "armylists/games/", "templates/systems/")
GENERIC = ("armylists", "config", "rules", "templates", "static/js")


def test_the_guarded_games_are_the_registrys():
    games = _games()
    assert len(games) >= 5 and "border-raid" not in games, games
    named, _ = _patterns(games)
    assert all(named.search(f"/g/{key}/") for key in games)


def test_no_generic_file_names_a_game():
    named, imported = _patterns(_games())
    found = []
    for top in GENERIC:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".html", ".js") or "/migrations/" in relative:
                continue
            if relative.startswith(WHERE_GAMES_BELONG):
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if named.search(line) or imported.search(line):
                    found.append(f"{relative}:{n}: {line.strip()}")
    assert found == [], "\n".join(found)
