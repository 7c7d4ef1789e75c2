"""Names of game data in the reader's language: a pack may give a card, item, faction or
special action ``names`` per language (e.g. ``{"de": "Rabenstab"}``); where it gives none,
the name the pack uses stays. The same goes for the few other words a pack shows: stat
labels (``stat_labels_by_language``), keywords that are no card or item
(``keyword_names``, e.g. Boarding Action's wargear), a special action's effect
(``effects``) and its variants' names (``variant_names``)."""

from django.utils.translation import get_language


def language() -> str:
    return (get_language() or "en").split("-")[0]


def local_name(thing, fallback: str = "?") -> str:
    """``thing.name`` in the active language (``thing`` may be None: ``fallback``)."""
    if thing is None:
        return fallback
    names = getattr(thing, "names", None) or {}
    return names.get(language()) or thing.name


def item_names(catalogue, keys) -> list[str]:
    """The names of item keys; a key the game data does not know stands as itself."""
    return [local_name(catalogue.items.get(k), k) for k in keys or ()]


def stat_labels(catalogue) -> dict:
    """Stat key -> the label the pages show: the pack's ``stat_labels``, overridden by its
    ``stat_labels_by_language`` for the active language (German Mordheim says KG for WS)."""
    attributes = catalogue.attributes if catalogue is not None else {}
    labels = dict(attributes.get("stat_labels") or {})
    by_language = attributes.get("stat_labels_by_language") or {}
    labels.update(by_language.get(language()) or {})
    return labels


def keyword_name(catalogue, key: str) -> str:
    """A data keyword (no card or item) as words: the pack's ``keyword_names`` entry in the
    active language, else its English one, else the key with spaces ("jump_pack")."""
    names = (catalogue.attributes.get("keyword_names") or {}) if catalogue is not None else {}
    entry = names.get(key) or {}
    return entry.get(language()) or entry.get("en") or key.replace("_", " ")


def local_effect(action) -> str:
    """A special action's effect text in the active language (``effects``), else its
    ``effect``; empty when the pack has none."""
    attributes = getattr(action, "attributes", None) or {}
    return (attributes.get("effects") or {}).get(language()) or attributes.get("effect") or ""


def local_text(row) -> str:
    """What a pack's row (a tactic, a talent, a rule: a mapping) says it does, in the
    active language (``texts``), else its ``text``; empty when the pack gives none."""
    if not isinstance(row, dict):
        return ""
    texts = row.get("texts") if isinstance(row.get("texts"), dict) else {}
    text = texts.get(language()) or row.get("text")
    return text if isinstance(text, str) else ""


def variant_name(action, variant) -> str:
    """A special action variant's name in the active language (the action's
    ``variant_names``: variant key -> {language: name}), else its own name."""
    attributes = getattr(action, "attributes", None) or {}
    names = (attributes.get("variant_names") or {}).get(variant.key) or {}
    return names.get(language()) or variant.name


def local_variants(action) -> list[dict]:
    """A special action's variants ({key, name, points}), named in the active language."""
    if action is None:
        return []
    return [
        {"key": v.key, "name": variant_name(action, v), "points": v.points}
        for v in action.variants
    ]


def readable(key) -> str:
    """A data key as words, when there is no label for it: "monstrous_creature" ->
    "Monstrous creature"."""
    return str(key).replace("_", " ").replace("-", " ").capitalize() if key else "?"
