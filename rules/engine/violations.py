"""Violations are data: a broken rule is reported, never raised."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

ERROR = "error"
WARNING = "warning"
INFO = "info"


def N_(message: str) -> str:
    """Mark a message for translation without translating it here.

    The engine must not import Django; ``makemessages --keyword=N_`` still finds these
    strings, and the service layer translates them for the reader's language.
    """
    return message


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    severity: str
    template: str
    entry: int | None = None
    params: Mapping = field(default_factory=dict)

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    def as_dict(self, message: str | None = None) -> dict:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": message if message is not None else self.message,
            "entry": self.entry,
            "params": dict(self.params),
        }
