"""A list as text to paste: plain (forums), Markdown (Discord, Reddit) and compact (one
Discord message of 2,000 characters for a typical list). The one writer for the pages'
Copy panels and the API's ``?format=text|markdown|compact``.

The game's presenter says what the text holds (its sections and facts,
``presenters/<game>/text.py``; the neutral layout in ``presenters/text_layout.py``); this
module adds what every list has (title, game, faction, total against the limit, the
verdict with every problem's message, the share link, "sample data") and writes it out.
Messages and words are in the active language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from armylists.lists.documents import Checked, result_payload
from armylists.packs import pinning
from armylists.presenters import presenter_for
from armylists.presenters.names import local_name
from armylists.presenters.text_layout import (
    TextEntry,
    TextLine,
    TextSection,
    faction_name,
    pick_lines,
)
from rules.engine.validation import rules_for

FORMATS = ("text", "markdown", "compact")
DISCORD_LIMIT = 2000


class UnknownFormat(ValueError):
    """A format this writer does not know (the API answers 400 naming ``format``)."""


@dataclass(frozen=True)
class Sheet:
    """Everything a text export says, before it is written out."""

    title: str
    subtitle: tuple[str, ...]
    sections: tuple[TextSection, ...]
    total: str
    facts: tuple[str, ...]
    valid: bool
    problems: tuple[str, ...]
    warnings: tuple[str, ...]
    share_url: str | None
    notes: str | None
    pts: str


def text_export(
    *, checked: Checked, fmt: str, share_url=None, army_list=None, extras=None, title=None
) -> dict:
    """The list in ``fmt`` with its length: ``{"format", "text", "characters",
    "discord_limit", "fits_discord", "valid", "share_url"}``. ``extras``: what the game's
    presenter shows beside a saved list (its ``list_extras``; read here when not given)."""
    if fmt not in FORMATS:
        raise UnknownFormat(fmt)
    sheet = build_sheet(
        checked=checked, share_url=share_url, army_list=army_list, extras=extras, title=title
    )
    text = WRITERS[fmt](sheet)
    characters = discord_length(text)
    if fmt == "compact" and characters > DISCORD_LIMIT:
        text += "\n" + _(
            "(%(n)s characters: too long for one Discord message of %(limit)s)"
        ) % {"n": characters, "limit": DISCORD_LIMIT}
        characters = discord_length(text)
    return {
        "format": fmt,
        "text": text,
        "characters": characters,
        "discord_limit": DISCORD_LIMIT,
        "fits_discord": characters <= DISCORD_LIMIT,
        "valid": sheet.valid,
        "share_url": share_url,
    }


def text_exports(
    *, checked: Checked, share_url=None, army_list=None, extras=None, title=None
) -> list:
    """Every format of one list (the pages' Copy panels), from one sheet."""
    sheet = build_sheet(
        checked=checked, share_url=share_url, army_list=army_list, extras=extras, title=title
    )
    out = []
    for fmt in FORMATS:
        text = WRITERS[fmt](sheet)
        characters = discord_length(text)
        out.append({"format": fmt, "text": text, "characters": characters,
                    "fits_discord": characters <= DISCORD_LIMIT})
    return out


def discord_length(text: str) -> int:
    """Characters as Discord counts them (UTF-16 code units: an emoji may count two)."""
    return len(text.encode("utf-16-le")) // 2


# -- what the text says -------------------------------------------------------------------


def build_sheet(*, checked: Checked, share_url=None, army_list=None, extras=None, title=None):
    catalogue, document = checked.catalogue, checked.document
    presenter = presenter_for(catalogue.system)
    if extras is None and army_list is not None:
        extras = presenter.list_extras(army_list=army_list, catalogue=catalogue)
    extras = extras or {}
    payload = result_payload(checked=checked)
    points = payload["points"]
    entries = _entries(checked, payload)
    sections = list(
        presenter.text_sections(
            catalogue=catalogue, document=document, entries=entries, extras=extras
        )
    )
    if document.special_actions:
        picks = pick_lines(catalogue, document, points["special_actions"])
        sections.append(TextSection(_("Special actions"), picks))
    rules = rules_for(catalogue.system)
    summary = dict(rules.summary(catalogue, document, points["entries"])) if rules.summary else {}
    pts = str(presenter.words["pts"])
    total = f"{points['total']} / {points['limit']} {pts}" if points["limit"] is not None else (
        f"{points['total']} {pts}"
    )
    subtitle = [local_name(catalogue)]  # the game in the reader's words ("Enterkommando")
    faction = faction_name(catalogue, document.faction)
    if faction:
        subtitle.append(faction)
    subtitle += data_words(catalogue)
    problems, warnings = _problems(payload, entries)
    return Sheet(
        title=title or document.name or catalogue.name,
        subtitle=tuple(subtitle),
        sections=tuple(sections),
        total=total,
        facts=tuple(
            presenter.text_facts(
                catalogue=catalogue, document=document, summary=summary, extras=extras
            )
        ),
        valid=payload["valid"],
        problems=problems,
        warnings=warnings,
        share_url=share_url,
        notes=document.notes,
        pts=pts,
    )


def _entries(checked: Checked, payload: dict) -> list[TextEntry]:
    catalogue = checked.catalogue
    breakdown = payload["breakdown"]
    out = []
    for i, entry in enumerate(checked.document.entries):
        card = catalogue.cards.get(entry.card) if entry.card else None
        name = local_name(card, entry.card or "?")
        if entry.custom is not None:
            name = entry.custom.name
        out.append(
            TextEntry(
                index=i,
                id=entry.id,
                card=card,
                custom=entry.custom,
                name=name,
                title=entry.name,
                count=entry.count,
                size=breakdown[i]["size"],
                items=entry.items,
                options=entry.options,
                points=payload["points"]["entries"][i],
                facts=breakdown[i],
            )
        )
    return out


def _problems(payload: dict, entries: list[TextEntry]) -> tuple[tuple, tuple]:
    """Errors and warnings by message, each naming its entry when the message does not."""
    problems, warnings = [], []
    for v in payload["violations"]:
        message = v["message"]
        if v["entry"] is not None:
            entry = entries[v["entry"]]
            who = entry.title or entry.name
            if who not in message:
                message = f"{who}: {message}"
        if v["severity"] == "error":
            problems.append(message)
        elif v["severity"] == "warning":
            warnings.append(message)
    return tuple(problems), tuple(warnings)


def _verdict(sheet: Sheet) -> str:
    if sheet.valid:
        return _("Legal")
    n = len(sheet.problems)
    return ngettext("Not legal: %(n)s problem", "Not legal: %(n)s problems", n) % {"n": n}


# -- writing it out -----------------------------------------------------------------------


def _line(line: TextLine, pts: str, esc=str) -> str:
    text = esc(line.label)
    if line.details:
        # Square brackets, as a name may hold parentheses ("Thorvald (Gestir Captain)");
        # not a Markdown link without "(url)" after them.
        text += f" [{', '.join(esc(d) for d in line.details)}]"
    if line.points is not None:
        text += f": {line.points} {pts}"
    return text


def write_text(sheet: Sheet) -> str:
    out = [sheet.title, " · ".join(sheet.subtitle)]
    for section in sheet.sections:
        out += ["", section.title]
        for line in section.lines:
            out.append(f"- {_line(line, sheet.pts)}")
            out += [f"    {note}" for note in line.notes]
    out += ["", " · ".join([f"{_('Total')}: {sheet.total}", *sheet.facts]), _verdict(sheet)]
    out += [f"- {p}" for p in sheet.problems]
    out += [f"- {_('Warning')}: {w}" for w in sheet.warnings]
    if sheet.notes:
        out += ["", _("Notes"), sheet.notes]
    if sheet.share_url:
        out += ["", f"{_('Share link')}: {sheet.share_url}"]
    return "\n".join(out)


# "@everyone", "@here", "@name", "<@123>", "<@&role>": a zero-width space after the "@"
# keeps the text as it reads and stops a chat from pinging anyone when it is pasted.
_MENTION = re.compile(r"@(?=[^\s\u200b])")


def no_mentions(text: str) -> str:
    """Text that mentions nobody when pasted into Discord (Markdown and compact exports)."""
    return _MENTION.sub("@\u200b", text)


_MARKDOWN = re.compile(r"([\\`*_~|<>#\[\]])")


def md(text: str) -> str:
    """Text as itself in Markdown: every character Discord or Reddit would read escaped."""
    return _MARKDOWN.sub(r"\\\1", str(text))


def write_markdown(sheet: Sheet) -> str:
    out = [f"## {md(sheet.title)}", f"*{' · '.join(md(s) for s in sheet.subtitle)}*"]
    for section in sheet.sections:
        out += ["", f"**{md(section.title)}**"]
        for line in section.lines:
            out.append(f"- {_line(line, sheet.pts, md)}")
            out += [f"  - {md(note)}" for note in line.notes]
    facts = " · ".join(md(f) for f in sheet.facts)
    out += ["", f"**{_('Total')}: {md(sheet.total)}**" + (f" · {facts}" if facts else "")]
    out.append(f"✅ **{_verdict(sheet)}**" if sheet.valid else f"❌ **{_verdict(sheet)}**")
    out += [f"- {md(p)}" for p in sheet.problems]
    out += [f"- ⚠ {md(w)}" for w in sheet.warnings]
    if sheet.notes:
        out += ["", f"**{_('Notes')}**", md(sheet.notes)]
    if sheet.share_url:
        out += ["", f"{_('Share link')}: {sheet.share_url}"]
    return no_mentions("\n".join(out))


def write_compact(sheet: Sheet) -> str:
    """One line for the list, one per section, one for the problems: no blank lines, no
    notes, points without their unit (the total says it)."""
    verdict = "✅" if sheet.valid else "❌"
    out = [" · ".join([sheet.title, *sheet.subtitle, sheet.total, *sheet.facts]) + f" {verdict}"]
    for section in sheet.sections:
        parts = []
        for line in section.lines:
            details = (*line.details, *line.notes)
            part = line.label + (f" [{', '.join(details)}]" if details else "")
            parts.append(part + (f" {line.points}" if line.points is not None else ""))
        out.append(f"{section.title}: " + "; ".join(parts))
    if not sheet.valid or sheet.problems:
        out.append(f"{_verdict(sheet)}: " + "; ".join(sheet.problems) if sheet.problems else (
            _verdict(sheet)
        ))
    if sheet.share_url:
        out.append(sheet.share_url)
    return no_mentions("\n".join(out))


WRITERS = {"text": write_text, "markdown": write_markdown, "compact": write_compact}


def data_words(catalogue) -> list[str]:
    """What the sheet says of the data that judged the list: the pack version it is
    pinned to, and whether its numbers are a player's own, or sample data."""
    words = []
    origin = catalogue.origin
    if origin.id is not None:
        words.append(
            _("pack “%(name)s”, version %(version)s")
            % {"name": pinning.pack_name(catalogue), "version": origin.version}
        )
        if not origin.official:
            return [*words, _("a player’s own data, not official")]
    if catalogue.sample_data:
        words.append(_("sample data"))
    return words
