"""The shapes of validator parameters, as JSON Schema, for a game to declare its own.

A pack names the validators its game runs, each with parameters (a battle size's
default, a warband's size limits…). Packs are players' input: each game says in its
``SystemRules.params`` which codes take parameters and of what shape, and a pack is
checked against that before anything reads it (armylists/packs/tables.py). A code a game does not
name there takes none.
"""

from __future__ import annotations

from collections.abc import Mapping

# The widest a number or a list in a parameter may be: far beyond any game, small
# enough that no loop or page built from it can grow without bound.
MOST = 100_000
MOST_ITEMS = 200
MOST_TEXT = 64

NONE: Mapping = {"type": "object", "maxProperties": 0}


def number(low: int = 0, high: int = MOST) -> dict:
    return {"type": "integer", "minimum": low, "maximum": high}


def words(*, least: int = 0, most: int = MOST_ITEMS) -> dict:
    """A list of short texts (keys, keywords)."""
    return {
        "type": "array",
        "minItems": least,
        "maxItems": most,
        "items": {"type": "string", "minLength": 1, "maxLength": MOST_TEXT},
    }


def shape(pattern: Mapping | None = None, **properties: Mapping) -> dict:
    """An object of exactly these properties (each optional); ``pattern``: further
    properties allowed by the regular expression of their name (each schema's
    ``description`` says the form in words, for messages)."""
    found = {"type": "object", "additionalProperties": False, "properties": properties}
    if pattern:
        found["patternProperties"] = dict(pattern)
    return found
