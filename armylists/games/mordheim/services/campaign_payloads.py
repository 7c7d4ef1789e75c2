"""The campaign as the API and the pages read it: records, the roster, the state.

Words the campaign rules say (phrases) are rendered here, in the reader's language.
"""

from __future__ import annotations

from django.utils.translation import gettext

from armylists.games.mordheim.services.campaign_log import Log, Record, battle_data
from armylists.presenters.names import local_name, stat_labels
from rules.engine import Catalogue, ListDocument


def game_names(catalogue: Catalogue | None) -> dict[str, str]:
    """The game data's names (cards and items, as the engine says them) and its stat keys
    ("WS") -> their names in the reader's language, where the pack gives other ones."""
    if catalogue is None:
        return {}
    out = {key: label for key, label in stat_labels(catalogue).items() if label != key}
    for thing in (*catalogue.cards.values(), *catalogue.items.values()):
        local = local_name(thing)
        if local != thing.name:
            out[thing.name] = local
    return out


def render(phrase, names: dict[str, str] | None = None) -> str | None:
    """The engine's words (a phrase, or a list of them) in the reader's language, the game
    data's names (``game_names``) in it too."""
    if phrase is None:
        return None
    names = names or {}

    def name(text):
        return names.get(text, text)

    if isinstance(phrase, list | tuple):
        return "; ".join(p.render(gettext, name) for p in phrase)
    return phrase.render(gettext, name)


def event_payload(record: Record, index: dict, names: dict | None = None) -> dict:
    row, data = record.row, record.row.data
    line = record.lines[0] if record.lines else None
    if row.type == "serious_injury":
        result = data.get("result")
    elif row.type == "henchman_out_of_action":
        result = "lost" if (data.get("roll") or 6) <= 2 else "fine"
    else:
        result = "experience"
    return {
        **data,
        "sequence": row.sequence,
        "type": row.type,
        "entry_id": row.entry_id,
        "entry": index.get(row.entry_id),  # its place in the list now; None: removed
        "who": data.get("who") or data.get("card") or "?",
        "roll": data.get("roll"),
        "result": result,
        "date": row.created_at,
        "orphaned": record.orphaned,
        "summary": render(line, names),
        "what": render(line.params["what"], names) if line is not None and "what" in line.params
        else None,
    }


def battle_payload(record: Record, names: dict | None = None) -> dict:
    data = record.data if record.data is not None else record.row.data
    return {
        **data,
        "sequence": record.row.sequence,
        "date": record.row.created_at,
        "applied": record.lines is not None,
        "lines": [render(line, names) for line in record.lines or []],
    }


def preview_payload(out: dict, sequence: int | None = None, names: dict | None = None) -> dict:
    """A battle straight from the campaign rules (recorded or not)."""
    return {
        **battle_data(out),
        "sequence": sequence,
        "pending": out["pending"],
        "lines": [render(line, names) for line in out["lines"]],
    }


def roster_payload(catalogue: Catalogue, document: ListDocument, roster, lines) -> dict:
    out = roster.to_dict()
    names = game_names(catalogue)
    out["log"] = [render(line, names) for line in lines]
    out.pop("orphaned", None)
    order = catalogue.attributes.get("stat_order") or []
    rank = {name: n for n, name in enumerate(order)}
    for fighter in out["fighters"]:
        known = fighter["status"] != "unknown_card"
        for key in ("items", "injuries", "traits", "hatred", "skills", "skill_lists",
                    "increased", "held_items"):
            fighter[key] = list(fighter[key])
        fighter["advances"] = [dict(a) for a in fighter["advances"]]
        fighter["stats"] = dict(
            sorted(fighter["stats"].items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))
        )
        fighter["in_warband"] = fighter["status"] == "active"
        fighter["games_to_miss"] = fighter["misses_games"]
        fighter["starting"] = fighter["entry"] is not None and not fighter["joined"]
        one = fighter["models"] == 1 if fighter["hero"] else fighter["count"] == 1
        fighter["recordable"] = fighter["in_warband"] and known and one
    for key in ("stash", "finds", "artefacts"):
        out[key] = list(out[key])
    out["members"] = sum(f["models"] for f in out["fighters"] if f["in_warband"])
    return out


def rout_test(roster: dict) -> dict:
    """What the rout test needs of the warband as it is now: members, the leader's Ld and
    the Ld of every other active model."""
    active = [f for f in roster["fighters"] if f["in_warband"]]
    leader = next((f for f in active if f["leader"]), None)
    others = [
        f["stats"]["Ld"]
        for f in active
        if f is not leader and "Ld" in f["stats"]
        for _model in range(f["models"])
    ]
    return {
        "members": roster["members"],
        "leader": leader["name"] if leader else None,
        "leader_ld": leader["stats"].get("Ld") if leader else None,
        "other_lds": sorted(others, reverse=True),
    }


def state_payload(log: Log) -> dict:
    rules, catalogue, document = log.rules, log.catalogue, log.document
    index = {entry.id: i for i, entry in enumerate(document.entries)}
    lines = [line for record in log.records for line in record.lines or []]
    roster = roster_payload(catalogue, document, log.roster, lines)
    names = game_names(catalogue)
    starting = log.starting
    return {
        "events": [event_payload(r, index, names) for r in log.records if r.kind == "event"],
        "battles": [battle_payload(r, names) for r in log.records if r.kind == "battle"],
        "roster": roster,
        "rating": rules.roster_rating(catalogue, log.roster),
        "treasury": log.roster.treasury,
        "stash": list(log.roster.stash),
        "shards": log.roster.shards,
        "finds": list(log.roster.finds),
        "battles_recorded": log.roster.battles,
        "starting": {"treasury": starting.treasury,
                     "rating": rules.roster_rating(catalogue, starting)},
        "unverified": rules.unverified_facts(catalogue),
        "problems": [{"path": p, "message": m, "code": c} for p, m, c in log.problems],
        "rout_test": rout_test(roster),
    }
