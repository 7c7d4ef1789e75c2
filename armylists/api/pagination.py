"""Pages of a collection (lists, packs): 25 a page, ``?page_size=`` checked."""

from __future__ import annotations

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination


class ListPagination(PageNumberPagination):
    """25 lists a page, ?page_size= from 1 to 100 (anything else is a 400 naming it, not
    quietly the default); a page past the last is a 404."""

    page_size = 25
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request):
        given = request.query_params.get(self.page_size_query_param)
        if given is None:
            return self.page_size
        if not (given.isascii() and given.isdigit() and 1 <= int(given) <= self.max_page_size):
            raise ValidationError(
                {
                    self.page_size_query_param: [
                        f"must be a whole number from 1 to {self.max_page_size}"
                    ]
                }
            )
        return int(given)
