"""WCAG contrast of the colours the stylesheets define as CSS custom properties: read
from the CSS text itself (each theme's block of ``--name: #hex`` declarations)."""

from __future__ import annotations

import re

DECLARATION = re.compile(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b")


def variables(block: str) -> dict[str, str]:
    return dict(DECLARATION.findall(block))


def theme_blocks(css: str) -> dict[str, list[dict[str, str]]]:
    """{"light": [vars of the plain :root block], "dark": [vars of each dark block]}."""
    light = re.search(r"^:root\s*\{([^}]*)\}", css, re.M)
    dark = re.findall(r":root(?::not\(\[data-theme=light\]\)|\[data-theme=dark\])\s*\{([^}]*)\}", css)
    return {
        "light": [variables(light.group(1))] if light else [],
        "dark": [variables(b) for b in dark],
    }


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    hex_digits = colour.lstrip("#")
    if len(hex_digits) == 3:
        hex_digits = "".join(d * 2 for d in hex_digits)
    r, g, b = (int(hex_digits[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def ratio(one: str, other: str) -> float:
    a, b = sorted((luminance(one), luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)
