"""Marking a Mordheim pack with what the BSData comparison found (scripts/mordheim_bsdata.py
writes the findings; scripts/make_mordheim_pack.py reads them and calls these). Apart
from the comparison, which builds our cards with the pack script: neither imports the
other back."""

from __future__ import annotations


def mark_disagreements(cards: list[dict], disagreements: dict | None) -> None:
    """Mark each field BSData gives another number for unverified on its card, and keep
    BSData's number beside it (``attributes.bsdata``); our number stays the card's value."""
    by_key = {card["key"]: card for card in cards}
    for entry in (disagreements or {}).get("disagreements", []):
        card = by_key.get(entry["key"])
        if card is None:
            continue
        attributes = card["attributes"]
        flags = attributes.setdefault("unverified", [])
        if entry["field"] not in flags:
            flags.append(entry["field"])
        attributes.setdefault("bsdata", {})[entry["field"]] = entry["bsdata"]
        attributes["bsdata_source"] = f"{disagreements['source']} ({entry['bsdata_file']})"


def bsdata_note(disagreements: dict | None) -> str:
    """The description's sentence on the BSData comparison: which side the pack trusts."""
    if not disagreements:
        return ""
    count = len(disagreements["disagreements"])
    return (
        f"Compared with the BSData catalogues ({disagreements['source']}): "
        f"{disagreements['compared']} fighters and hired swords, "
        f"{count} {'number differs' if count == 1 else 'numbers differ'}; "
        "the pack keeps its own number (its source is named on the card), marks the field "
        "unverified and records BSData's number in the card's bsdata attribute. "
    )
