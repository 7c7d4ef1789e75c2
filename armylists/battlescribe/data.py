"""A ``.cat``/``.gst`` tree (already read within bounds by ``xml_hardened``) as the data
the BattleScribe evaluator builds its model from (rules/engine/battlescribe/build.py):
attributes as they are, each wrapper element (``selectionEntries``, ``modifiers``,
``conditions`` ...) a list of its children, a ``description`` or a characteristic's text
as its value. Nothing named by a game; nothing evaluated here.
"""

from __future__ import annotations

from armylists.battlescribe.xml_hardened import local
from rules.engine.battlescribe.build import XML, DataError, book_from_data
from rules.engine.battlescribe.index import Index
from rules.engine.battlescribe.model import Book

TEXT_ELEMENTS = ("description",)
SKIPPED = ("comment", "readme", "publications")
MAX_TEXT = 2000


def element_data(element) -> dict:
    """One element as a mapping (recursion bounded by the reader's depth limit)."""
    data: dict = dict(element.attrib)
    if local(element.tag) == "characteristic":
        data["value"] = (element.text or "").strip()[:MAX_TEXT]
    for child in element:
        name = local(child.tag)
        if name in TEXT_ELEMENTS:
            data[name] = (child.text or "").strip()[:MAX_TEXT]
        elif name in SKIPPED:
            continue
        elif not child.attrib:
            data[name] = [element_data(item) for item in child]
    return data


def evaluator_book(root, ref_prefix: str) -> Book:
    """The evaluator's model of a catalogue or game system root element; ValueError
    (``DataError``) names a value that is no number where one is needed."""
    kind = "gameSystem" if local(root.tag) == "gameSystem" else "catalogue"
    try:
        return book_from_data(element_data(root), kind, XML, ref_prefix)
    except DataError:
        raise
    except (TypeError, ValueError) as exc:  # defensive: data of a shape nobody wrote
        raise DataError(str(exc)[:200]) from None


def library_index(books) -> Index:
    """The evaluator's view of the files read (``catalogues.Book``, each
    with its ``data``): the catalogue with its game system."""
    system = next((b.data for b in books if b.kind == "gameSystem"), None)
    return Index(system, [b.data for b in books if b.kind == "catalogue"])
