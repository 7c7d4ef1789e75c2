"""A Godslayer pack of alice's with two versions (the ogre dearer in version 2), for the
tests of lists pinned to a pack version (pages, browser)."""

import copy

from tests.support.pages import CAPTAIN, OGRE, document
from tests.support.paths import FIXTURES

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})
RAID_POINTS = 78  # on the official data
DEARER_BY = 10


def official_pack():
    """The official Godslayer data: the game tables and the pack's version 1."""
    from armylists.packs.versions import load_official_pack_file

    _, version, _ = load_official_pack_file(FIXTURES / "godslayer.yaml")
    return version


def alices_dearer_pack(alice, official, name="Club Godslayer"):
    """alice's fork of the official pack, and its version 2 with the ogre dearer."""
    from armylists.packs.services import pack_fork, pack_publish

    pack = pack_fork(user=alice, source=official, name=name)
    doc = copy.deepcopy(pack.versions.get(number=1).document)
    ogre = next(c for c in doc["cards"] if c["key"] == OGRE)
    ogre["points"] += DEARER_BY
    pack_publish(pack=pack, user=alice, document=doc, note="dearer ogre", base_version=1)
    return pack


def on(pack, version: int, doc=RAID) -> dict:
    return {**doc, "pack": {"id": pack.id, "version": version}}
