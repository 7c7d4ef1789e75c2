"""One cell of the pack editor's table as HTML: its input (named by the row's form
through ``form=``) and its problems.

Built here rather than by a template include: a page of 100 rows has 2,000 cells, and an
include per cell cost most of the page (``make bench``, the editor row). Everything
shown is escaped by ``format_html``."""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

PROBLEM = '<span class="field-error" data-testid="cell-problem">{}</span>'


def cell_html(column, *, name: str, value, problems: list, form_id: str, label: str) -> SafeString:
    aria = f"{column.label} {label}"
    if column.kind == "bool":
        checked = " checked" if value and value != "0" else ""
        field = format_html(
            '<input type="checkbox" form="{}" name="{}" value="1"{} aria-label="{}">',
            form_id, name, SafeString(checked), aria,
        )  # fmt: skip
    else:
        extra = ""
        if column.kind == "int":
            extra += ' inputmode="numeric" class="num"'
        if name == "key":
            extra += " required"
        if problems:
            extra += ' aria-invalid="true"'
        field = format_html(
            '<input form="{}" name="{}" value="{}"{} aria-label="{}">',
            form_id, name, "" if value is None else value, SafeString(extra), aria,
        )  # fmt: skip
    shown = format_html_join(
        "", PROBLEM, ((p,) for p in problems)
    )
    return field + shown
