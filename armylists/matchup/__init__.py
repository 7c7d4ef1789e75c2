"""The matchup odds in the pages and the API, for any game whose engine has a
``resolve(catalogue, request)`` (its matchup module in ``rules.systems``): one function
to the engine (``odds_for``), the page's form and view, the chart. Names no game: each
game's presenter package gives its resolver, its form fields and its template."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from armylists.playaids.tools import ToolError, ToolUnavailable
from armylists.presenters.names import local_name
from rules import selectors as rules_selectors
from rules.engine import Catalogue
from rules.systems.matchup import MatchupError

Resolver = Callable[[Catalogue, dict], dict]


def odds_for(system: str, resolve: Resolver, request: dict,
             catalogue: Catalogue | None = None) -> dict:
    """The odds the request asks for, with the game's loaded data: the one way to the
    engine for the page and the API. ToolError names each impossible field;
    ToolUnavailable says the game data is not loaded."""
    catalogue = catalogue or rules_selectors.catalogue_get(key=system)
    if catalogue is None:
        raise ToolUnavailable(f"the {system} game data is not loaded")
    try:
        return resolve(catalogue, request)
    except MatchupError as exc:
        raise ToolError(exc.errors) from None


def card_link(card, url_name: str, extras: str, keys: Iterable[str]) -> tuple[str, str]:
    """A card page's link to the matchup page, the card (with what it bought) attacking."""
    query = urlencode([("attacker", card.key), *((f"attacker_{extras}", k) for k in keys)])
    label = _("%(name)s against …") % {"name": local_name(card)}
    return label, f"{reverse(url_name)}?{query}"
