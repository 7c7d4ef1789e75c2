"""The matchup page of any game: the GET form, and once it names both sides the odds with
their chart. Until both cards are chosen (a card's "against ..." link fills in the
attacker) the form only shows what the address says, marking nothing as missing."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from armylists.matchup import odds_for
from armylists.matchup.chart import bar_chart
from armylists.playaids.tools import ToolError
from rules import selectors as rules_selectors
from rules.systems.matchup import SIDES

MAX_QUERY_KEYS = 40  # fields read from the address
MAX_LIST = 20  # items or options of a side, as in the API
MAX_VALUE = 100


def matchup_page(request, *, system: str, form_class, resolve, template: str):
    """Template: ``template`` (the game's, including matchup/_form.html and the chart)."""
    # The games' matchup pages sit below the generic pages: the 404 is asked here.
    catalogue = rules_selectors.catalogue_get(key=system)
    if catalogue is None:
        raise Http404
    query = request.GET
    if all(query.get(side) for side in SIDES):
        form = form_class(query, catalogue=catalogue)
    else:
        form = form_class(catalogue=catalogue, initial=as_initial(query, form_class.EXTRAS))
    result = None
    if form.is_bound and form.is_valid():
        try:
            result = odds_for(system, resolve, form.to_request(), catalogue)
        except ToolError as exc:
            for path, message, _code in exc.errors:
                form.add_error(form.field_for(path), message)
    return render(request, template, {
        "catalogue": catalogue,
        "form": form,
        "forms": [form],
        "has_errors": bool(form.errors),
        "sides": [(form.fields[side].label, form.side_fields(side)) for side in SIDES],
        "result": result,
        "percents": percents(result) if result else None,
        "chart": bar_chart(result["damage_distribution"]) if result else None,
    })


def as_initial(query, extras: str) -> dict:
    """The address's values as the form's first values (a list for what a side bought)."""
    initial = {}
    for key in list(query)[:MAX_QUERY_KEYS]:
        if key.endswith(f"_{extras}"):
            initial[key] = [v[:MAX_VALUE] for v in query.getlist(key)[:MAX_LIST]]
        else:
            initial[key] = query.get(key, "")[:MAX_VALUE]
    return initial


def percents(result: dict) -> dict:
    """Every chance of the answer as a percentage, for the page to print."""
    out = {k: v * 100 for k, v in result.items() if k.endswith("_probability")}
    out["within"] = [(k, p * 100) for k, p in result["take_out_within"].items()]
    return out
