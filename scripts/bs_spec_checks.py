"""Comparing an adapter's ``state`` with a battlescribe-spec ``expectedState``, as the
suite's RosterRunner does (battlescribe-spec: src/BattleScribeSpec.TestKit/Roster/ and
docs/error-assertions.md), for ``bs_conformance.py``.

Only what the expectation names is checked; lists are compared element by element in
order (profiles, rules and categories found by name or id) and may not hold more
elements than expected; a selection, force or profile not said to be hidden must not be;
with no error assertion a state must have no errors; ``errors`` is an exact set,
``errorsContain`` a subset, each error found by ``on`` ("selection se-1") and ``from``
("se-1/con-1").
"""

from __future__ import annotations

from decimal import Decimal


def same(expected, actual) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected == actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return Decimal(str(expected)) == Decimal(str(actual))
    return str(expected) == str(actual) if expected is not None else True


class Checks:
    def __init__(self, step: int, state: dict, errors: list[dict]):
        self.step = step
        self.state = state
        self.errors = errors
        self.failures: list[str] = []

    def fail(self, text: str) -> None:
        self.failures.append(f"step {self.step}: {text}")

    def equal(self, where: str, expected, actual) -> None:
        if not same(expected, actual):
            self.fail(f"{where}: expected {expected!r} but got {actual!r}")

    def fields(self, where: str, expected: dict, actual: dict, names: tuple[str, ...]) -> None:
        for name in names:
            if expected.get(name) is not None:
                self.equal(f"{where}.{name}", expected[name], actual.get(name, ""))

    # --- the roster ---------------------------------------------------------------------

    def check(self, expected: dict) -> list[str]:
        state = self.state
        if expected.get("forceCount") is not None:
            self.equal("forceCount", expected["forceCount"], len(state.get("forces", [])))
        if expected.get("costCount") is not None:
            self.equal("costCount", expected["costCount"], len(state.get("costs", [])))
        for key in ("costs", "costLimits"):
            if expected.get(key) is not None:
                self.costs(key, expected[key], state.get(key) or [])
        if expected.get("costLimitCount") is not None:
            self.equal("costLimitCount", expected["costLimitCount"],
                       len(state.get("costLimits") or []))
        self.fields("roster", expected, state, ("gameSystemName", "gameSystemId", "name"))
        if expected.get("forces") is not None:
            self.listed("force", expected["forces"], state.get("forces", []), self.force)
        if expected.get("selectionCount") is not None:
            self.equal("selectionCount", expected["selectionCount"],
                       sum(len(f.get("selections", [])) for f in state.get("forces", [])))
        self.error_assertions(expected)
        return self.failures

    def listed(self, what: str, expected: list, actual: list, check) -> None:
        for i, item in enumerate(expected):
            if i >= len(actual):
                self.fail(f"{what}[{i}] expected but only {len(actual)}")
                continue
            check(f"{what}[{i}]", item or {}, actual[i])
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} but got {len(actual)}")

    def costs(self, where: str, expected: list, actual: list) -> None:
        for cost in expected:
            key = cost.get("typeId") or cost.get("name")
            found = next((c for c in actual if (c.get("typeId") == cost["typeId"]
                                                if cost.get("typeId") else
                                                c.get("name") == cost.get("name"))), None)
            if found is None:
                self.fail(f"{where}: cost type {key!r} not found")
                continue
            if cost.get("value") is not None:
                self.equal(f"{where}[{key}].value", cost["value"], found.get("value"))
            if cost.get("hidden") is not None:
                self.equal(f"{where}[{key}].hidden", cost["hidden"], found.get("hidden", False))
        if len(actual) > len(expected):
            self.fail(f"{where}: expected {len(expected)} cost(s) but got {actual}")

    # --- forces and selections ----------------------------------------------------------

    def force(self, where: str, expected: dict, actual: dict) -> None:
        self.fields(where, expected, actual, ("name", "entryId", "catalogueName", "catalogueId",
                                              "page", "publicationId", "customName"))
        self.equal(f"{where}.hidden", expected.get("hidden") or False, actual.get("hidden", False))
        if expected.get("selectionCount") is not None:
            self.equal(f"{where}.selectionCount", expected["selectionCount"],
                       len(actual.get("selections", [])))
        if expected.get("childForceCount") is not None:
            self.equal(f"{where}.childForceCount", expected["childForceCount"],
                       len(actual.get("childForces") or []))
        if expected.get("childForces") is not None:
            self.listed(f"{where}.childForce", expected["childForces"],
                        actual.get("childForces") or [], self.force)
        if expected.get("selections") is not None:
            self.listed(f"{where}.selection", expected["selections"],
                        actual.get("selections", []), self.selection)
        self.infos(where, expected, actual)
        if expected.get("categoryCount") is not None:
            self.equal(f"{where}.categoryCount", expected["categoryCount"],
                       len(actual.get("categories") or []))
        if expected.get("categories") is not None:
            self.categories(where, expected["categories"], actual.get("categories") or [])

    def selection(self, where: str, expected: dict, actual: dict) -> None:
        self.fields(where, expected, actual, ("name", "type", "number", "entryId", "page",
                                              "publicationId", "publicationName",
                                              "entryGroupId", "customName", "customNotes"))
        self.equal(f"{where}.hidden", expected.get("hidden") or False, actual.get("hidden", False))
        if expected.get("costs") is not None:
            self.costs(f"{where}.costs", expected["costs"], actual.get("costs") or [])
        self.infos(where, expected, actual)
        if expected.get("categories") is not None:
            self.categories(where, expected["categories"], actual.get("categories") or [])
        if expected.get("children") is not None:
            self.listed(f"{where}.child", expected["children"], actual.get("children") or [],
                        self.selection)
        if expected.get("childCount") is not None:
            self.equal(f"{where}.childCount", expected["childCount"],
                       len(actual.get("children") or []))

    def infos(self, where: str, expected: dict, actual: dict) -> None:
        if expected.get("profiles") is not None:
            self.found(f"{where}.profile", expected["profiles"], actual.get("profiles") or [],
                       self.profile)
        if expected.get("rules") is not None:
            self.found(f"{where}.rule", expected["rules"], actual.get("rules") or [], self.rule)

    def found(self, what: str, expected: list, actual: list, check) -> None:
        for i, item in enumerate(expected):
            item = item or {}
            match = (next((a for a in actual if a.get("name") == item["name"]), None)
                     if item.get("name") is not None else (actual[i] if i < len(actual) else None))
            if match is None:
                self.fail(f"{what}[{item.get('name', i)}] not found (have {len(actual)})")
                continue
            check(f"{what}[{item.get('name', i)}]", item, match)
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} but got {len(actual)}")

    def profile(self, where: str, expected: dict, actual: dict) -> None:
        self.fields(where, expected, actual, ("typeName", "typeId", "page", "publicationId"))
        self.equal(f"{where}.hidden", expected.get("hidden") or False, actual.get("hidden", False))
        for c in expected.get("characteristics") or []:
            match = next((a for a in actual.get("characteristics") or []
                          if a.get("name") == c.get("name")), None)
            if match is None:
                self.fail(f"{where}.characteristic[{c.get('name')}] not found")
                continue
            self.fields(f"{where}.characteristic[{c.get('name')}]", c, match, ("value", "typeId"))

    def rule(self, where: str, expected: dict, actual: dict) -> None:
        self.fields(where, expected, actual, ("description", "page", "publicationId"))
        self.equal(f"{where}.hidden", expected.get("hidden") or False, actual.get("hidden", False))

    @staticmethod
    def category_of(i: int, item: dict, actual: list) -> dict | None:
        """The actual category an expected one means: by entry id, else name, else place."""
        for key in ("entryId", "name"):
            if item.get(key) is not None:
                return next((a for a in actual if a.get(key) == item[key]), None)
        return actual[i] if i < len(actual) else None

    def categories(self, where: str, expected: list, actual: list) -> None:
        for i, item in enumerate(expected):
            item = item or {}
            match = self.category_of(i, item, actual)
            key = item.get("entryId") or item.get("name") or i
            if match is None:
                self.fail(f"{where}.category[{key}] not found (have {len(actual)})")
                continue
            if item.get("name") is not None and item.get("entryId") is not None:
                self.equal(f"{where}.category[{key}].name", item["name"], match.get("name"))
            if item.get("primary") is not None:
                self.equal(f"{where}.category[{key}].primary", item["primary"],
                           match.get("primary", False))
        if len(actual) > len(expected):
            self.fail(f"{where}: expected {len(expected)} categories but got {len(actual)}")

    # --- errors -------------------------------------------------------------------------

    def error_assertions(self, expected: dict) -> None:
        exact, subset, count = (expected.get("errors"), expected.get("errorsContain"),
                                expected.get("errorCount"))
        if exact is not None:
            self.match_errors(exact, exact_set=True)
        if subset is not None:
            self.match_errors(subset, exact_set=False)
        if count is not None:
            self.equal("errorCount", count, len(self.errors))
        if exact is None and subset is None and count is None and self.errors:
            self.fail(f"expected no errors (default) but got {self.described()}")

    def described(self) -> str:
        return "; ".join(f"{e.get('ownerType')} {e.get('ownerEntryId', '')} <- "
                         f"{e.get('entryId')}/{e.get('constraintId')}" for e in self.errors)

    def match_errors(self, assertions: list, exact_set: bool) -> None:
        used: set[int] = set()
        for assertion in assertions:
            owner, _, owner_entry = assertion["on"].partition(" ")
            entry, _, constraint = assertion["from"].partition("/")
            wanted = assertion.get("messageContains")
            for i, error in enumerate(self.errors):
                if i in used:
                    continue
                if (error.get("ownerType") == owner
                        and (not owner_entry or error.get("ownerEntryId") == owner_entry)
                        and error.get("entryId") == entry
                        and error.get("constraintId") == constraint
                        and (wanted is None or wanted.lower() in error.get("message", "").lower())):
                    used.add(i)
                    break
            else:
                self.fail(f"expected error on={assertion['on']!r} from={assertion['from']!r} "
                          f"not in [{self.described()}]")
        if exact_set and len(self.errors) != len(assertions):
            self.fail(f"expected {len(assertions)} error(s) but got [{self.described()}]")
