"""The play view, generic part: one compact card per entry of a checked list for a phone
at the table, with what a player ticks during a game. The card's content is the cards
print sheet's block (``print_cards.row_block`` and the game's ``print_card``: effective
stats, weapons, items and options with what they do, the game's sections); this module
adds the entry's id and its models, each with the tracks the game's presenter names
(``Presenter.play_tracks``). It knows no game.

A track is a row of boxes to tick per model: {"key", "label", "boxes": [label, ...],
"round": bool} (``round``: cleared by "new round", e.g. tokens spent each round).
"""

from __future__ import annotations

from armylists.presenters.print_cards import row_block

# A page for a phone: past these, one card says how many more models it has instead of
# drawing a box for each (a list's counts and sizes are bounded by the document, but a
# 200-model horde would not be playable on a phone anyway).
MAX_MODELS = 40
MAX_BOXES = 30


def track(key: str, label, boxes, *, per_round: bool = False) -> dict | None:
    """A track of boxes (their labels, at most ``MAX_BOXES``); None when it has none."""
    labels = [str(b) for b in boxes][:MAX_BOXES]
    if not labels:
        return None
    return {"key": key, "label": str(label), "boxes": labels, "round": per_round}


def number_track(key: str, label, value, *, per_round: bool = False) -> dict | None:
    """``value`` boxes numbered from 1 (a stat's value: wounds, tokens); None when the
    value is not a positive whole number."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        return None
    return track(key, label, range(1, min(value, MAX_BOXES) + 1), per_round=per_round)


def model_count(row: dict) -> int:
    """How many models the entry fields: its count, times its unit size for a unit."""
    entry, card = row["entry"], row["card"]
    count = max(1, entry.count)
    size = row.get("models") or (row["size"] if card is not None and card.is_unit else 1)
    size = size if isinstance(size, int) and size > 0 else 1
    return count * size


def play_block(presenter, row: dict, catalogue) -> dict:
    block = presenter.print_card(
        row_block(row, catalogue, presenter.WEAPON_LABELS), row=row, catalogue=catalogue
    )
    if block.get("weapons"):  # a phone shows each weapon as a line, its columns named
        for weapon in block["weapons"]["rows"]:
            weapon["pairs"] = list(zip(block["weapons"]["columns"], weapon["cells"], strict=True))
    models = model_count(row)
    tracks = [t for t in presenter.play_tracks(block, row=row, catalogue=catalogue) if t]
    shown = min(models, MAX_MODELS)
    block.update(
        {
            "entry_id": row["id"],
            "total": row["points"] if isinstance(row["points"], int) else None,
            "models": models,
            "models_not_shown": models - shown,
            "model_numbers": range(1, shown + 1),
            "tracks": tracks,
        }
    )
    return block


def play_blocks(presenter, context: dict) -> list[dict]:
    """One block per entry, in the list's order (never merged: each entry's ticks are its
    own, kept by its id)."""
    catalogue = context["catalogue"]
    return [play_block(presenter, row, catalogue) for row in context["rows"]]
