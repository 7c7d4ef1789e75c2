"""A hired sword's equipment as data, read from the Mordheim-Roster-Builder's short
equipment line (data/hiredswords.json, ``eq``): "Dagger, Brace of pistols, Rapier, cloak
(= Buckler); rides a Horse with mounted rules".

Each piece becomes ``{"name", "count", "counts_as", "choice"}``: the name as the line
gives it (plural forms made singular where a count is given), how many he carries, the
item it counts as ("cloak (= Buckler)"), and for pieces of which the hiring player picks
one ("Two Axes OR a Double-Handed Axe") the number of that choice. Words about rules in
brackets ("(save 3+ mounted / 4+ on foot)") are left out; so are clauses that restrict
rather than equip ("may never wear armour"). The pack script finds each name's item in
the chart where it has one.
"""

from __future__ import annotations

import re

COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "pair of": 2}
# Clauses after ";" that equip him with something, and the piece each gives.
CLAUSES = {
    "rides a Horse with mounted rules": "Horse",
    "rides a Giant Wolf (M9)": "Giant Wolf",
    "may never wear armour": None,
}
# Whole lines that are not a list of pieces, read as the pieces they name.
LINES = {
    "None (never carries weapons or armour, no penalty)": [],
    "Wolf-pelt cloak (6+ save, included); blunt weapons only (Hammer/Mace/Club/Flail/"
    "Morning Star + two-handed) plus Dagger; no armour":
        ["Wolf-pelt cloak", "Hammer", "Dagger"],
    "Warpfire projector / bionic implants (fixed)": ["Warpfire projector", "bionic implants"],
}
_COUNTED = re.compile(r"^(?P<n>two|three|a|an|one|pair of|up to \d+|many)\s+(?P<rest>.+)$",
                      re.IGNORECASE)
_AS = re.compile(r"\(=\s*(?P<item>[^)]+)\)")


def _singular(name: str) -> str:
    for plural, single in (("Knives", "Knife"), ("Axes", "Axe"), ("Swords", "Sword"),
                           ("Choppas", "Choppa"), ("Torches", "Torch"), ("Snakes", "Snake"),
                           ("Pistols", "Pistol"), ("Daggers", "Dagger")):
        if name.endswith(plural):
            return name[: -len(plural)] + single
    return name


def _piece(text: str, choice: int | None) -> dict | None:
    text = re.sub(r"^plus\s+", "", text.strip().rstrip("."))
    if not text:
        return None
    found = _AS.search(text)
    counts_as = found["item"].strip() if found else None
    if counts_as and (counts_as.lower().startswith("two ") or "+" in counts_as):
        counts_as = None  # "(= two hand weapons)", "(= extra hand weapon + buckler)": words
    name = _AS.sub("", text).strip()
    count: int | None = 1
    counted = _COUNTED.match(name)
    if counted:
        word = counted["n"].lower()
        count = COUNTS.get(word) or (int(word.split()[-1]) if word.startswith("up to") else None)
        name = counted["rest"]
        if count is None or count > 1:
            name = _singular(name)
    return {"name": name[0].upper() + name[1:], "count": count, "counts_as": counts_as,
            "choice": choice}


def _without_notes(line: str) -> str:
    """The line without words about rules in brackets; "(= Buckler)" stays."""
    return re.sub(r"\s*\((?!=)[^)]*\)", "", line)


def _parts(line: str) -> list[str]:
    """The line's pieces: clauses (between ";") CLAUSES knows read by it, the others
    split at commas and pluses."""
    out: list[str] = []
    for clause in (c.strip() for c in line.split(";")):
        clause = _without_notes(clause) if clause not in CLAUSES else clause
        if clause in CLAUSES:
            out += [CLAUSES[clause]] if CLAUSES[clause] else []
        else:
            out += _split(clause)
    return out


def _split(clause: str) -> list[str]:
    """A clause cut at commas and " + " outside brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(clause):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and (char == "," or clause.startswith(" + ", i)):
            parts.append(clause[start:i])
            start = i + (1 if char == "," else 3)
    return [*parts, clause[start:]]


def equipment(line: str | None) -> list[dict]:
    """The pieces of a hired sword's equipment line (see the module docstring)."""
    if not line:
        return []
    if line in LINES:
        return [p for p in (_piece(n, None) for n in LINES[line]) if p]
    line = re.sub(r"\(([^()]*)\)", lambda m: m[0] if m[1].startswith("=") or "(" in m[1]
                  or ";" not in m[1] else "", line)  # a note holding ";" goes first
    pieces, choices = [], 0
    for part in _parts(line):
        options = re.split(r"\s+OR\s+|\s+or\s+(?=a |[A-Z])", part)
        choice = None
        if len(options) > 1:
            choices += 1
            choice = choices
        for option in options:
            piece = _piece(option, choice)
            if piece:
                pieces.append(piece)
    return pieces
