"""The print sheet's choices, shared by the owner's and the shared print view: the layout
(``roster``: the one-page list; ``cards``: one block per profile card) and the paper
(``a4`` or ``letter``). An unknown value is refused with 400 and a page naming the field
and the values it takes, never guessed."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

LAYOUTS = ("roster", "cards")
PAPERS = ("a4", "letter")
TEMPLATES = {"roster": "print.html", "cards": "print_cards.html"}
CHOICES = ("layout", "paper")  # the query parameters a print sheet reads
MAX_VALUE = 20  # a longer value is shown cut in the refusal


def print_choices(request) -> tuple[dict | None, list[dict]]:
    """({"layout", "paper"}, []) from the query, or (None, problems) naming each field."""
    problems = []
    chosen = {}
    for field, allowed in (("layout", LAYOUTS), ("paper", PAPERS)):
        value = request.GET.get(field, allowed[0])
        if value not in allowed:
            problems.append(
                {
                    "field": field,
                    "value": value[:MAX_VALUE],
                    "message": _("%(field)s must be one of: %(allowed)s.")
                    % {"field": field, "allowed": ", ".join(allowed)},
                }
            )
        chosen[field] = value
    return (None, problems) if problems else (chosen, [])


def refused(request, problems: list[dict], *, base_url: str):
    """Template: print_refused.html, status 400, with links to every valid sheet."""
    return render(
        request,
        "print_refused.html",
        {"problems": problems, "links": sheet_links(base_url)},
        status=400,
    )


def sheet_links(base_url: str) -> list[dict]:
    """The sheets a list prints as: (label, url) for each layout on A4 and Letter."""
    labels = {"roster": _("Roster"), "cards": _("Cards")}
    return [
        {
            "layout": layout,
            "paper": paper,
            "label": labels[layout],
            "url": f"{base_url}?layout={layout}&paper={paper}",
        }
        for layout in LAYOUTS
        for paper in PAPERS
    ]


def sheet_context(context: dict, choices: dict) -> dict:
    """The read-only list's context with what the chosen sheet adds."""
    extra = {"layout": choices["layout"], "paper": choices["paper"]}
    if choices["layout"] == "cards":
        extra.update(context["presenter"].print_cards(context))
    return context | extra
