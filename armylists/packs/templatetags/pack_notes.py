"""``{% load pack_notes %}``: a version's note as the pages show it. The notes the site
writes itself (a fork, an import, an official load) are stored in English, as the API
answers them; here they are worded in the reader's language. A note a member typed is
shown as typed."""

from __future__ import annotations

import re

from django import template
from django.utils.translation import gettext as _

register = template.Library()

AUTOMATIC = (
    (re.compile(r"^forked from (?P<name>.+) v(?P<n>\d+)$", re.S),
     lambda m: _("forked from %(name)s v%(n)s") % m.groupdict()),
    (re.compile(r"^imported from BattleScribe: (?P<book>.+) \(revision (?P<rev>[^()]*)\)$", re.S),
     lambda m: _("imported from BattleScribe: %(book)s (revision %(rev)s)") % m.groupdict()),
    (re.compile(r"^loaded from (?P<file>[^\s/]+)$"),
     lambda m: _("loaded from %(file)s") % m.groupdict()),
    (re.compile(r"^imported$"), lambda m: _("imported")),
)


@register.filter
def pack_note(note) -> str:
    """The note in the reader's language when the site wrote it; else as it is."""
    text = note or ""
    for pattern, shown in AUTOMATIC:
        found = pattern.match(text)
        if found:
            return shown(found)
    return text
