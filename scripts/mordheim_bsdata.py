"""Compare our Mordheim numbers with the BSData Mordheim catalogues (github.com/BSData/mordheim)
and write the disagreements the pack script marks unverified.

    .venv/bin/python scripts/mordheim_bsdata.py CHECKOUT [OUT_JSON]

CHECKOUT is a directory holding the catalogues' .cat files (a checkout, or files extracted
from one) or a bare git directory of the repository (its HEAD is read). OUT_JSON defaults to
fixtures/sources/mordheim-bsdata-disagreements.json, which make_mordheim_pack.py reads.

For every fighter of a warband BSData has a catalogue for, and every hired sword, the numbers
both sides have are compared: cost (gc), the profile (M WS BS S T W I A Ld) and, for hired
swords, the hire fee and the upkeep. Fighters are matched by their English name within their
warband's catalogue, ignoring case, spacing, a grade suffix like "(1a)" and plural forms. Only
numbers and names are read from BSData; its rules text is not copied (an upkeep is the number
next to the word "upkeep" in an entry's text).

Our value is trusted: it is transcribed from the rulebook and supplements through the public
Mordheim-Roster-Builder data, each card naming its source, while BSData's catalogues are
roster-tool data whose profiles and costs may fold in options or later house corrections. A
disagreement is kept as data so a reader sees both numbers.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import defusedxml.ElementTree as ET

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "fixtures" / "sources" / "mordheim-bsdata-disagreements.json"
BSDATA = "github.com/BSData/mordheim"
STATS = ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"]
HIRED_SWORDS_FILE = "Characters.cat"
TRUSTED_BECAUSE = (
    "ours: transcribed from the rulebook/supplement through the Mordheim-Roster-Builder data "
    "with its source named on the card; BSData is roster-tool data checked against neither"
)
# Our warband key -> the BSData catalogue of that warband (only warbands BSData has).
CATALOGUES = {
    "reikland": "Reiklanders.cat",
    "middenheim": "Middenheimers.cat",
    "marienburg": "Marienburgers.cat",
    "skaven": "Skaven.cat",
    "undead": "Undead.cat",
    "possessed": "Cult of the Possessed.cat",
    "witch-hunters": "Witch Hunters.cat",
    "sisters-of-sigmar": "Sisters of Sigmar.cat",
    "ostlanders": "Ostlanders.cat",
    "carnival-of-chaos": "Carnival of Chaos.cat",
    "dwarf-treasure-hunters": "Dwarf Treasure Hunters.cat",
    "averlanders": "Averlanders.cat",
    "orc-mob": "Orc Mob.cat",
    "beastmen-raiders": "Beastmen Raiders.cat",
    "kislevites": "Kislevites.cat",
}
# Our fighters BSData calls otherwise (our name -> its entry's name), read off the
# catalogues: without them these were never compared.
BSDATA_NAMES = {
    "Sigmarite Sister": "Sisters",
    "Kinsman": "Kin",
    "Dwarf Noble": "Noble",
    "Halfling Scout": "Halflings Scouts",
    "Goblin": "Goblin Warriors",
    "Beastman Chief": "Beastmen Chieftain",
    "Beastman Shaman": "Beastmen Shaman",
    "Chaos Hound": "Warhounds of Chaos",
}
UPKEEP = [
    re.compile(r"upkeep\D{0,12}?(\d+)\s*(?:gc|gold)", re.IGNORECASE),
    re.compile(r"(\d+)\s*(?:gc|gold crowns?)\s*upkeep", re.IGNORECASE),
]


def norm(name: str) -> str:
    """A name for matching: lower case, no grade suffix, "Merchant, The" -> "the merchant"."""
    name = re.sub(r"\([^)]*\)", "", name).strip()
    if name.lower().endswith(", the"):
        name = "the " + name[: -len(", the")]
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


def variants(name: str) -> list[str]:
    """The name and its singular forms ("Marksmen" -> "marksman", "Dire Wolves")."""
    base = norm(name)
    out = [base]
    if base.endswith("ves"):
        out.append(base[:-3] + "f")
    if base.endswith("men"):
        out.append(base[:-3] + "man")
    if base.endswith("s"):
        out.append(base[:-1])
    return out


def read_catalogues(checkout: Path, names: list[str]) -> dict[str, str]:
    """The text of each named catalogue found, from a directory or a bare git directory."""
    texts = {}
    for name in names:
        path = checkout / name
        if path.is_file():
            texts[name] = path.read_text(encoding="utf-8")
        elif (checkout / "HEAD").is_file():
            shown = subprocess.run(
                ["git", "--git-dir", str(checkout), "show", f"HEAD:{name}"],
                capture_output=True, text=True, check=False,
            )
            if shown.returncode == 0:
                texts[name] = shown.stdout
    return texts


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(element, tag: str) -> list:
    return [c for c in element if _local(c.tag) == tag]


def _points(entry) -> int | None:
    """The entry's own gc cost, or its first model child's, when not zero."""
    for holder in [entry] + [c for s in _children(entry, "selectionEntries") for c in s]:
        for costs in _children(holder, "costs"):
            for cost in costs:
                value = cost.get("value")
                if cost.get("typeId") == "points" and value and float(value) > 0:
                    return int(float(value))
    return None


def _upkeep(entry) -> int | None:
    for element in entry.iter():
        if _local(element.tag) == "description" and element.text:
            for pattern in UPKEEP:
                found = pattern.search(element.text)
                if found:
                    return int(found.group(1))
    return None


def _profile(profile) -> dict[str, int]:
    stats = {}
    for element in profile.iter():
        if _local(element.tag) == "characteristic":
            name = "Ld" if element.get("name") == "LD" else element.get("name")
            if name in STATS and (element.text or "").strip().isdigit():
                stats[name] = int(element.text.strip())
    return stats


def entries_of(text: str) -> dict[str, dict]:
    """Normalised name -> {"stats", "points", "upkeep", "name"} of each entry with a model
    profile; an entry is known by its own name and its profiles' names."""
    found: dict[str, dict] = {}
    for entry in ET.fromstring(text).iter():
        if _local(entry.tag) != "selectionEntry":
            continue
        profiles = [p for ps in _children(entry, "profiles") for p in ps
                    if p.get("typeName") == "Model"]
        if not profiles:
            continue
        data = {"name": profiles[0].get("name"), "stats": _profile(profiles[0]),
                "points": _points(entry), "upkeep": _upkeep(entry)}
        for name in [entry.get("name", "")] + [p.get("name", "") for p in profiles]:
            for variant in variants(name):
                found.setdefault(variant, data)
    return found


def _ours(card: dict) -> dict:
    attributes = card.get("attributes", {})
    numbers = {name: value for name, value in card.get("stats", {}).items()}
    if attributes.get("hired_sword"):
        numbers["hire_fee"] = attributes.get("hire_fee")
        numbers["upkeep"] = attributes.get("upkeep")
    else:
        numbers["points"] = card.get("points")
    return numbers


def _theirs(entry: dict, hired: bool) -> dict:
    numbers = dict(entry["stats"])
    numbers["hire_fee" if hired else "points"] = entry["points"]
    if hired:
        numbers["upkeep"] = entry["upkeep"]
    return numbers


def compare_card(card: dict, entry: dict, file: str) -> list[dict]:
    """The disagreements between one of our cards and its BSData entry (numbers both have)."""
    hired = bool(card.get("attributes", {}).get("hired_sword"))
    ours, theirs = _ours(card), _theirs(entry, hired)
    return [
        {"key": card["key"], "name": card["name"], "field": field,
         "ours": ours[field], "our_source": card.get("attributes", {}).get("source", ""),
         "bsdata": theirs[field], "bsdata_file": file, "bsdata_name": entry["name"],
         "trusted": "ours"}
        for field in ours
        if ours[field] is not None and theirs.get(field) is not None
        and ours[field] != theirs[field]
    ]


def _file_of(card: dict) -> str | None:
    if card.get("attributes", {}).get("hired_sword"):
        return HIRED_SWORDS_FILE
    return CATALOGUES.get(card.get("faction") or "")


def compare(cards: list[dict], texts: dict[str, str]) -> dict:
    """{"compared", "disagreements", "unmatched"} for our cards against the catalogues."""
    entries = {name: entries_of(text) for name, text in texts.items()}
    compared, disagreements, unmatched = [], [], []
    for card in cards:
        file = _file_of(card)
        if file not in entries:
            continue
        names = variants(card["name"]) + variants(BSDATA_NAMES.get(card["name"], card["name"]))
        entry = next((entries[file][v] for v in names if v in entries[file]), None)
        if entry is None:
            unmatched.append({"key": card["key"], "name": card["name"], "bsdata_file": file})
            continue
        compared.append(card["key"])
        disagreements += compare_card(card, entry, file)
    return {"compared": len(compared), "disagreements": disagreements, "unmatched": unmatched}


def _commit(checkout: Path) -> str | None:
    shown = subprocess.run(["git", "--git-dir", str(checkout), "rev-parse", "HEAD"],
                           capture_output=True, text=True, check=False)
    return shown.stdout.strip() if shown.returncode == 0 else None


def our_cards() -> list[dict]:
    """Our fighters and hired swords as the pack script builds them, before any marking."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import make_mordheim_pack as pack

    facts = json.loads(pack.DEFAULT_FACTS.read_text(encoding="utf-8"))
    campaign = json.loads(pack.DEFAULT_CAMPAIGN.read_text(encoding="utf-8"))
    more = json.loads(pack.DEFAULT_MORE.read_text(encoding="utf-8"))
    return pack.build(facts, campaign, more, disagreements=None)["cards"]


def main(argv: list[str]) -> int:
    checkout = Path(argv[1])
    out_path = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    texts = read_catalogues(checkout, sorted(set(CATALOGUES.values()) | {HIRED_SWORDS_FILE}))
    result = compare(our_cards(), texts)
    commit = _commit(checkout)
    report = {
        "source": BSDATA + (f"@{commit}" if commit else ""),
        "trusted_because": TRUSTED_BECAUSE,
        **result,
    }
    out_path.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    print(f"compared {result['compared']}, {len(result['disagreements'])} disagreements, "
          f"{len(result['unmatched'])} unmatched -> {out_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
