"""Shared by the Mordheim post-battle engine tests: the shipped pack's campaign tables,
a scripted rng, and a probe for refused input."""

import pytest

from rules.engine.pack_catalogue import catalogue_from_pack
from rules.systems.mordheim.dice import CampaignError, campaign_tables
from tests.support.paths import FIXTURES, read_yaml

# The shipped pack as the engine reads it (with its old keys: rules.engine.aliases).
CATALOGUE = catalogue_from_pack(read_yaml(FIXTURES / "mordheim.yaml"))
TABLES = campaign_tables(CATALOGUE)
HUMAN = {"M": 4, "WS": 6, "BS": 6, "S": 4, "T": 4, "W": 3, "I": 6, "A": 4, "Ld": 9}


class Dice:
    """An rng that rolls exactly the given D6 results, and complains when it runs out."""

    def __init__(self, *rolls):
        self.rolls = list(rolls)

    def randint(self, low, high):
        assert (low, high) == (1, 6)
        assert self.rolls, "rolled more dice than scripted"
        return self.rolls.pop(0)

    @property
    def used_up(self):
        return not self.rolls


def refused(call, *args, **kwargs):
    """The one (path, message, code) of the CampaignError ``call`` raises."""
    with pytest.raises(CampaignError) as info:
        call(*args, **kwargs)
    [(path, message, code)] = info.value.errors
    return path, message, code
