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
    # Params that hold words of the rules (a role, a unit type), translated with the
    # message; comma-separated lists of them word by word. Names come from the data.
    words: tuple[str, ...] = ()

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


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words the engine says (a campaign log line, a step of a battle), translated where
    they are read: a template marked with ``N_`` and its params: numbers, names, further
    phrases, or lists of phrases (joined with "; ")."""

    template: str
    params: Mapping = field(default_factory=dict)

    def render(self, translate=lambda text: text, name=lambda text: text) -> str:
        """The words with ``translate`` applied to every template and ``name`` to every
        plain text param (a game-data name in the reader's language)."""
        values = {k: _rendered(v, translate, name) for k, v in self.params.items()}
        return translate(self.template).format(**values)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict:
        """Plain JSON (to store a line and render it later in the reader's language)."""
        return {"t": self.template, "p": {k: _to_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data) -> Phrase:
        return cls(data["t"], {k: _from_json(v) for k, v in data.get("p", {}).items()})


def _to_json(value):
    if isinstance(value, Phrase):
        return {"phrase": value.to_json()}
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    return value


def _from_json(value):
    if isinstance(value, dict) and "phrase" in value:
        return Phrase.from_json(value["phrase"])
    if isinstance(value, list):
        return [_from_json(v) for v in value]
    return value


def _rendered(value, translate, name=lambda text: text):
    if isinstance(value, Phrase):
        return value.render(translate, name)
    if isinstance(value, (list, tuple)):
        return "; ".join(str(_rendered(v, translate, name)) for v in value)
    if isinstance(value, str):
        return name(value)
    return value
