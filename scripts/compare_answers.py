"""Every page and API answer written to a folder, to show that a change of structure left
them byte-identical.

``python scripts/compare_answers.py capture DIR`` makes a fresh test database (the test
settings'), loads the shipped packs (fixtures/*.yaml), makes the same users, lists, drafts,
packs, snapshots and Mordheim battle every time, then GETs every route of the site and the
API (admin aside) as an anonymous visitor, the lists' owner and a stranger, each in English
and German, and writes each answer (status, headers, body) to a file of DIR.
``python scripts/compare_answers.py diff BEFORE AFTER`` names every answer that differs.

What changes from run to run is fixed, not normalised away: every random draw (tokens, ids,
uuids, CSRF masks, dice) comes from a generator seeded by the step's name, and the clock
reads a fixed instant per step, and string hashing is seeded (sets iterate in one order),
so the same code answers with the same bytes. The data is
made through the API and the pages, never through the code's own modules, so the script
runs unchanged before and after a move of them. Only the expiry date of a cookie (taken
from the wall clock by Django) is left out of the headers.
"""

from __future__ import annotations

import datetime
import difflib
import hashlib
import itertools
import json
import os
import random
import re
import secrets
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "de")
HEADERS = ("Content-Type", "Content-Disposition", "Content-Language", "Location", "Vary",
           "Cache-Control", "ETag", "Last-Modified", "Link", "Allow", "Retry-After",
           "Content-Security-Policy", "HX-Redirect", "X-Frame-Options")
# Routes asked again with a query, and those asked again as htmx does.
QUERIES = {
    "list-index": ["?q=v2", "?system=godslayer", "?tag=sample", "?sort=name"],
    "api-lists": ["?system=mordheim", "?tag=sample", "?page_size=1", "?page_size=0"],
    "api-packs": ["?system=godslayer"],
    "list-compare": ["?version=1&to=2", "?against=2"],
    "api-list-diff": ["?version=1", "?version=1&to=2", "?against=2"],
    "list-export": ["?format=markdown", "?format=text", "?format=compact"],
    "api-list-export": ["?format=markdown", "?format=text", "?format=compact", "?format=x"],
    "api-shared-export": ["?format=markdown", "?format=compact"],
    "pack-diff": ["?from=1&to=2"],
    "api-pack-diff": ["?from=1&to=2", "?from=1"],
    "api-pack-download": ["?format=json", "?format=yaml"],
    "api-schema": ["?format=json"],
    "list-text": ["?format=markdown"],
    "shared-text": ["?format=compact"],
}
HTMX = {"draft-builder", "list-detail", "pack-editor", "list-index", "list-campaign"}
BASE_TIME = datetime.datetime(2026, 1, 5, 9, 0, tzinfo=datetime.UTC)


# -- the same draws and the same clock every run --------------------------------------------


class _Fixed:
    """The random generator and the clock of the step running now."""

    rng = random.Random(0)
    now = BASE_TIME


def _fixed_now():
    _Fixed.now += datetime.timedelta(milliseconds=1)
    return _Fixed.now


def _install_fixed_draws() -> None:
    from django.utils import timezone

    secrets.token_bytes = lambda n=32: _Fixed.rng.randbytes(n)  # token_urlsafe, token_hex
    secrets.choice = lambda seq: _Fixed.rng.choice(seq)  # Django's get_random_string
    secrets.randbelow = lambda n: _Fixed.rng.randrange(n)
    uuid.uuid4 = lambda: uuid.UUID(bytes=_Fixed.rng.randbytes(16), version=4)
    random.SystemRandom = lambda *a: random.Random(_Fixed.rng.random())  # the dice
    timezone.now = _fixed_now


@contextmanager
def step(label: str, number: int):
    """One step (a request, a piece of set-up): draws seeded by its name, its own minute."""
    seed = int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "big")
    _Fixed.rng = random.Random(seed)
    _Fixed.now = BASE_TIME + datetime.timedelta(minutes=number)
    yield


# -- the data: made through the API and the pages ------------------------------------------


class World:
    """What the set-up made: the clients and the values the routes are filled with."""

    def __init__(self):
        self.clients, self.cards = {}, {}
        self.systems, self.lists, self.list_tokens, self.codes = [], [], [], []
        self.packs, self.pack_tokens = [], []
        self.events, self.event_tokens, self.submissions = [], [], []
        self.steps = itertools.count()

    def step(self, label):
        return step(f"setup {label}", next(self.steps))


def _api(token=None):
    from rest_framework.test import APIClient

    client = APIClient(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    client.credentials(**({"HTTP_AUTHORIZATION": f"Token {token}"} if token else {}))
    return client


def _expect(response, *statuses):
    if response.status_code not in statuses:  # the set-up did not make what it meant to
        print(f"  set-up answer {response.status_code}: {response.content[:300]!r}")
    return response


def _document(detail: dict) -> dict:
    """A list of the game's first faction: its first four cards (legal or not, the page
    shows either)."""
    factions = [f["key"] for f in detail.get("factions", [])]
    faction = factions[0] if factions else None
    cards = [c for c in detail.get("cards", [])
             if faction is None or c.get("faction") in (None, faction)]
    sizes = detail.get("battle_sizes") or detail.get("attributes", {}).get("battle_sizes") or []
    first_size = sizes[0] if sizes else None
    size = first_size.get("points") if isinstance(first_size, dict) else first_size
    return {
        "format": "muster-list/1", "system": detail["key"], "name": f"{detail['key']} v1",
        "faction": faction, "battle_size": size,
        "entries": [{"id": f"e{n}{detail['key'][:3]}", "card": c["key"]}
                    for n, c in enumerate(cards[:4])],
    }


MORDHEIM = {  # the campaign tests' Reikland warband, ids as the battle example names them
    "format": "muster-list/1", "system": "mordheim", "name": "mordheim v1",
    "faction": "reikland", "battle_size": None,
    "entries": [
        {"id": "hAns1", "card": "reikland-mercenary-captain", "name": "Hans",
         "items": ["sword", "light-armour"]},
        {"id": "oTto2", "card": "reikland-champion", "name": "Otto", "items": ["halberd"]},
        {"id": "kUrt0", "card": "reikland-youngblood", "name": "Kurt"},
        {"id": "wArr3", "card": "reikland-warrior", "size": 3, "items": ["sword"]},
        {"id": "mArk4", "card": "reikland-marksman", "size": 2, "items": ["bow"]},
        {"id": "sWor5", "card": "reikland-swordsman", "size": 1},
    ],
}
BATTLE = {
    "won": True,
    "injuries": [{"entry_id": "kUrt0", "roll": 41}, {"entry_id": "wArr3", "rolls": [4]}],
    "enemies_out_of_action": [{"entry_id": "hAns1", "count": 1}],
    "experience": [{"entry_id": "kUrt0", "amount": 1}],
    "advances": [{"entry_id": "kUrt0", "roll": 7, "sub_roll": None, "choice": "WS"}],
    "exploration": {"dice": [2, 3, 5]},
    "sell_shards": 2,
    "purchases": [{"item": "pistol", "entry_id": "hAns1", "rarity": 8, "roll": 9}],
    "sales": [],
    "recruits": [{"card": "reikland-warrior", "name": None, "join_entry_id": None, "size": 1}],
}


def make_world() -> World:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from rest_framework.authtoken.models import Token

    world = World()
    with world.step("packs"):
        call_command("loadpack", *sorted(str(p) for p in (ROOT / "fixtures").glob("*.yaml")),
                     verbosity=0)
    for name in ("alice", "bob"):
        with world.step(f"user {name}"):
            user = get_user_model().objects.create_user(name, password="compare-answers-pw")
            Token.objects.create(user=user, key=f"{name}-token".ljust(40, "0"))
            world.clients[name] = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
            world.clients[name].force_login(user)
    world.clients["anon"] = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    alice = _api(token="alice-token".ljust(40, "0"))
    with world.step("systems"):
        world.systems = sorted(s["key"] for s in _api().get("/api/v1/systems/").json())
    for key in world.systems:
        _make_game(world, alice, key)
    _make_packs(world, alice)
    _make_event(world, alice)
    return world


def _make_event(world: World, alice) -> None:
    """A Godslayer event of alice's, closing in a week, bob joined with his list submitted."""
    bob = _api(token="bob-token".ljust(40, "0"))
    with world.step("event"):
        made = _expect(alice.post("/api/v1/events/", {
            "name": "Spring cup", "system": "godslayer", "battle_size": None, "pack": None,
            "lists_close": "2030-01-01T12:00:00Z", "reveal": None}, format="json"), 201)
    if made.status_code != 201:
        return
    event_id, token = made.json()["id"], made.json()["join_token"]
    world.events.append(str(event_id))
    world.event_tokens.append(token)
    with world.step("event join"):
        _expect(bob.post(f"/api/v1/events/{event_id}/join/", {"join_token": token},
                         format="json"), 200)
    with world.step("event list"):
        detail = _api().get("/api/v1/systems/godslayer/").json()
        listed = _expect(bob.post("/api/v1/lists/", _document(detail), format="json"), 201)
    if listed.status_code != 201:
        return
    with world.step("event submit"):
        sent = _expect(bob.post(f"/api/v1/events/{event_id}/submissions/",
                                {"list": listed.json()["id"]}, format="json"), 201)
        if sent.status_code == 201:
            world.submissions.append(str(sent.json()["id"]))


def _make_game(world: World, alice, key: str) -> None:
    with world.step(f"system {key}"):
        detail = _api().get(f"/api/v1/systems/{key}/").json()
        world.cards[key] = [c["key"] for c in detail.get("cards", [])]
    document = MORDHEIM if key == "mordheim" else _document(detail)
    with world.step(f"list {key}"):
        made = _expect(alice.post("/api/v1/lists/", document, format="json"), 201)
    if made.status_code != 201:
        return
    list_id = made.json()["id"]
    world.lists.append(list_id)
    with world.step(f"list {key} v2"):
        entries = document["entries"][:-1] if len(document["entries"]) > 1 else []
        _expect(alice.put(f"/api/v1/lists/{list_id}/", {
            "version": 1, "tags": ["sample"],
            "document": {**document, "name": f"{key} v2", "entries": entries}}, format="json"), 200)
    with world.step(f"share {key}"):
        shared = _expect(alice.post(f"/api/v1/lists/{list_id}/share/", {"action": "renew"},
                                    format="json"), 200)
        world.list_tokens.append(shared.json()["share_token"])
    with world.step(f"snapshot {key}"):
        frozen = _expect(alice.post(f"/api/v1/lists/{list_id}/snapshots/"), 201)
        if frozen.status_code == 201:
            world.codes.append(frozen.json()["code"])
    if key == "mordheim":
        with world.step("battle"):
            _expect(alice.post(f"/api/v1/lists/{list_id}/campaign/battles/", BATTLE,
                               format="json"), 201)
    for name in ("alice", "anon"):
        with world.step(f"draft {key} {name}"):
            world.clients[name].post("/lists/open/", {"document": json.dumps(document)})


def _make_packs(world: World, alice) -> None:
    """A fork of each game's official pack with a second version, shared by link, and a
    Godslayer list pinned to it."""
    for key in world.systems:
        with world.step(f"fork {key}"):
            forked = _expect(alice.post("/api/v1/packs/", {
                "fork": {"id": key, "version": 1}, "name": f"{key} fork"}, format="json"), 201)
        if forked.status_code != 201:
            continue
        pack_id = forked.json()["id"]
        world.packs.append(pack_id)
        with world.step(f"version {key}"):
            document = alice.get(f"/api/v1/packs/{pack_id}/versions/1/").json()["document"]
            print("   pack document:", sorted(document), len(document.get("cards", [])))
            for row in (document.get("cards") or document.get("items") or [])[:1]:
                row["points"] = row.get("points", 0) + 1
            _expect(alice.post(f"/api/v1/packs/{pack_id}/versions/", {
                "document": document, "note": "one card dearer", "base_version": 1},
                format="json"), 201)
        with world.step(f"link {key}"):
            _expect(alice.patch(f"/api/v1/packs/{pack_id}/", {"visibility": "link"},
                                format="json"), 200)
            world.pack_tokens.append(alice.get(f"/api/v1/packs/{pack_id}/").json()["share_token"])
        if key == "godslayer":
            with world.step("pinned list"):
                detail = _api().get("/api/v1/systems/godslayer/").json()
                pinned = {**_document(detail), "name": "pinned",
                          "pack": {"id": pack_id, "version": 2}}
                made = _expect(alice.post("/api/v1/lists/", pinned, format="json"), 201)
                if made.status_code == 201:
                    world.lists.append(made.json()["id"])
    world.packs += world.systems  # the official packs' ids are their games' keys


# -- the routes, filled in ------------------------------------------------------------------

PARAM = re.compile(r"<(?:\w+:)?(\w+)>")


def routes():
    """(route, name) of every URL pattern, in the resolver's order, admin aside."""
    from django.urls import URLResolver, get_resolver

    def walk(patterns, prefix):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern), pattern.name

    return [(route, name) for route, name in walk(get_resolver().url_patterns, "")
            if not route.startswith("admin/")]


def fillings(route: str, world: World) -> list[dict]:
    names = PARAM.findall(route)
    values = {
        "list_id": [str(i) for i in world.lists] + ["999999"],
        "version": ["1", "2"], "number": ["1", "2"],
        "token": world.list_tokens + world.pack_tokens + ["no-such-token"],
        "code": world.codes + ["0" * 20],
        "pack_id": world.packs + ["0" * 32],
        "name": ["list-document", "pack", "nothing"],
        "system": world.systems + ["no-such-game"],
        "event_id": world.events + ["999999"],
        "submission_id": world.submissions + ["999999"],
    }
    if names == ["token"] and route.startswith("e/"):
        return [{"token": t} for t in world.event_tokens + ["no-such-token"]]
    if "card" in names:
        return [{"system": system, "card": card}
                for system in world.systems for card in world.cards[system] + ["no-such-card"]]
    choices = [values[name] for name in names]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*choices)]


def requests_of(world: World) -> list[tuple]:
    """(user, language, path, htmx) of every request, sorted: the order is the same
    whatever order the routes are declared in."""
    asked = set()
    for route, name in routes():
        for filling in fillings(route, world):
            path = "/" + PARAM.sub(lambda m, f=filling: f[m.group(1)], route).strip("^$")
            users = ("anon",) if "card" in filling else ("anon", "alice", "bob")
            queries = [""] + QUERIES.get(name, [])
            for user, language, query in itertools.product(users, LANGUAGES, queries):
                asked.add((user, language, path + query, False))
                if name in HTMX and not query:
                    asked.add((user, language, path, True))
    return sorted(asked)


def answer_text(response) -> bytes:
    head = [f"{response.status_code}"]
    head += [f"{h}: {response[h]}" for h in HEADERS if response.has_header(h)]
    for name, morsel in sorted(response.cookies.items()):
        kept = {k: v for k, v in morsel.items() if v and k not in ("expires", "max-age")}
        head.append(f"Set-Cookie: {name}={morsel.value} {sorted(kept.items())}")
    body = b"".join(response) if response.streaming else response.content
    return ("\n".join(head) + "\n\n").encode() + body


def file_name(user: str, language: str, path: str, htmx: bool) -> str:
    slug = re.sub(r"[^A-Za-z0-9._=-]+", "_", path.strip("/")) or "_root"
    if len(slug) > 150:
        slug = slug[:120] + hashlib.sha256(slug.encode()).hexdigest()[:16]
    return f"{user}/{language}/{slug}{'.htmx' if htmx else ''}"


def capture(out: Path) -> int:
    if out.exists() and any(out.iterdir()):  # never a diff against an older run's answers
        raise SystemExit(f"{out} is not empty: capture into a new folder")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    _install_fixed_draws()
    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        world = make_world()
        asked = requests_of(world)
        print(f"{len(asked)} requests")
        statuses: dict[int, int] = {}
        for number, (user, language, path, htmx) in enumerate(asked):
            with step(f"{user} {language} {path} {htmx}", 10_000 + number):
                extra = {"HTTP_ACCEPT_LANGUAGE": language}
                if htmx:
                    extra["HTTP_HX_REQUEST"] = "true"
                response = world.clients[user].get(path, **extra)
            target = out / file_name(user, language, path, htmx)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(answer_text(response))
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        print("statuses:", dict(sorted(statuses.items())))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0


def diff(before: Path, after: Path) -> int:
    names = sorted({p.relative_to(d) for d in (before, after) for p in d.rglob("*")
                    if p.is_file()})
    differ = [n for n in names if not ((before / n).is_file() and (after / n).is_file()
                                       and (before / n).read_bytes() == (after / n).read_bytes())]
    for name in differ[:20]:
        print(f"--- {name}")
        texts = [(d / name).read_text(errors="replace").splitlines() if (d / name).is_file()
                 else ["(no such answer)"] for d in (before, after)]
        lines = difflib.unified_diff(*texts, lineterm="", n=1)
        print("\n".join(itertools.islice(lines, 2, 30)))
    print(f"{len(names)} answers, {len(differ)} differ")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "capture":
        if os.environ.get("PYTHONHASHSEED") != "0":  # sets (the CSP header's) in one order
            os.execve(sys.executable, [sys.executable, *argv],
                      {**os.environ, "PYTHONHASHSEED": "0"})
        return capture(Path(argv[2]))
    if len(argv) == 4 and argv[1] == "diff":
        return diff(Path(argv[2]), Path(argv[3]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
