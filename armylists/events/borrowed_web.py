"""What the Events pages and API use of other features' web side: the read-only list
pages' context and print sheets, the list API's pagination and result shapes. As in
``borrowed``, these imports live here alone, so a move of those features changes this
module only.
"""

from __future__ import annotations

from armylists.api.pagination import ListPagination
from armylists.lists.api.serializers.results import (
    JudgedBySerializer,
    PointsSerializer,
    ViolationSerializer,
)
from armylists.lists.print_sheet import print_choices, refused, sheet_context, sheet_links
from armylists.lists.readonly import checked_context
from armylists.playaids.api import TrueFalseField, WholeNumberField

__all__ = [
    "JudgedBySerializer",
    "ListPagination",
    "TrueFalseField",
    "WholeNumberField",
    "PointsSerializer",
    "ViolationSerializer",
    "checked_context",
    "print_choices",
    "refused",
    "sheet_context",
    "sheet_links",
]
