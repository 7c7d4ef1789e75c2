"""What went wrong with a list file, in a player's words (the import and open pages).

The document reader names problems for programs ("is not valid JSON: Expecting value: line
1 column 1 (char 0)", which the API keeps answering); a player is told what the file is
not, and where the first mistake is when there is one."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from rules.engine import ProblemAt

# Python's JSON reader says where it stopped: "... line 3 column 7 (char 41)".
_WHERE = re.compile(r"line (\d+) column (\d+)")


def in_player_words(problems, *, body: bytes) -> list:
    """``problems`` with every "not a list file at all" one (code ``parse_error``, or a
    document that is not a JSON object) said for a player; the others as they are."""
    out = []
    for problem in problems:
        out.append(_said_for_a_player(problem, body) or problem)
    return out


def _said_for_a_player(problem, body: bytes) -> ProblemAt | None:
    what = _(
        "A list file is a list exported from Muster (JSON text, .json) or a BattleScribe / "
        "New Recruit roster (.ros or .rosz)."
    )
    if problem.path or problem.code not in ("parse_error", "invalid"):
        return None
    message = problem.message
    if not body.strip():
        said = _("The file is empty.")
    elif "not UTF-8" in message:
        said = _("This file is not text: it cannot be a list file.")
    elif "nested too deeply" in message:
        said = _("This text is not a list file: it is nested far deeper than any list.")
    elif "not valid JSON" in message:
        where = _WHERE.search(message)
        if where:
            said = _(
                "This text is not a list file Muster can read: its first mistake is at line "
                "%(line)s, character %(column)s."
            ) % {"line": where[1], "column": where[2]}
        else:
            said = _("This text is not a list file Muster can read.")
    elif "must be a JSON object" in message:
        said = _("This text is not a list file: it holds no list (name, game and entries).")
    else:
        return None
    return ProblemAt("", f"{said} {what}", problem.code)
