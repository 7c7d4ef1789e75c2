"""Our BattleScribe evaluator (rules/engine/battlescribe) behind the adapter protocol of
WarHub's battlescribe-spec (its docs/adapter-protocol.md, v1.1): one JSON object per
line on stdin, one answer per line on stdout, nothing else on stdout.

    .venv/bin/python scripts/bs_spec_adapter.py

Speaks the roster domain: describe, setup, action (addForce, addChildForce, removeForce,
selectEntry, selectChildEntry, deselectSelection, setSelectionCount, duplicateSelection,
setCostLimit), getState, getErrors, teardown. Anything else (setupFromFiles, gamedata
commands, loadRoster, exports) is answered as not supported, which the protocol allows.
``scripts/bs_conformance.py`` drives it; so could the suite's own .NET runner.
"""

from __future__ import annotations

import json
import sys
import traceback
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bs_spec_state import roster_state  # noqa: E402  (beside this script)

from rules.engine.battlescribe.build import DataError, book_from_data  # noqa: E402
from rules.engine.battlescribe.constraints import check  # noqa: E402
from rules.engine.battlescribe.editor import EditError, Editor  # noqa: E402
from rules.engine.battlescribe.index import Index  # noqa: E402
from rules.engine.battlescribe.roster import Force, Selection  # noqa: E402

NAME = "muster"
PROTOCOL = "1.1"


def number(value: Decimal) -> float | int:
    return int(value) if value == value.to_integral_value() else float(value)


class Session:
    """One spec at a time: the data set up, the roster built, the ids handed out."""

    def __init__(self):
        self.editor: Editor | None = None
        self.forces: dict[str, Force] = {}
        self.selections: dict[str, Selection] = {}

    # --- commands -----------------------------------------------------------------------

    def setup(self, message: dict) -> dict:
        try:
            system = book_from_data(message.get("gameSystem") or {}, "gameSystem")
            catalogues = [book_from_data(c, "catalogue") for c in message.get("catalogues") or []]
        except DataError as exc:
            return {"type": "setupResult", "errors": [str(exc)]}
        self.editor = Editor(Index(system, catalogues))
        self.forces, self.selections = {}, {}
        return {"type": "setupResult", "errors": []}

    def action(self, message: dict) -> dict:
        if self.editor is None:
            return {"type": "actionResult", "ok": False, "error": "setup first"}
        handler = getattr(self, "do_" + str(message.get("action")), None)
        if handler is None:
            return {"type": "actionResult", "ok": False,
                    "error": f"{message.get('action')} is not supported by this adapter"}
        try:
            outputs = handler(message)
        except (EditError, KeyError) as exc:
            return {"type": "actionResult", "ok": False, "error": str(exc)}
        answer = {"type": "actionResult", "ok": True}
        if outputs:
            answer["outputs"] = outputs
        return answer

    def _force(self, message: dict) -> Force:
        force = self.forces.get(message.get("forceId") or "")
        if force is None:
            raise EditError(f"no force with id '{message.get('forceId')}'")
        return force

    def _selection(self, message: dict) -> Selection:
        selection = self.selections.get(message.get("selectionId") or "")
        if selection is None:
            raise EditError(f"no selection with id '{message.get('selectionId')}'")
        return selection

    def _remember(self, selection: Selection) -> dict:
        self.selections[selection.uid] = selection
        auto = {}
        for child in selection.descendants():
            self.selections[child.uid] = child
            auto.setdefault(child.entry_id, child.uid)
        return auto

    def do_addForce(self, message: dict, parent: Force | None = None) -> dict:
        force = self.editor.add_force(message.get("forceEntryId") or "",
                                      message.get("catalogueId"), parent)
        self.forces[force.uid] = force
        auto: dict[str, str] = {}
        for selection in force.selections:
            auto.setdefault(selection.entry_id, selection.uid)
            for below, uid in self._remember(selection).items():
                auto.setdefault(below, uid)
        return {"forceId": force.uid, "selections": auto}

    def do_addChildForce(self, message: dict) -> dict:
        return self.do_addForce(message, self._force(message))

    def do_removeForce(self, message: dict) -> None:
        self.editor.remove_force(self._force(message))

    def do_selectEntry(self, message: dict) -> dict:
        selection = self.editor.select(self._force(message), message.get("entryId") or "")
        return {"selectionId": selection.uid, "selections": self._remember(selection)}

    def do_selectChildEntry(self, message: dict) -> dict:
        parent = self._selection(message)
        selection = self.editor.select_child(parent, message.get("entryId") or "")
        return {"selectionId": selection.uid, "selections": self._remember(selection)}

    def do_deselectSelection(self, message: dict) -> None:
        self.editor.deselect(self._selection(message))

    def do_setSelectionCount(self, message: dict) -> None:
        self.editor.set_count(self._selection(message), int(message.get("count") or 0))

    def do_duplicateSelection(self, message: dict) -> dict:
        copy = self.editor.duplicate(self._selection(message))
        self._remember(copy)
        return {"selectionId": copy.uid}

    def do_setCostLimit(self, message: dict) -> None:
        self.editor.set_cost_limit(str(message.get("costTypeId")),
                                   Decimal(str(message.get("value"))))

    # --- state --------------------------------------------------------------------------

    def errors(self) -> list[dict]:
        if self.editor is None:
            return []
        found = []
        for breach in check(self.editor.evaluator):
            error = {"message": breach.message, "ownerType": breach.owner_type,
                     "entryId": breach.entry_id, "constraintId": breach.constraint_id}
            if breach.owner_entry_id:
                error["ownerEntryId"] = breach.owner_entry_id
            found.append(error)
        return found

    def costs(self, values: dict[str, Decimal]) -> list[dict]:
        index = self.editor.index
        return [{"name": index.cost_type_name(t), "typeId": t, "value": number(v),
                 "hidden": bool(index.cost_types.get(t) and index.cost_types[t].hidden)}
                for t, v in values.items()]

    def state(self) -> dict:
        if self.editor is None:
            return {"type": "state", "name": "", "gameSystemId": "", "forces": [], "costs": []}
        state = roster_state(self.editor, self.costs)
        state["validationErrors"] = self.errors()
        return state


def answer(session: Session, message: dict) -> dict:
    kind = message.get("type")
    if kind == "describe":
        return {"type": "describeResult", "name": NAME, "version": "1", "protocolVersion": PROTOCOL,
                "domains": ["roster"], "capabilities": {"screenshot": False, "record": False,
                                                        "rosterXml": False, "maxParallel": 1}}
    if kind == "setup":
        return session.setup(message)
    if kind == "action":
        return session.action(message)
    if kind == "getState":
        return session.state()
    if kind == "getErrors":
        return {"type": "errors", "errors": session.errors()}
    if kind == "teardown":
        session.__init__()
        return {"type": "teardownResult"}
    return {"type": "error", "message": f"{kind} is not supported by this adapter"}


def main() -> int:
    session = Session()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            reply = answer(session, message)
        except Exception as exc:  # the protocol's "error" answer; details go to stderr
            traceback.print_exc(file=sys.stderr)
            message, reply = {}, {"type": "error", "message": f"{type(exc).__name__}: {exc}"}
        if isinstance(message, dict) and "corrId" in message:
            reply["corrId"] = message["corrId"]
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
