"""A Mordheim warband as its campaign left it (docs/rules/mordheim.md): fighters, treasury,
stash, unsold wyrdstone; and the same as plain JSON, the snapshot a campaign keeps
after every record so the next one starts from it instead of replaying the log.

The starting roster is the list document: every entry a fighter (a hero, or a henchman
group), the treasury its starting gold minus what the roster cost. Everything after
that (injuries, experience and advances, income, purchases, recruits) is in the
campaign's records, applied by ``mordheim_campaign`` (one event) and ``mordheim_battle``
(one whole post-battle sequence).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields

from rules.engine.aliases import canonical_list
from rules.engine.catalogue import Catalogue
from rules.engine.document import ListDocument
from rules.engine.violations import N_
from rules.systems.mordheim import (
    is_hero,
    is_hired_sword,
    is_large,
    is_leader,
    limit,
    models,
    price_entry,
    rating_values,
    starting_experience,
)
from rules.systems.mordheim.choices import card_skill_lists, card_stats, chosen_key

IN_WARBAND = "active"
STATUSES = {
    "active": N_("in the warband"),
    "dead": N_("dead"),
    "captured": N_("captured"),
    "lost": N_("captured and never came back"),
    "retired": N_("retired"),
    "gone": N_("every model lost"),
    "left": N_("left the warband, his upkeep unpaid"),
    "dismissed": N_("dismissed"),
    "unknown_card": N_("unknown card"),
}


@dataclass(frozen=True, slots=True)
class Fighter:
    """One entry of the warband (a hero, or a henchman group) as the campaign left it."""

    # Its position in the list now (for readers; records use entry_id); None for a
    # fighter the campaign added (a recruit, a promoted henchman).
    entry: int | None
    entry_id: str | None
    card: str | None
    name: str
    hero: bool
    models: int
    items: tuple[str, ...] = ()
    stats: Mapping[str, int] = field(default_factory=dict)
    experience: int = 0
    # active | dead | captured | lost | retired | gone (a group with no model left) |
    # unknown_card
    status: str = IN_WARBAND
    misses_games: int = 0
    injuries: tuple[str, ...] = ()
    # stupidity, frenzy, immune_to_fear, causes_fear, old_battle_wound, no_running,
    # one_hand_weapon
    traits: tuple[str, ...] = ()
    # whom the fighter hates: model (who injured him), leader, warband, warband_type
    hatred: tuple[str, ...] = ()
    lost_models: int = 0
    large: bool = False
    leader: bool = False
    # Groups the list entry stands for (records need entries of one group).
    count: int = 1
    skills: tuple[str, ...] = ()
    # The skill lists he learns from: his card's, or the two a promoted henchman chose.
    skill_lists: tuple[str, ...] = ()
    # One per advance roll: {"battle", "roll", "result", "stat" | "skill" | "spell"}.
    advances: tuple[Mapping, ...] = ()
    # Characteristics a henchman group has raised (each only once).
    increased: tuple[str, ...] = ()
    # A captive's gear, his again when he is ransomed or exchanged.
    held_items: tuple[str, ...] = ()
    # The battle after which the campaign added him (0: the starting roster).
    joined: int = 0

    @property
    def in_warband(self) -> bool:
        return self.status == IN_WARBAND


@dataclass(frozen=True, slots=True)
class Roster:
    faction: str | None
    fighters: tuple[Fighter, ...]
    treasury: int = 0  # unspent starting gold, then every income and expense
    log: tuple = ()  # one Phrase per event replayed by apply_events: "{who}: {what}"
    # Events of fighters no longer in the list (by position in the log): kept, applied
    # to nobody.
    orphaned: tuple[int, ...] = ()
    stash: tuple[str, ...] = ()  # item keys held by no fighter
    shards: int = 0  # wyrdstone kept unsold
    finds: tuple[str, ...] = ()  # names of finds the game data has no item for
    artefacts: tuple[str, ...] = ()  # magical artefacts found (each is found once)
    battles: int = 0  # battles recorded
    # The warband's choice when it was founded (a Tilean city): its recruits' profiles
    # and skill lists follow it.
    choice: str | None = None

    def active(self) -> list[Fighter]:
        return [f for f in self.fighters if f.in_warband]

    def find(self, entry_id) -> int | None:
        """The position of the fighter with this entry id, or None."""
        for i, fighter in enumerate(self.fighters):
            if fighter.entry_id == entry_id:
                return i
        return None

    def to_dict(self) -> dict:
        out = asdict(self)
        for fighter in out["fighters"]:
            fighter["stats"] = dict(fighter["stats"])
        return out


def starting_roster(catalogue: Catalogue, document: ListDocument) -> Roster:
    """The warband as its list founds it (the list read with today's keys: an item
    renamed since is the item now), its fighters as its choice makes them."""
    document, _renamed = canonical_list(catalogue, document)
    choice = chosen_key(catalogue, document)
    fighters = []
    for i, entry in enumerate(document.entries):
        card = catalogue.cards.get(entry.card) if entry.card else None
        if card is None:
            fighters.append(Fighter(entry=i, entry_id=entry.id, card=entry.card,
                                    name=entry.name or str(entry.card), hero=False, models=0,
                                    status="unknown_card", count=entry.count))
            continue
        hero = is_hero(card)
        fighters.append(Fighter(
            entry=i, entry_id=entry.id, card=card.key, name=entry.name or card.name, hero=hero,
            models=models(card, entry), items=tuple(entry.items), stats=card_stats(card, choice),
            experience=starting_experience(card) if hero else 0, large=is_large(card),
            leader=is_leader(card), count=entry.count,
            # A hired sword advances on the hero table from his own skill lists.
            skill_lists=(card_skill_lists(card, choice)
                         if hero or is_hired_sword(card) else ()),
        ))
    budget = limit(catalogue, document) or 0
    spent = sum(price_entry(catalogue, document, e) for e in document.entries)
    return Roster(faction=document.faction, fighters=tuple(fighters), treasury=budget - spent,
                  choice=choice)


def roster_rating(catalogue: Catalogue, roster: Roster) -> int:
    """Warband rating of the roster: 5 per fighter (20 per large creature) + experience;
    a hired sword counts his rating value instead of 5. Fighters who miss a game still
    count; captives, the dead, the lost and hired swords who left do not."""
    faction = catalogue.factions.get(roster.faction) if roster.faction else None
    rating = rating_values(catalogue, faction)
    total = 0
    for f in roster.active():
        card = catalogue.cards.get(f.card) if f.card else None
        own = card.attributes.get("rating_value") if card is not None else None
        per_model = rating["per_large_creature" if f.large else "per_fighter"]
        total += f.models * ((per_model if own is None else int(own)) + f.experience)
    return total


# -- the snapshot ---------------------------------------------------------------------

_TUPLES = {f.name for f in fields(Fighter) if f.type.startswith("tuple")}
_ROSTER_TUPLES = ("stash", "finds", "artefacts")
SNAPSHOT_FORMAT = 1


def roster_to_json(roster: Roster) -> dict:
    """The roster as plain JSON (its log lines are kept with each record, not here)."""
    out = roster.to_dict()
    out.pop("log")
    out.pop("orphaned")
    out["format"] = SNAPSHOT_FORMAT
    return out


def roster_from_json(data: Mapping) -> Roster | None:
    """The roster ``roster_to_json`` stored; None for a snapshot of another format (the
    caller replays the log instead)."""
    if not isinstance(data, Mapping) or data.get("format") != SNAPSHOT_FORMAT:
        return None
    known = {f.name for f in fields(Fighter)}
    fighters = []
    for raw in data["fighters"]:
        values = {k: v for k, v in raw.items() if k in known}
        for key in _TUPLES & set(values):
            values[key] = tuple(values[key])
        values["stats"] = dict(values.get("stats") or {})
        fighters.append(Fighter(**values))
    return Roster(
        faction=data.get("faction"),
        fighters=tuple(fighters),
        treasury=data.get("treasury", 0),
        shards=data.get("shards", 0),
        battles=data.get("battles", 0),
        choice=data.get("choice"),
        **{key: tuple(data.get(key) or ()) for key in _ROSTER_TUPLES},
    )
