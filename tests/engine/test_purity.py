"""The engine and the system rules are pure Python: no Django, no database."""

import subprocess
import sys

from tests.support.paths import ROOT

PROBE = """
import sys
import rules.engine, rules.systems
from rules.engine import validate, parse
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django.")
                or m.startswith("psycopg"))
print(",".join(loaded))
"""


def test_it_imports_no_django_and_no_database_driver():
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


def test_it_validates_in_a_fresh_interpreter_without_django():
    code = PROBE + """
from rules.engine import Card, Catalogue, Faction, ValidatorSpec
cat = Catalogue(system="godslayer", name="Godslayer",
                factions={"n": Faction("n", "N")},
                cards={"w": Card(key="w", name="W", faction="n", warlord=True, aal=1, points=10)},
                validators=(ValidatorSpec("battle_size"), ValidatorSpec("warlord")))
r = validate(cat, parse({"system": "godslayer", "faction": "n", "battle_size": 5,
                         "entries": [{"card": "w"}]}))
print([v.code for v in r.violations])
assert not any(m.startswith("django") for m in sys.modules)
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().splitlines()[-1] == "['battle_size']"
