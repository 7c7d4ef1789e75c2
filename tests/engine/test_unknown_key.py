"""`unknown_key` for a list's faction, in every system (docs/rules/README.md).

Boarding Action, Trupp and Kemet have no factions: a list that names one (a made-up
key, an import from another game) is told so instead of keeping it unseen. Systems
with factions refuse only a faction they do not know.
"""

import pytest

from rules.engine import Catalogue, Faction, parse, validate

NO_FACTIONS = {
    "boarding-action": "Boarding Action",
    "trupp": "Trupp",
    "kemet": "Kemet: Blood and Sand",
}


def catalogue(system, factions=()):
    return Catalogue(system=system, name=NO_FACTIONS.get(system, system),
                     factions={k: Faction(k, k.title()) for k in factions})


def faction_violations(cat, faction):
    data = {"system": cat.system, "faction": faction, "entries": []}
    return [v for v in validate(cat, parse(data)).violations
            if v.code == "unknown_key" and v.params.get("field") == "faction"]


CASES = [
    # (system, its factions, the list's faction, reported?)
    ("boarding-action", (), None, False),
    ("boarding-action", (), "space-marines", True),
    ("trupp", (), None, False),
    ("trupp", (), "good", True),
    ("kemet", (), None, False),
    ("kemet", (), "red", True),
    ("godslayer", ("nordgaard", "banebrood"), "banebrood", False),
    ("godslayer", ("nordgaard", "banebrood"), "atlantis", True),
    ("mordheim", ("reiklanders",), "reiklanders", False),
    ("mordheim", ("reiklanders",), "pirates", True),
]


@pytest.mark.parametrize(("system", "factions", "faction", "reported"), CASES)
def test_it_reports_a_faction_the_system_does_not_know(system, factions, faction, reported):
    violations = faction_violations(catalogue(system, factions), faction)
    assert len(violations) == (1 if reported else 0)
    if reported:
        [v] = violations
        assert (v.severity, v.entry, v.params["key"], v.params["path"]) == (
            "error", None, faction, "faction")


@pytest.mark.parametrize("system", sorted(NO_FACTIONS))
def test_it_says_the_system_has_no_factions(system):
    [v] = faction_violations(catalogue(system), "made-up")
    assert v.message == f"Unknown faction 'made-up' at faction: {NO_FACTIONS[system]} has no factions"


def test_a_system_with_factions_keeps_the_plain_message():
    [v] = faction_violations(catalogue("godslayer", ("nordgaard",)), "atlantis")
    assert v.message == "Unknown faction 'atlantis' at faction"
    assert "system" not in v.params
