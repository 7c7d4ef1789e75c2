"""What a refused Mordheim campaign step says: the error and the paths it names
(docs/rules/mordheim.md). Shared by the campaign log, the injury table and the
post-battle steps."""

from __future__ import annotations

from typing import NoReturn


class CampaignError(ValueError):
    """An event the roster cannot take; ``errors`` is a list of (path, message, code)."""

    def __init__(self, errors: list[tuple[str, str, str]]):
        self.errors = errors
        super().__init__("; ".join(f"{path or '(event)'}: {msg}" for path, msg, _ in errors))


def refuse(path: str, message: str, code: str = "invalid") -> NoReturn:
    raise CampaignError([(path, message, code)])


def join_path(prefix: str, path: str) -> str:
    """``events[0]`` and ``roll`` -> ``events[0].roll``; ``injuries`` and ``[1]`` ->
    ``injuries[1]``; either empty: the other."""
    if not prefix:
        return path
    return f"{prefix}.{path}" if path and not path.startswith("[") else prefix + path
