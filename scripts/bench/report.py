"""docs/performance.md: `make bench` rewrites the part between the markers, people the rest."""

from pathlib import Path

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
    """rows: (label, connections, Figures, ratio or None, goal text, ok or None)."""
    lines = [
        "| request | conns | req/s | ratio | p50 (ms) | p99 (ms) | errors | goal |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for label, connections, f, ratio, goal, ok in rows:
        ratio_text = "" if ratio is None else f"{ratio:.2f}"
        goal_text = f"{goal} {_goal(ok)}".strip()
        lines.append(
            f"| {label} | {connections} | {f.requests_per_s:,.0f} | {ratio_text}"
            f" | {f.p50_ms:.1f} | {f.p99_ms:.1f} | {f.errors} | {goal_text} |"
        )
    return lines
