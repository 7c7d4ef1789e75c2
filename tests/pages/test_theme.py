"""Light and dark: the colour pairs the pages use reach WCAG AA in both themes (4.5:1 for
text, 3:1 for the focus ring), computed from the CSS custom properties the stylesheets
define; every colour of the stylesheet is one of them (so dark mode reaches every page);
every page loads the theme before it paints and offers the switch."""

import re

import pytest
from django.conf import settings
from django.test import Client

from tests.support.contrast import ratio, theme_blocks

STATIC = settings.BASE_DIR / "static"
TEXT = 4.5
NON_TEXT = 3.0

# (foreground, background) of every text the pages draw: body text, muted text, links,
# buttons, error/warning/success/info notes and badges, the header.
TEXT_PAIRS = [
    ("fg", "bg"), ("fg", "card"), ("muted", "bg"), ("muted", "card"),
    ("accent", "bg"), ("accent", "card"),  # links
    ("fg", "card"), ("on-accent", "accent"), ("on-accent", "err"),  # buttons
    ("err", "err-bg"), ("fg", "err-bg"), ("err", "bg"), ("err", "card"),  # errors
    ("warn", "warn-bg"), ("fg", "warn-bg"), ("warn", "bg"),  # warnings
    ("ok", "ok-bg"), ("fg", "ok-bg"), ("ok", "bg"), ("ok", "card"),  # success
    ("info", "info-bg"), ("fg", "info-bg"),
    ("badge-fg", "badge-bg"), ("sample-fg", "sample-bg"), ("fg", "neutral-bg"),
    ("top-fg", "top-bg"),
    ("accent", "err-bg"), ("accent", "info-bg"), ("accent", "warn-bg"),  # links in notes
]
FOCUS_PAIRS = [("focus", "bg"), ("focus", "card")]
PRINT_PAIRS = [("ink", "paper"), ("faint", "paper")]


def themes(name: str) -> dict[str, dict]:
    blocks = theme_blocks((STATIC / "css" / name).read_text())
    assert len(blocks["light"]) == 1
    # The dark colours are written twice (the system's setting; the switch's choice): the
    # same both times.
    assert len(blocks["dark"]) == 2 and blocks["dark"][0] == blocks["dark"][1]
    assert blocks["dark"][0].keys() == blocks["light"][0].keys()
    return {"light": blocks["light"][0], "dark": blocks["dark"][0]}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_pair_reaches_aa_in_both_themes(theme):
    colours = themes("muster.css")[theme]
    low = {
        f"{fg} on {bg}": round(ratio(colours[fg], colours[bg]), 2)
        for fg, bg in TEXT_PAIRS
        if ratio(colours[fg], colours[bg]) < TEXT
    }
    assert low == {}
    for fg, bg in FOCUS_PAIRS:
        assert ratio(colours[fg], colours[bg]) >= NON_TEXT, (fg, bg)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_print_preview_reaches_aa_in_both_themes(theme):
    colours = themes("print.css")[theme]
    for fg, bg in PRINT_PAIRS:
        assert ratio(colours[fg], colours[bg]) >= TEXT, (fg, bg)


def test_paper_stays_light():
    """The dark colours apply on screen only: every dark block is inside @media screen."""
    for name in ("muster.css", "print.css"):
        css = (STATIC / "css" / name).read_text()
        for found in re.finditer(r":root(:not\(\[data-theme=light\]\)|\[data-theme=dark\])", css):
            opened = css.rfind("@media", 0, found.start())
            assert css[opened : found.start()].startswith("@media screen"), name


@pytest.mark.parametrize("name", ["muster.css", "print.css"])
def test_every_colour_is_a_theme_colour(name):
    """Outside the theme blocks no colour is written out: each is a custom property, so
    the dark theme reaches every part of every page (and the charts)."""
    css = (STATIC / "css" / name).read_text()
    css = re.sub(r"(^|\n)\s*:root[^{]*\{[^}]*\}", "", css)
    assert re.findall(r"#[0-9a-fA-F]{3,6}\b|rgba?\(", css) == []


def test_every_page_sets_the_theme_before_it_paints(db, load_system):
    load_system("godslayer")
    for url in ("/", "/g/godslayer/", "/accounts/login/"):
        html = Client().get(url).content.decode()
        head = html[: html.index("</head>")]
        # theme.js without defer, before the stylesheet: no flash of the other theme.
        assert re.search(r'<script src="[^"]*js/theme\.js"></script>\s*<link rel="stylesheet"', head)
        assert 'data-testid="theme-switch"' in html


def test_the_switch_is_in_german_too(db):
    client = Client()
    client.cookies["django_language"] = "de"
    html = client.get("/").content.decode()
    assert 'data-label-dark="Design: dunkel"' in html
