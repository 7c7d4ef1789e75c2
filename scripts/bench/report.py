"""docs/performance.md: `make bench` rewrites the part between the markers, people the rest."""

import json
from pathlib import Path

# The ratios before issue 28's move (the table of 2026-12-02), for the "before" column.
BEFORE = Path(__file__).with_name("before.json")
ALLOWED_FALL = 0.10  # issue 28: a ratio may not fall by more than 10 %

START = "<!-- make bench writes from here: do not edit by hand -->"
END = "<!-- make bench writes up to here -->"


def write(path: Path, generated: list[str]) -> None:
    block = "\n".join([START, *generated, END])
    old = path.read_text() if path.exists() else ""
    if START in old and END in old:
        before, rest = old.split(START, 1)
        after = rest.split(END, 1)[1]
        text = before + block + after
    else:  # the first run, or a file that was all generated: keep a title above
        text = "# Performance\n\n" + block + "\n"
    path.write_text(text)


def _goal(ok: bool | None) -> str:
    return "" if ok is None else ("met" if ok else "**not met**")


def http_table(rows) -> list[str]:
    """A row's comparison is the bare view, or (for the player's pack) the official
    pack's request run right before it. rows: (label, bare label, connections, app
    Figures, bare Figures, ratio, p99 ratio, goal text, goal met)."""
    lines = [
        "| request | conns | req/s | bare view req/s | ratio | p50 (ms) | p99 (ms)"
        " | bare p99 (ms) | errors | goal | ratio before | change |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|",
    ]
    before = _before()
    for label, bare_label, connections, f, b, ratio, p99, goal, ok in rows:
        same_body = " (1,000 entries)" if "1,000" in bare_label else ""
        if not bare_label.startswith("bare view"):  # compared with another app request
            same_body = f" ({bare_label}: the official pack)"
        bare_text = f"{b.requests_per_s:,.0f}{same_body}"
        lines.append(
            f"| {label} | {connections} | {f.requests_per_s:,.0f} | {bare_text} | {ratio:.2f}"
            f" | {f.p50_ms:.1f} | {f.p99_ms:.1f} ({p99:.1f}x) | {b.p99_ms:.1f}"
            f" | {f.errors + b.errors} | {goal} {_goal(ok)} |"
            f" {_change(ratio, before.get((label, connections)))} |"
        )
    return lines


def _before() -> dict[tuple[str, int], float]:
    rows = json.loads(BEFORE.read_text())["ratios"] if BEFORE.exists() else []
    return {(r["request"], r["conns"]): r["ratio"] for r in rows}


def _change(ratio: float, before: float | None) -> str:
    """The before column and the change, judged against the 10 % the issue allows."""
    if before is None:
        return "– | new"
    change = ratio / before - 1
    verdict = "within 10 %" if change >= -ALLOWED_FALL else "**fell by more than 10 %**"
    return f"{before:.2f} | {change:+.0%} ({verdict})"
