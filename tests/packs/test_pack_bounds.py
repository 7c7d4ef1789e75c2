"""The shipped packs are within the bounds a player's pack is held to: a fork of an
official pack stays editable and publishable (the editor checks them at every change)."""

import pytest

from armylists.packs.services import _bound_problems
from armylists.packs.tables import read_pack_file
from tests.support.paths import FIXTURES


@pytest.mark.parametrize("system", ["godslayer", "trupp", "mordheim", "boarding-action", "kemet"])
def test_every_shipped_pack_is_within_the_bounds_of_a_players_pack(system):
    assert _bound_problems(read_pack_file(FIXTURES / f"{system}.yaml"), "document") == []
