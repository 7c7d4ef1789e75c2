"""Names of game data in the reader's language: a pack may give a card, item, faction or
special action ``names`` per language (e.g. ``{"de": "Rabenstab"}``); where it gives none,
the name the pack uses stays."""

from django.utils.translation import get_language


def local_name(thing, fallback: str = "?") -> str:
    """``thing.name`` in the active language (``thing`` may be None: ``fallback``)."""
    if thing is None:
        return fallback
    names = getattr(thing, "names", None) or {}
    language = (get_language() or "en").split("-")[0]
    return names.get(language) or thing.name


def item_names(catalogue, keys) -> list[str]:
    """The names of item keys; a key the game data does not know stands as itself."""
    return [local_name(catalogue.items.get(k), k) for k in keys or ()]
