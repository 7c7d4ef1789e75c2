"""Matching the names a roster file uses to the names of our game data, forgivingly.

BattleScribe catalogues and our packs spell the same thing differently: case, plurals
("Warriors" for our Warrior, "Swordsmen" for Swordsman), punctuation and brackets
("Weeping Blades" for "Weeping blades (pair)", "Dagger (free)"), "&" for "and", hyphens
and spaces ("Morningstar", "Double Handed Weapon"). ``fold_name`` reduces a name to what
is left after all of those, and a ``NameIndex`` looks folded names up, first through the
game's own aliases (pack data: ``battlescribe.aliases``, a roster name -> our name), so
what folding cannot see ("Captain" for "Mercenary Captain") is data, not code.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
# Plural endings, tried in order on every word (both sides are folded alike, so a word
# that merely ends in "s" loses it everywhere and still matches).
_PLURALS = (("men", "man"), ("ves", "f"), ("s", ""))


def _singular(word: str) -> str:
    if len(word) > 3 and not word.endswith("ss"):
        for ending, replacement in _PLURALS:
            if word.endswith(ending):
                word = word[: -len(ending)] + replacement
                break
    # "Harpies" lost its s above; a final y becomes ie, so Harpy meets it (and Zombie
    # stays Zombie).
    return word[:-1] + "ie" if word.endswith("y") else word


def fold_name(text: str) -> str:
    """A name without case, accents, brackets, punctuation, spaces and plural endings."""
    text = unicodedata.normalize("NFKD", str(text).casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _BRACKETS.sub(" ", text).replace("&", " and ").replace("+", " and ")
    words = re.findall(r"[a-z0-9]+", text)
    return "".join(_singular(w) for w in words)


class NameIndex:
    """Our keys by folded name; ``find`` answers a key or None."""

    def __init__(self, named: Iterable[tuple[str, str]], aliases: Mapping | None = None):
        # folded name -> (rank, key); the rank is the row's place in ``named``.
        self._keys: dict[str, tuple[int, str]] = {}
        for rank, (key, name) in enumerate(named):
            # The first of two rows with the same folded name wins: callers list the
            # likelier ones (the roster's own warband) first.
            self._keys.setdefault(fold_name(name), (rank, key))
            self._keys.setdefault(fold_name(key.replace("-", " ")), (rank, key))
        self._aliases = {
            fold_name(alias): fold_name(target)
            for alias, target in (aliases or {}).items()
            if isinstance(alias, str) and isinstance(target, str)
        }

    def find(self, name: str) -> str | None:
        folded = fold_name(name)
        if not folded:
            return None
        # A name and an alias may both match (another warband's "Captain" and the
        # alias to our "Mercenary Captain"): the likelier row, listed first, wins.
        found = [hit for hit in (self._keys.get(folded),
                                 self._keys.get(self._aliases.get(folded, ""))) if hit]
        return min(found)[1] if found else None
