"""`make bench`'s Mordheim rows measure what they say: the warband of the builder rows is
a legal one in the shipped pack and in the pack before the expansion, and the table
marks the goal by the ratio it shows."""

import subprocess

import pytest
import yaml

from rules.engine import parse, validate
from rules.engine.pack_catalogue import catalogue_from_pack
from scripts.bench import mordheim
from tests.support.paths import FIXTURES, ROOT


def pack_at(commit: str | None) -> dict:
    if commit is None:
        return yaml.load((FIXTURES / "mordheim.yaml").read_text(), Loader=yaml.CSafeLoader)
    text = subprocess.run(
        ["git", "show", f"{commit}:fixtures/mordheim.yaml"], cwd=ROOT, check=True,
        capture_output=True, text=True,
    ).stdout
    return yaml.load(text, Loader=yaml.CSafeLoader)


@pytest.mark.parametrize(
    ("commit", "warbands"), [(None, 38), (mordheim.BEFORE, 6)], ids=["shipped", "before"]
)
def test_the_bench_warband_is_legal_in_both_packs(commit, warbands):
    pack = pack_at(commit)
    catalogue = catalogue_from_pack(pack)
    if commit is None:
        assert len(catalogue.factions) >= warbands
    else:
        assert len(catalogue.factions) == warbands
        assert pack == mordheim.pack_before()
    result = validate(catalogue, parse(mordheim.warband()))
    assert result.violations == []
    # Captain 60 + sword 10 + light armour 20, champion 35 + halberd 10, youngblood 15 +
    # spear 10, three warriors 25 + axe 5, two marksmen 25 + bow 10, a swordsman 35.
    assert result.points.entries == [90, 45, 25, 90, 70, 35]
    assert result.points.limit == 500


def samples(cpu_ms: float, size: int = 1000, calls: int = 4500) -> mordheim.Samples:
    return mordheim.Samples(ms=[cpu_ms * 2], cpu=[cpu_ms], size=size, queries=3, calls=calls)


@pytest.mark.parametrize(
    ("now", "goal", "mark"),
    [(10.9, True, "<= 1.10 met"), (11.2, True, "<= 1.10 **not met**"), (50.0, False, "")],
)
def test_the_table_marks_the_goal_by_the_cpu_ratio(now, goal, mark):
    row = mordheim.Row("GET x", samples(10.0), samples(now, size=2048, calls=4600), goal=goal)
    [_, _, line] = mordheim.table([row])
    assert line.startswith(f"| GET x | 20.00 (10.00) | {now * 2:.2f} ({now:.2f}) | {now / 10:.2f}")
    # Only the rows as served carry the goal; KiB and queries before / now.
    assert line.endswith(f"| 1 / 2 | 3 / 3 | 4,500 / 4,600 | {mark} |")


def test_a_pack_not_at_hand_is_said_not_measured():
    row = mordheim.Row("GET x", None, samples(5.0), goal=True)
    [_, _, line] = mordheim.table([row])
    assert "| not measured | 10.00 (5.00) |" in line and "met" not in line
    assert line.endswith("| 1 | 3 | 4,500 | |")
