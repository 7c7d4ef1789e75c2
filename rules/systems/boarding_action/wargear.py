"""Word-stem matching of wargear for `forbidden_wargear` (docs/rules/boarding_action.md).

Players type their own codex's wargear, in English or German and in any spelling
("Jump Pack", "jumppack", "jump-pack (bolt pistol)", "Dämonenflügel", "Sprungmodul"),
so the rule cannot compare exact keywords. The pack lists word stems instead
(``forbidden_wargear``'s ``stems``), in a small notation that data editors can write
and that can never become an arbitrary regular expression:

- words separated by spaces must follow each other, joined by a separator or by
  nothing: ``jump pack`` matches "jump pack", "jumppack", "jump-pack", "jump_pack";
- the last word may take an inflection ending (s, es, e, en, n): ``jump pack`` matches
  "Jump Packs", ``sprung modul`` matches "Sprungmodule";
- a stem starts a word, unless it begins with ``*``: then it may also end a compound
  (``*flügel`` matches "Dämonenflügel"; German puts the head of a compound last);
- after the ending the word must end, so ``wing`` does not match "winged helm" and
  ``*flügel`` does not match "Flügelhelm" (a winged helm is not flight gear).

Case, accents and the German umlaut spellings are folded away on both sides, so
"Flügel", "Fluegel", "Flugel" and "FLÜGEL" compare equal.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

ENDINGS = "(?:s|es|e|en|n)?"
MAX_STEM = 60
# Umlauts written out (Fluegel) and left off (Flugel) both fold to the plain vowel.
_UMLAUT_SPELLINGS = (("ae", "a"), ("oe", "o"), ("ue", "u"))


def fold(text: str) -> str:
    """Lower case, no accents or umlauts, words of a-z and 0-9 separated by one space."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"[^a-z0-9]+", " ", text).strip()
    for written, plain in _UMLAUT_SPELLINGS:
        text = text.replace(written, plain)
    return text


def stem_pattern(stem: str) -> str | None:
    """The regular expression of one stem (see the module docstring); None if unusable."""
    if not isinstance(stem, str) or len(stem) > MAX_STEM:
        return None
    compound = stem.lstrip().startswith("*")
    words = fold(stem).split()
    if not words:
        return None
    start = "" if compound else "(?<![a-z0-9])"
    body = " ?".join(re.escape(w) for w in words)
    return f"{start}{body}{ENDINGS}(?![a-z0-9])"


@lru_cache(maxsize=32)
def _matcher(stems: tuple[str, ...]) -> re.Pattern | None:
    patterns = [p for p in (stem_pattern(s) for s in stems) if p is not None]
    return re.compile("|".join(patterns)) if patterns else None


def matches(word: str, stems: Iterable[str]) -> bool:
    """Whether the wargear ``word`` contains one of ``stems``."""
    matcher = _matcher(tuple(s for s in stems if isinstance(s, str)))
    return matcher is not None and isinstance(word, str) and bool(matcher.search(fold(word)))
