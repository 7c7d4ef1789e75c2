"""The import contracts in pyproject.toml (layers that only point down, pages and API
apart, the Events package's own layers, no cycle) hold for the project, and they are not a formality: the same contracts
break on a copy of the code with one upward import, one import between pages and API, or
one cycle added."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.support.paths import ROOT

LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
PACKAGES = ("config", "armylists", "rules")
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
ALL_KEPT = f"Contracts: {len(CONTRACTS)} kept, 0 broken."
LAYERS = next(c["name"] for c in CONTRACTS if c["id"] == "layers")[:40]


def lint_imports(where: Path) -> subprocess.CompletedProcess:
    # --no-cache: the copies are new each time, and nothing is written into the project.
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=where, capture_output=True, text=True,
        timeout=300,
    )


@pytest.fixture
def copy_of_the_code(tmp_path):
    """The project's packages and its contracts, in a folder of their own."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def add_line(path: Path, line: str) -> None:
    path.write_text(path.read_text() + f"\n{line}\n")


def test_the_project_keeps_every_contract():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert ALL_KEPT in result.stdout


def test_the_copy_is_checked_and_kept_before_anything_is_added(copy_of_the_code):
    # Proves the copy is what lint-imports reads (not the installed project).
    result = lint_imports(copy_of_the_code)
    assert result.returncode == 0, result.stdout + result.stderr
    assert ALL_KEPT in result.stdout


@pytest.mark.parametrize(
    ("module", "added", "contract", "named"),
    [
        # the lists reaching up into a feature built on them
        ("armylists/lists/services.py", "from armylists.builder import workspaces",
         LAYERS, "armylists.lists.services -> armylists.builder.workspaces"),
        # the packs reading the lists by import instead of their relation
        ("armylists/packs/impact.py", "from armylists.models import ArmyList",
         LAYERS, "armylists.packs.impact -> armylists.models"),
        # two features on the lists leaning on each other
        ("armylists/compare/diff.py", "from armylists.builder import edits",
         LAYERS, "armylists.compare.diff -> armylists.builder.edits"),
        # the API's base reaching up into a game
        ("armylists/api/errors.py", "import armylists.games.godslayer",
         LAYERS, "armylists.api.errors -> armylists.games.godslayer"),
        # the engine reaching up into the data layer
        ("rules/engine/catalogue.py", "from rules import models",
         LAYERS, "rules.engine.catalogue -> rules.models"),
        # a page importing an endpoint, and an endpoint a page
        ("armylists/lists/views/home.py", "from armylists.lists.api import lists",
         "Pages never import an endpoint", "armylists.lists.views.home -> armylists.lists.api.lists"),
        ("armylists/packs/api/links.py", "from armylists.packs.views import access",
         "Endpoints never import a page", "armylists.packs.api.links -> armylists.packs.views.access"),
        # an event page importing the events API
        ("armylists/events/views/events.py", "from armylists.events.api import common",
         "Events inside", "armylists.events.views.events -> armylists.events.api.common"),
        # the events' reads reaching up into their writes
        ("armylists/events/selectors.py", "from armylists.events import services",
         "Events inside", "armylists.events.selectors -> armylists.events.services"),
        # a cycle inside the engine, hidden in a function
        ("rules/engine/catalogue.py", "def _late():\n    from rules.engine import common",
         "No cycle anywhere", ".catalogue -> .common"),
    ],
)
def test_a_contract_breaks_when_an_import_breaks_it(copy_of_the_code, module, added, contract,
                                                     named):
    add_line(copy_of_the_code / module, added)
    result = lint_imports(copy_of_the_code)
    assert result.returncode == 1, result.stdout
    broken = result.stdout.split("Broken contracts", 1)[1]
    assert contract in broken and named in broken, result.stdout
