"""Write the app's icons (static/icons/icon-<size>.png, 192 and 512 pixels): a plain
drawing made here, no copied art. A rounded dark tile with a banner-red shield and a
white "M" of straight strokes; PNG written with the standard library only.

    .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
TILE = (43, 36, 32)  # the header's dark brown
SHIELD = (122, 46, 29)  # the accent red
MARK = (255, 255, 255)


def inside_shield(x: float, y: float) -> bool:
    """A heater shield in the unit square: straight top half, a pointed bottom."""
    if not (0.2 <= x <= 0.8 and 0.16 <= y <= 0.86):
        return False
    if y <= 0.5:
        return True
    half = 0.3 * (0.86 - y) / 0.36  # narrows to the point
    return abs(x - 0.5) <= half


def on_segment(x, y, a, b, width) -> bool:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    px, py = ax + t * dx, ay + t * dy
    return (x - px) ** 2 + (y - py) ** 2 <= width * width


M_STROKES = [((0.36, 0.62), (0.36, 0.3)), ((0.36, 0.3), (0.5, 0.48)),
             ((0.5, 0.48), (0.64, 0.3)), ((0.64, 0.3), (0.64, 0.62))]


def colour(x: float, y: float):
    corner = 0.18
    cx, cy = min(max(x, corner), 1 - corner), min(max(y, corner), 1 - corner)
    if (x - cx) ** 2 + (y - cy) ** 2 > corner**2:
        return None  # outside the rounded tile: transparent
    if any(on_segment(x, y, a, b, 0.035) for a, b in M_STROKES):
        return MARK
    return SHIELD if inside_shield(x, y) else TILE


def png(size: int) -> bytes:
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # filter: none
        for i in range(size):
            found = colour((i + 0.5) / size, (j + 0.5) / size)
            rows += bytes((*found, 255)) if found else b"\0\0\0\0"

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
