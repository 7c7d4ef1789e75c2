"""Shared helpers of the table-driven engine tests: run one catalogue's rules on a document."""

from rules.engine import Catalogue, Result, Violation, parse, validate


class Probe:
    """``result``, ``codes`` and ``only`` bound to one hand-built catalogue."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue

    def result(self, data, catalogue: Catalogue | None = None) -> Result:
        return validate(catalogue or self.catalogue, parse(data))

    def codes(self, data) -> list[str]:
        return [v.code for v in self.result(data).violations]

    def only(self, data, code) -> Violation:
        [violation] = [v for v in self.result(data).violations if v.code == code]
        return violation
