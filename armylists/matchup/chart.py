"""A distribution as a bar chart drawn on the server (an inline SVG, no script): the
geometry of its bars, and the same numbers as rows for the table beside it."""

from __future__ import annotations

from collections.abc import Mapping

WIDTH, HEIGHT = 640, 240
TOP, BOTTOM, SIDE = 24, 28, 8  # room for the percentages above and the values below


def bar_chart(distribution: Mapping[str, float]) -> dict:
    """Bars for ``{"<value>": probability}`` in order, scaled to the tallest one.

    Each bar has its ``value``, ``chance`` (0 to 1), ``percent`` and its rectangle
    (``x``, ``y``, ``width``, ``height``) in a ``WIDTH`` x ``HEIGHT`` view box, with
    ``middle`` and ``top`` for its labels; coordinates are strings, so no language
    writes them with a decimal comma. ``show_percent`` leaves the label off a bar too
    thin or too small to carry one (every value is in the table).
    """
    items = list(distribution.items())
    tallest = max((p for _v, p in items), default=0) or 1
    slot = (WIDTH - 2 * SIDE) / max(1, len(items))
    room = HEIGHT - TOP - BOTTOM
    bars = []
    for i, (value, chance) in enumerate(items):
        height = room * chance / tallest
        x = SIDE + i * slot + slot * 0.1
        y = TOP + room - height
        bars.append({
            "value": value,
            "chance": chance,
            "percent": chance * 100,
            "x": _coordinate(x),
            "width": _coordinate(slot * 0.8),
            "y": _coordinate(y),
            "height": _coordinate(height),
            "middle": _coordinate(x + slot * 0.4),
            "top": _coordinate(y - 4),
            "show_percent": chance >= 0.005 and slot >= 28,
        })
    return {
        "bars": bars,
        "width": WIDTH,
        "height": HEIGHT,
        "baseline": TOP + room,
        "label_y": HEIGHT - 8,
    }


def _coordinate(value: float) -> str:
    return f"{value:.2f}"
