"""The figures of issue 30 for a real codex: BSData's 7th-edition Space Marines codex
(2015) imported as a Boarding Action pack with our evaluator, as
docs/battlescribe-conformance.md reports them.

    .venv/bin/python scripts/bs_codex_figures.py CHECKOUT

CHECKOUT is a checkout of github.com/BSData/wh40k-7th-edition or a bare git directory of
it (its HEAD is read). Its "Space Marines - Codex (2015).cat" and "Warhammer40K.gst" are
read from there and never written anywhere; the pack the import would store is checked
(armylists/packs/checks.py) but not stored. Prints the costs of three options the codex sets
through links (a Captain's Storm Shield, a Techmarine's Servo-Harness, a Scout Squad's
Heavy Bolter), how many of the catalogue's modifiers were applied, became rules or were
not evaluated, and how long reading, mapping and checking took.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CATALOGUE = "Space Marines - Codex (2015).cat"
GAME_SYSTEM = "Warhammer40K.gst"
PROBES = (("Captain", "Storm Shield"), ("Techmarine", "Servo-Harness"),
          ("Scout Squad", "Heavy Bolter"))


def read(checkout: Path, name: str) -> bytes:
    if (checkout / name).is_file():
        return (checkout / name).read_bytes()
    return subprocess.run(["git", f"--git-dir={checkout}", "show", f"HEAD:{name}"],
                          check=True, capture_output=True).stdout


def commit(checkout: Path) -> str:
    git_dir = checkout if not (checkout / ".git").exists() else checkout / ".git"
    found = subprocess.run(["git", f"--git-dir={git_dir}", "rev-parse", "HEAD"],
                           capture_output=True, text=True)
    return found.stdout.strip() or "?"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django

    django.setup()  # the game's package loads its web side; no database is touched
    from armylists.battlescribe.catalogues import read_library
    from armylists.games.boarding_action.catalogue_pack import PackBuilder
    from armylists.packs.checks import check_pack
    from armylists.packs.tables import read_pack_file

    checkout = Path(argv[0])
    catalogue, game_system = read(checkout, CATALOGUE), read(checkout, GAME_SYSTEM)
    started = time.perf_counter()
    library = read_library(catalogue, game_system)
    read_at = time.perf_counter()
    builder = PackBuilder(library, read_pack_file(ROOT / "fixtures" / "boarding-action.yaml"),
                          None)
    pack = builder.build("Space Marines")
    mapped_at = time.perf_counter()
    problems = check_pack(pack)
    checked_at = time.perf_counter()

    print(f"BSData/wh40k-7th-edition {commit(checkout)}: {CATALOGUE} with {GAME_SYSTEM}")
    items = {i["key"]: i["name"] for i in pack["items"]}
    cards = {c["name"]: c for c in pack["cards"]}
    for unit, option in PROBES:
        found = [o["points"] for o in cards[unit]["options"] if items[o["key"]] == option]
        print(f"{unit}: {option} {found[0] if found else 'not offered'}")
    outcomes = Counter(seen.status for ref, seen in builder.ledger.seen.items()
                       if ref.startswith("cat:"))
    total = sum(outcomes.values())
    print(f"catalogue modifiers: {total}; applied {outcomes['applied']}, became rules "
          f"{outcomes['became a rule']}, not evaluated {outcomes['not evaluated']} "
          f"({100 * outcomes['not evaluated'] / max(total, 1):.0f}%)")
    print(f"with the game system's: {builder.report['modifiers']}")
    print(f"cards {len(pack['cards'])}, skipped {len(builder.report['skipped'])}, "
          f"pack checks: {len(problems)} problem(s)")
    print(f"read {read_at - started:.1f} s, mapped {mapped_at - read_at:.1f} s, "
          f"checked {checked_at - mapped_at:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
