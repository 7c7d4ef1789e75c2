"""English left on a German page: the project's own catalogue
(locale/de/LC_MESSAGES/django.po) says which English words have German ones; a German
page that still shows one of them in its visible text missed a translation.

Only messages whose German differs from the English, and long enough to mean something
(a few letters, such as "Name" or "API", are the same in both or part of a game's own
data). A message with placeholders is looked for by its literal pieces."""

from __future__ import annotations

import ast
import re
from functools import cache
from html.parser import HTMLParser

from tests.support.paths import ROOT

PO = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
# Shorter pieces are names, units and abbreviations as often as words; a single word must
# be longer still ("Warband", "Strength" are names in a game's data too).
MIN_LENGTH, MIN_WORD = 8, 10
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}|%%")


def _entries(text: str):
    """(msgid, msgid_plural, [msgstr...]) of every entry of a .po file's text."""
    entry, key = {}, None
    for line in text.splitlines() + [""]:
        line = line.strip()
        if not line or line.startswith("#"):
            if entry.get("msgid") is not None and key is not None and not line:
                yield entry.get("msgid"), entry.get("msgid_plural"), [
                    v for k, v in entry.items() if k.startswith("msgstr")]
                entry, key = {}, None
            continue
        if line.startswith('"'):
            entry[key] += ast.literal_eval(line)
            continue
        key, _sep, value = line.partition(" ")
        entry[key] = ast.literal_eval(value)


@cache
def english_pieces() -> frozenset[str]:
    """The English pieces of the catalogue's messages that have different German."""
    pieces = set()
    for msgid, plural, translations in _entries(PO.read_text(encoding="utf-8")):
        if not msgid or not any(translations):
            continue
        for english in (msgid, plural):
            if not english or english in translations:
                continue
            for piece in PLACEHOLDER.split(english):
                piece = " ".join(piece.split()).strip(" .,;:()–-'\"“”‘’…")
                long = len(piece) >= (MIN_LENGTH if " " in piece else MIN_WORD)
                if long and not _in_german(piece, translations):
                    pieces.add(piece)
    return frozenset(pieces)


def _in_german(piece: str, translations) -> bool:
    return any(piece in german for german in translations)


class _Text(HTMLParser):
    """The text a reader sees: text nodes outside script, style and template; hidden
    elements and elements marked for screen readers only count too (someone hears them)."""

    SKIP = {"script", "style", "template", "noscript"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        for name, value in attrs:
            if name in ("placeholder", "aria-label") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def english_left(html: str, also: tuple[str, ...] = ()) -> list[str]:
    """The catalogue's English pieces the page's visible text still shows, and those of
    ``also`` (English known to reach pages without being in the catalogue yet)."""
    text = visible_text(html)
    return sorted(piece for piece in english_pieces() | set(also)
                  if piece in text and re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", text))
