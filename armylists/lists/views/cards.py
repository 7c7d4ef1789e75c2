"""A profile card: its stats (effective with the items or options in the query), what it
may buy and at what price, explained abbreviations; what only one game shows (stat rows
by wounds taken, an equipment list in gold) comes from its presenter."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from armylists.lists.rows import stat_pairs
from armylists.presenters import presenter_of
from armylists.presenters.names import keyword_name, local_name
from armylists.web.pages import catalogue_or_404
from rules.engine import Entry
from rules.engine.validation import rules_for


def card_detail(request, system, card):
    """Template: card.html. ?items=a&items=b (or ?options=...) for effective stats."""
    catalogue = catalogue_or_404(system)
    found = catalogue.cards.get(card)
    if found is None:
        raise Http404
    presenter = presenter_of(catalogue)
    items = [k for k in request.GET.getlist("items")[:100] if k in catalogue.items]
    options = [k for k in request.GET.getlist("options")[:100] if k in catalogue.items]
    entry = Entry(card=card, items=tuple(items), options=tuple(options))
    stats = rules_for(system).stats_for(found, entry, catalogue)
    glossary = presenter.glossary(catalogue)
    # Shown beside the effective values when bought items change them (armour, shields).
    base = dict(found.stats) if items and dict(found.stats) != stats else None

    def choices(keys_and_prices, chosen):
        groups: dict = {}
        for key, points in keys_and_prices:
            item = catalogue.items.get(key)
            if item is None:
                continue
            groups.setdefault(item.kind, []).append(
                {"item": item, "name": local_name(item), "points": points, "chosen": key in chosen}
            )
        return [
            {"label": presenter.kind_label(kind), "kind": kind, "choices": group}
            for kind, group in groups.items()
        ]

    context = {
        "catalogue": catalogue,
        "presenter": presenter,
        "words": presenter.words,
        "glossary": glossary,
        "card": found,
        "name": local_name(found),
        "faction": catalogue.factions.get(found.faction),
        "stats": stat_pairs(catalogue, stats, glossary),
        "base_stats": stat_pairs(catalogue, base, glossary) if base else None,
        "items": [catalogue.items[k] for k in items],
        "options": [catalogue.items[k] for k in options],
        "item_groups": choices(found.allowed_items.items(), items),
        "option_groups": choices(found.allowed_options.items(), options),
        "wargear": [keyword_name(catalogue, w) for w in found.attributes.get("wargear") or ()],
    }
    context["card_links"] = presenter.card_links(found, entry, catalogue)
    context.update(presenter.card_context(found, entry, catalogue))
    return render(request, "card.html", context)
