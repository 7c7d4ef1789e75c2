"""What the steps of one Mordheim post-battle sequence share (docs/rules/mordheim.md): the
warband as the steps before left it, the dice, the choices still owed, what the player
asked for and what the sequence resolved, and the checks every step makes of a fighter
it is asked to touch.

``mordheim_battle.run_battle`` makes one ``PostBattle`` and passes it through the steps
(``mordheim_sequence_fight``, ``_experience``, ``_income``, ``_trade``), in the order
of the rules. Each step reads its part of ``spec``, writes its part of ``resolved`` (the
same shape with every roll filled in, so the battle replays without dice), adds a
``step`` record and log lines, and changes ``roster``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

from rules.engine.catalogue import Catalogue
from rules.engine.document import ID_PATTERN, ListDocument, new_id
from rules.engine.violations import N_, Phrase
from rules.systems.mordheim.dice import (
    MAX_COUNT,
    CampaignError,
    Rolls,
    campaign_tables,
    fail,
    join_path,
)
from rules.systems.mordheim.roster import Fighter, Roster

MAX_ROWS = 40  # fighters named in one list of a battle (a warband has at most 20)
MAX_TRADES = 50  # purchases, sales, moves of one battle
MAX_RECRUITS = 20
MAX_ADVANCES = 100
_ID = re.compile(ID_PATTERN)


class PostBattle:
    """The working state of one post-battle sequence (see the module docstring)."""

    def __init__(self, catalogue: Catalogue, document: ListDocument, roster: Roster,
                 spec: Mapping, rng, number: int):
        self.catalogue, self.document, self.spec = catalogue, document, spec
        self.tables = campaign_tables(catalogue)
        self.roster = roster
        self.rng = rng
        self.rolls = Rolls(rng)
        self.number = number
        self.won = bool(spec.get("won"))
        self.resolved: dict = {"won": self.won}
        self.steps: list[dict] = []
        self.lines: list[Phrase] = []
        self.pending: list[dict] = []
        self.absent: dict[str, str] = {}  # entry id -> misses_games | old_battle_wound
        self.fought: list[str] = []  # entry ids of those who fought, roster order
        self.fought_as_heroes: set[str] = set()  # of them, heroes (not promoted since)
        self.out_of_action: set[str] = set()
        self.searched: set[str] = set()  # heroes who rolled for a rare item
        self.rating_before = 0
        self.shards_found = 0
        self.gold_from_shards = 0

    # -- the roster ----------------------------------------------------------------

    def fighter(self, entry_id) -> Fighter | None:
        index = self.roster.find(entry_id)
        return None if index is None else self.roster.fighters[index]

    def put(self, fighter: Fighter) -> Fighter:
        """Replace the fighter of the same entry id."""
        index = self.roster.find(fighter.entry_id)
        fighters = list(self.roster.fighters)
        fighters[index] = fighter
        self.roster = replace(self.roster, fighters=tuple(fighters))
        return fighter

    def add(self, fighter: Fighter) -> Fighter:
        self.roster = replace(self.roster, fighters=self.roster.fighters + (fighter,))
        return fighter

    def gold(self, amount: int) -> None:
        self.roster = replace(self.roster, treasury=self.roster.treasury + amount)

    def heroes(self) -> int:
        return sum(1 for f in self.roster.active() if f.hero)

    def target(self, entry_id, path: str, *, fought: bool = False, hero: bool | None = None,
               one: bool = True) -> Fighter:
        """The fighter ``entry_id`` names, refused (naming ``path``) unless he is in the
        warband, and with ``fought`` took part in this battle, with ``hero`` is (not) a
        hero, with ``one`` is one hero or one henchman group."""
        if not isinstance(entry_id, str) or not _ID.fullmatch(entry_id):
            fail(path, f"must be the id of a fighter, not {entry_id!r}",
                 "required" if entry_id is None else "invalid")
        f = self._in_warband(entry_id, path)
        if one and (f.models if f.hero else f.count) != 1:
            fail(path, f"{f.name} stands for several {'heroes' if f.hero else 'groups'}: give "
                 "each an entry of its own", "ambiguous_entry")
        if fought and entry_id in self.absent:
            fail(path, f"{f.name} missed this battle ({self.absent[entry_id].replace('_', ' ')})"
                 ": he takes no part in its steps", "not_fighting")
        if hero is True and not f.hero:
            fail(path, f"{f.name} is a henchman group, not a hero", "not_a_hero")
        if hero is False and f.hero:
            fail(path, f"{f.name} is a hero, not a henchman group", "not_a_henchman")
        return f

    def _in_warband(self, entry_id: str, path: str) -> Fighter:
        """The fighter of ``entry_id``, refused unless the game data knows his card and he
        is still in the warband."""
        f = self.fighter(entry_id)
        if f is None:
            fail(path, f"no fighter has the id {entry_id!r} in this warband", "unknown_entry")
        if f.status == "unknown_card":
            fail(path, f"{f.name} has a card the game data does not know ('{f.card}')",
                 "unknown_key")
        if not f.in_warband:
            fail(path, f"{f.name} is no longer in the warband ({f.status})", "not_in_warband")
        return f

    def new_entry_id(self, given, path: str) -> str:
        """The id of a fighter the campaign adds: the one stored (a replay), else new."""
        if given is None:
            given = new_id()
            while self.fighter(given) is not None:
                given = new_id()
            return given
        if not isinstance(given, str) or not _ID.fullmatch(given):
            fail(path, f"must be an id of 1 to 32 letters, digits, - or _, not {given!r}")
        if self.fighter(given) is not None:
            fail(path, f"the id {given!r} is taken in this warband", "duplicate")
        return given

    # -- records -------------------------------------------------------------------

    def step(self, name: str, rolls, result) -> None:
        self.steps.append({"step": name, "rolls": rolls, "result": result})

    def say(self, who: str, what) -> None:
        self.lines.append(Phrase(N_("{who}: {what}"), {"who": who, "what": what}))

    def owe(self, pending: Iterable[Mapping], rename: Mapping[str, str] | None = None,
            fighter: str | None = None) -> None:
        """Choices still owed by a step function, their paths as the battle names them, and
        the ``fighter`` they are his (by name), so that the player is asked in words."""
        for item in pending:
            owed = {**item, "path": renamed(item["path"], rename or {})}
            if fighter is not None:
                owed["fighter"] = fighter
            self.pending.append(owed)


def renamed(path: str, rename: Mapping[str, str]) -> str:
    """``path`` with the first matching prefix of ``rename`` replaced (a step function's
    field name -> the battle's)."""
    for old, new in rename.items():
        if path == old or path.startswith((old + ".", old + "[")):
            return new + path[len(old):]
    return path


def repath(error: CampaignError, rename: Mapping[str, str], prefix: str = "") -> CampaignError:
    """The same error with its paths as the battle names them: renamed, else under
    ``prefix``."""
    out = []
    for path, message, code in error.errors:
        new = renamed(path, rename)
        out.append((join_path(prefix, path) if new == path and prefix else new, message, code))
    return CampaignError(out)


def rows(spec: Mapping, key: str, most: int = MAX_ROWS) -> list:
    """The list ``spec[key]`` (None: empty), refused beyond ``most`` rows or when a row is
    not an object."""
    value = spec.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > most:
        fail(key, f"must be a list of at most {most} objects")
    for k, row in enumerate(value):
        if not isinstance(row, Mapping):
            fail(f"{key}[{k}]", "must be an object")
    return value


def by_fighter(ps: PostBattle, key: str, field: str, *, fought: bool = True,
               hero: bool | None = None) -> dict[str, int]:
    """``[{"entry_id", field: n}]`` -> {entry id: n}, each fighter once."""
    out: dict[str, int] = {}
    for k, row in enumerate(rows(ps.spec, key)):
        at = f"{key}[{k}]"
        f = ps.target(row.get("entry_id"), join_path(at, "entry_id"), fought=fought, hero=hero)
        if f.entry_id in out:
            fail(join_path(at, "entry_id"), f"{f.name} is in this list twice", "duplicate")
        value = row.get(field)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
            fail(join_path(at, field), f"must be a whole number from 0 to {MAX_COUNT}, not "
                 f"{value!r}", "required" if value is None else "invalid")
        out[f.entry_id] = value
    return out
