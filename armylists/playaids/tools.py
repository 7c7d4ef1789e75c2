"""What every game's play aids share (the Kemet battle resolver, the hull-breach table,
the rout test...). Each play aid has one function that both its page and its API
endpoint call (in its game's presenter package), so its rules live once, in
``rules/systems``. Impossible input comes back as ``ToolError`` with the engine's
``(path, message, code)`` list: the API answers it as a 400, the pages as form errors.
"""

from __future__ import annotations

from collections.abc import Mapping

from django import forms


class ToolError(ValueError):
    """Impossible input; ``errors`` is a list of (path, message, code), as the engines say."""

    def __init__(self, errors: list[tuple[str, str, str]]):
        self.errors = list(errors)
        super().__init__("; ".join(f"{path or '(input)'}: {msg}" for path, msg, _c in errors))


class ToolUnavailable(LookupError):
    """The game data the tool needs is not loaded (``manage.py loadpack``)."""


def count_field(label, *, initial=0, required=False, help_text="", max_value=999):
    """A small whole number >= 0 (soldiers, prayer points, models...)."""
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=max_value,
        initial=initial,
        required=required,
        help_text=help_text,
    )


def form_errors(form: forms.Form, errors) -> None:
    """Put each engine error on the form field its path names, else on the whole form."""
    for path, message, _code in errors:
        form.add_error(path if path in form.fields else None, message)


def report_errors(errors, forms_by_prefix: Mapping[str, forms.Form], general: forms.Form) -> None:
    """Put each engine error on its form field (``<prefix>.<path>``, the prefix naming a
    form with a ``field_for(path)``); what has no field goes to ``general``."""
    for path, message, _code in errors:
        prefix, _sep, rest = path.partition(".")
        form = forms_by_prefix.get(prefix)
        field = form.field_for(rest) if form is not None else None
        if form is not None and field is not None:
            form.add_error(field, message)
        elif path.split("[", 1)[0] in general.fields:
            general.add_error(path.split("[", 1)[0], message)
        else:
            general.add_error(None, f"{path}: {message}" if path else message)
