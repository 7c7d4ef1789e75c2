"""The project documents its own rules: every game under rules/systems/ has its
docs/rules/<game>.md, every violation code its validators declare is listed in that
file's table of codes, and code cites those files rather than a document outside the
project.
"""

import re
from pathlib import Path

import pytest

from rules.engine.validation import registered_systems, rules_for

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"


def _game_module(key: str) -> str | None:
    """The game's package or module name under rules.systems (None: a game of the tests)."""
    # The pricing is the game's own function (validators may be shared ones).
    parts = rules_for(key).price_entry.__module__.split(".")
    return parts[2] if parts[:2] == ["rules", "systems"] and len(parts) > 2 else None


GAMES = {key: module for key in registered_systems() if (module := _game_module(key))}


def _listed_codes(doc: Path) -> set[str]:
    """The codes in the first column of the doc's "Violation codes" table."""
    section = doc.read_text(encoding="utf-8").split("## Violation codes", 1)[1]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE))


def test_every_game_of_the_registry_is_documented():
    assert len(GAMES) >= 5, GAMES  # the five games at least; never an empty table
    for key, module in GAMES.items():
        assert (DOCS / f"{module}.md").is_file(), f"{key}: docs/rules/{module}.md is missing"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_code_a_game_declares_is_in_its_doc(key):
    declared = {v.code for v in rules_for(key).validators.values()}
    listed = _listed_codes(DOCS / f"{GAMES[key]}.md")
    assert declared <= listed, f"not documented: {sorted(declared - listed)}"
    # ... and the doc lists no code the engine does not have for this game.
    assert listed <= declared, f"documented but never reported: {sorted(listed - declared)}"


def test_code_cites_the_projects_own_rules():
    citing = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("armylists", "rules", "config", "tests")
        for path in (ROOT / folder).rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "RULES" + ".md" in line
    ]
    assert citing == []


def test_every_cited_rules_doc_exists():
    cited = {
        match
        for folder in ("armylists", "rules", "config", "tests")
        for path in (ROOT / folder).rglob("*.py")
        for match in re.findall(r"docs/rules/([a-z_]+)\.md", path.read_text(encoding="utf-8"))
    }
    assert cited, "nothing cites docs/rules/"
    assert {f"{name}.md" for name in cited} <= {p.name for p in DOCS.glob("*.md")}
