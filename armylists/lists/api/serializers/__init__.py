"""Shapes of the API, by subject: a game's catalogue, a validation result, saved lists,
and the strict base of every request body. They read the engine's frozen objects and
plain dicts; importers use this package as one module."""

from armylists.api.strict import NoUnknownFields
from armylists.lists.api.serializers.catalogue import (
    CardSerializer,
    CatalogueSerializer,
    FactionSerializer,
    ItemSerializer,
    SpecialActionSerializer,
    StatsSerializer,
    SystemSummarySerializer,
)
from armylists.lists.api.serializers.lists import (
    ConflictSerializer,
    DataChangeSerializer,
    DataChangesSerializer,
    ImportReportRowSerializer,
    ListDetailSerializer,
    ListDocumentField,
    ListImportedSerializer,
    ListPageSerializer,
    ListPatchSerializer,
    ListPutSerializer,
    ListSummarySerializer,
    PartialDocumentField,
    ShareActionSerializer,
    SharedListSerializer,
)
from armylists.lists.api.serializers.results import (
    BreakdownSerializer,
    PointsSerializer,
    ValidationResultSerializer,
    ViolationSerializer,
)

__all__ = [
    "BreakdownSerializer",
    "CardSerializer",
    "CatalogueSerializer",
    "ConflictSerializer",
    "DataChangeSerializer",
    "DataChangesSerializer",
    "FactionSerializer",
    "ImportReportRowSerializer",
    "ItemSerializer",
    "ListDetailSerializer",
    "ListDocumentField",
    "ListImportedSerializer",
    "ListPageSerializer",
    "ListPatchSerializer",
    "ListPutSerializer",
    "ListSummarySerializer",
    "PartialDocumentField",
    "PointsSerializer",
    "ShareActionSerializer",
    "SharedListSerializer",
    "SpecialActionSerializer",
    "StatsSerializer",
    "SystemSummarySerializer",
    "ValidationResultSerializer",
    "NoUnknownFields",
    "ViolationSerializer",
]
