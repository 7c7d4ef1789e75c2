"""The rules engine: pure Python, no Django, no database.

In: a ``Catalogue`` (a game system's data) and a ``ListDocument``. Out: a ``Result``
with the points breakdown and the violations.
"""

from rules.engine.catalogue import (
    Card,
    Catalogue,
    Faction,
    Item,
    SpecialAction,
    ValidatorSpec,
    Variant,
)
from rules.engine.document import (
    DocumentError,
    Entry,
    ListDocument,
    ProblemAt,
    decode,
    parse,
    with_ids,
)
from rules.engine.validation import (
    Context,
    Points,
    Result,
    SystemRules,
    UnknownSystem,
    Validator,
    registered_systems,
    rules_for,
    validate,
)
from rules.engine.violations import ERROR, INFO, N_, WARNING, Violation

__all__ = [
    "Card",
    "Catalogue",
    "Context",
    "DocumentError",
    "ERROR",
    "Entry",
    "Faction",
    "INFO",
    "Item",
    "ListDocument",
    "N_",
    "Points",
    "ProblemAt",
    "Result",
    "SpecialAction",
    "SystemRules",
    "UnknownSystem",
    "ValidatorSpec",
    "Validator",
    "Variant",
    "Violation",
    "WARNING",
    "decode",
    "parse",
    "registered_systems",
    "rules_for",
    "validate",
    "with_ids",
]
