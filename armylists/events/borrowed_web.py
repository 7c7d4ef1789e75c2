"""What the Events pages and API use of other features' web side: the read-only list
pages' context and print sheets, the list API's pagination and result shapes. As in
``borrowed``, these imports live here alone, so a move of those features changes this
module only.
"""

from __future__ import annotations

from armylists.api.lists import ListPagination
from armylists.api.playaids import TrueFalseField, WholeNumberField
from armylists.api.serializers.results import (
    JudgedBySerializer,
    PointsSerializer,
    ViolationSerializer,
)
from armylists.views.print_sheet import print_choices, refused, sheet_context, sheet_links
from armylists.views.readonly import checked_context

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
