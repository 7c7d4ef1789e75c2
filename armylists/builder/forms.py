"""The builder page's post, read as edits.

A builder post names what it changes: fields named by entry id (``e.<id>.count``,
``e.<id>.items``, ``a.<id>.count`` for a special-action purchase, ``name`` and
``battle_size`` for the list) and one ``action`` (``add:<card>``, ``remove:<id>``,
``undo``, ``save``...). With JavaScript the page sends only the fields that changed;
without it, the whole form, and only the values that differ from the list become edits.
Nothing the post does not name changes, and a post with a bad value changes nothing: it
comes back with the problem beside the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from armylists.builder.edits import with_quantity
from armylists.presenters.base import Presenter
from armylists.presenters.names import local_name
from rules.engine import Catalogue, ListDocument
from rules.engine.document import MAX_COUNT, MAX_POINTS

FIELD = re.compile(r"^([ea])\.([A-Za-z0-9_-]{1,32})\.(.+)$")
NUL = "\x00"


@dataclass
class FieldError:
    name: str  # the form field's name
    message: str
    entry_id: str | None = None
    label: str = ""
    typed: str | None = None  # what was typed, shown again so it can be corrected


@dataclass
class BuilderPost:
    edits: list[dict] = field(default_factory=list)
    action: str = "update"
    arg: str = ""
    errors: list[FieldError] = field(default_factory=list)
    custom: dict | None = None  # the new custom unit, for action "add_custom"


def _whole(value: str, *, low: int, high: int, required: bool = True):
    return forms.IntegerField(min_value=low, max_value=high, required=required).clean(value)


def _text(value: str, *, max_length: int):
    if NUL in value:
        raise ValidationError(_("This text contains a character that cannot be stored."))
    return forms.CharField(max_length=max_length, required=False).clean(value).strip()


class CustomUnitForm(forms.Form):
    """A unit the player types in (a game whose data allows custom units). It is the add
    form (prefix ``custom``) and each custom entry's fields (prefix ``e.<id>.custom``).

    No ``required`` attributes: the add form sits inside the builder's one <form>, and the
    browser would refuse every other button while it is empty. It is checked on the
    server, and only when its own button is pressed.
    """

    use_required_attribute = False

    def __init__(self, *args, unit_types: list[tuple[str, str]], current=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = list(unit_types)
        if current and current not in dict(choices):
            choices.append((current, current))  # unknown: kept and reported, not dropped
        self.fields["name"] = forms.CharField(label=_("Name"), max_length=200)
        self.fields["points"] = forms.IntegerField(
            label=_("Points"), min_value=0, max_value=MAX_POINTS
        )
        self.fields["unit_type"] = forms.ChoiceField(label=_("Unit type"), choices=choices)
        self.fields["base_mm"] = forms.IntegerField(
            label=_("Base (mm)"), min_value=1, max_value=500, required=False
        )
        self.fields["wargear"] = forms.CharField(
            label=_("Wargear"),
            required=False,
            max_length=5000,
            help_text=_("Keywords, separated by commas (e.g. jump pack, power sword)."),
        )
        self.fields["name"].widget.attrs["placeholder"] = _("e.g. Tactical Marine")

    def clean_wargear(self):
        words = list(dict.fromkeys(w.strip() for w in self.cleaned_data["wargear"].split(",")))
        words = [w for w in words if w]
        if len(words) > 50:
            raise ValidationError(_("At most 50 wargear keywords."))
        if any(len(w) > 100 for w in words):
            raise ValidationError(_("A wargear keyword has at most 100 characters."))
        return words

    def clean(self):
        data = super().clean()
        if any(NUL in str(v) for v in data.values()):
            raise ValidationError(_("This text contains a character that cannot be stored."))
        return data

    def custom(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"].strip(),
            "points": data["points"],
            "unit_type": data["unit_type"],
            "base_mm": data.get("base_mm"),
            "wargear": data.get("wargear") or [],
        }


def checkbox_keys(presenter: Presenter, catalogue: Catalogue, card, keys, current) -> list[str]:
    """The keys an entry's checkboxes offer: the card's list, then keys the entry has that
    the list lacks (kept and shown with their violation, never dropped)."""
    offered = [k for k in keys if presenter.item_control(card, k, catalogue) == "checkbox"]
    return offered + [k for k in dict.fromkeys(current) if k not in keys]


def _apply_checkboxes(current: tuple, offered: list[str], checked: list[str]) -> tuple:
    """Items after the checkboxes: a checked key is had at least once (kept as often as it
    was), an unchecked one not at all; keys without a checkbox stay as they are."""
    out = list(current)
    for key in offered:
        if key in checked and key not in out:
            out.append(key)
        elif key not in checked:
            out = [k for k in out if k != key]
    return tuple(out)


# An entry's plain fields and how each is read.
ENTRY_FIELDS = {
    "count": lambda v: _whole(v, low=1, high=MAX_COUNT),
    "size": lambda v: _whole(v, low=1, high=MAX_COUNT, required=False),
    "name": lambda v: _text(v, max_length=200) or None,
    "notes": lambda v: _text(v, max_length=1000) or None,
}


@dataclass(frozen=True)
class _At:
    """The entry a post's fields are read for: its card, the fields named, their prefix
    (``e.<id>.``) and the entry's name for messages."""

    entry: object
    card: object
    names: set
    prefix: str
    label: str


class _Reader:
    def __init__(self, data, document, catalogue, presenter):
        self.data, self.document = data, document
        self.catalogue, self.presenter = catalogue, presenter
        self.post = BuilderPost()

    def error(self, name, exc, entry_id=None, label=""):
        messages = exc.messages if isinstance(exc, ValidationError) else [str(exc)]
        typed = self.data.get(name)
        for message in messages:
            self.post.errors.append(FieldError(name, message, entry_id, str(label), typed))

    # -- the list's own fields ------------------------------------------------------

    def header(self):
        doc, data = self.document, self.data
        fields = [
            ("name", gettext_lazy("Name"), lambda v: _text(v, max_length=200)),
            ("notes", gettext_lazy("Notes"), lambda v: _text(v, max_length=5000) or None),
            (
                "battle_size",
                self.presenter.words["limit"],
                # a battle size of 0 would judge every list over it: refused, never silently kept
                lambda v: _whole(v, low=1, high=MAX_POINTS, required=False),
            ),
            ("role", gettext_lazy("Role"), self._role),
        ]
        for name, label, read in fields:
            if name not in data:
                continue
            try:
                value = read(data[name])
            except ValidationError as exc:
                self.error(name, exc, label=label)
                continue
            if value != getattr(doc, name):
                self.post.edits.append({"op": "set_header", "field": name, "value": value})

    def _role(self, value: str):
        value = value.strip() or None
        roles = [key for key, _label in self.presenter.role_choices(self.catalogue,
                                                                     self.document)]
        if value is not None and value not in roles and value != self.document.role:
            raise ValidationError(_("Choose one of the roles offered."))
        return value

    # -- entries ----------------------------------------------------------------------

    def entries(self):
        named: dict[str, set[str]] = {}
        for name in self.data:
            found = FIELD.match(name)
            if found and found.group(1) == "e":
                named.setdefault(found.group(2), set()).add(found.group(3))
        for entry in self.document.entries:
            if entry.id in named:
                self.entry(entry, named[entry.id])

    def entry(self, entry, names: set[str]):
        """The edits of one entry's posted fields (only those named)."""
        card = self.catalogue.cards.get(entry.card) if entry.card else None
        label = local_name(card, entry.card or (entry.custom.name if entry.custom else "?"))
        at = _At(entry, card, names, f"e.{entry.id}.", label)
        values = self._plain_fields(at)
        items = self._quantities(at, self._checked_items(at))
        if items != entry.items:
            values["items"] = list(items)
        if "options~" in names or "options" in names:
            options = self._checked_options(at)
            if options != entry.options:
                values["options"] = list(options)
        if entry.custom is not None and any(n.startswith("custom-") for n in names):
            self.custom_fields(entry, label, values)
        for name, value in values.items():
            current = getattr(entry, name)
            if isinstance(current, tuple):
                current = list(current)
            if value != current:
                self.post.edits.append(
                    {"op": "set", "entry": entry.id, "field": name, "value": value}
                )

    def _plain_fields(self, at: _At) -> dict:
        """Count, size, name and notes, each read if posted."""
        values = {}
        for name, read in ENTRY_FIELDS.items():
            if name in at.names:
                try:
                    values[name] = read(self.data[at.prefix + name])
                except ValidationError as exc:
                    self.error(at.prefix + name, exc, at.entry.id, at.label)
        return values

    def _refuse_unoffered(self, at: _At, field: str, checked: list, offered: list) -> list:
        """The checked keys the entry is offered; each other one named as an error."""
        for key in checked:
            if key not in offered:
                message = _("%(name)s cannot take %(item)s.") % {
                    "name": at.label,
                    "item": local_name(self.catalogue.items.get(key), key),
                }
                self.error(at.prefix + field, message, at.entry.id, at.label)
        return [k for k in checked if k in offered]

    def _checked_items(self, at: _At) -> tuple:
        """The items after the item checkboxes (unchanged when none was posted)."""
        entry, card = at.entry, at.card
        if "items~" not in at.names and "items" not in at.names:
            return entry.items
        allowed = list(card.allowed_items) if card is not None else []
        offered = checkbox_keys(self.presenter, self.catalogue, card, allowed, entry.items)
        checked = self.data.getlist(at.prefix + "items")
        return _apply_checkboxes(
            entry.items, offered, self._refuse_unoffered(at, "items", checked, offered)
        )

    def _quantities(self, at: _At, items: tuple) -> tuple:
        """The items after the quantity fields (``qty.<item>``), in the key's order."""
        entry, card = at.entry, at.card
        for name in sorted(n for n in at.names if n.startswith("qty.")):
            key = name[4:]
            top = self.presenter.item_quantity_max(card, key, self.catalogue)
            try:
                quantity = _whole(self.data[at.prefix + name], low=0,
                                  high=max(top, items.count(key)))
            except ValidationError as exc:
                self.error(at.prefix + name, exc, entry.id, at.label)
                continue
            if card is not None and (key in card.allowed_items or key in entry.items):
                items = with_quantity(items, key, quantity)
        return items

    def _checked_options(self, at: _At) -> tuple:
        entry, card = at.entry, at.card
        allowed = list(card.allowed_options) if card is not None else []
        offered = allowed + [k for k in dict.fromkeys(entry.options) if k not in allowed]
        checked = self.data.getlist(at.prefix + "options")
        return _apply_checkboxes(
            entry.options, offered, self._refuse_unoffered(at, "options", checked, offered)
        )

    def custom_fields(self, entry, label, values):
        prefix = f"e.{entry.id}.custom"
        form = CustomUnitForm(
            self.data,
            prefix=prefix,
            unit_types=self.presenter.unit_types(self.catalogue),
            current=entry.custom.unit_type,
        )
        if form.is_valid():
            custom = form.custom()
            old = {
                "name": entry.custom.name,
                "points": entry.custom.points,
                "unit_type": entry.custom.unit_type,
                "base_mm": entry.custom.base_mm,
                "wargear": list(entry.custom.wargear),
            }
            if custom != old:
                values["custom"] = custom
        else:
            for name, errors in form.errors.items():
                for message in errors:
                    self.post.errors.append(
                        FieldError(f"{prefix}-{name}", message, entry.id, str(label))
                    )

    # -- special actions --------------------------------------------------------------

    def picks(self):
        for pick in self.document.special_actions:
            prefix = f"a.{pick.id}."
            action = self.catalogue.special_actions.get(pick.action)
            label = local_name(action, pick.action)
            if prefix + "count" in self.data:
                try:
                    count = _whole(self.data[prefix + "count"], low=1, high=MAX_COUNT)
                except ValidationError as exc:
                    self.error(prefix + "count", exc, pick.id, label)
                else:
                    if count != pick.count:
                        self.post.edits.append(
                            {"op": "set_action", "pick": pick.id, "field": "count", "value": count}
                        )
            if prefix + "variant" in self.data:
                variant = self.data[prefix + "variant"].strip() or None
                known = [v.key for v in action.variants] if action is not None else []
                if variant is not None and variant not in known and variant != pick.variant:
                    self.error(
                        prefix + "variant", _("Choose one of the variants offered."), pick.id, label
                    )
                elif variant != pick.variant:
                    self.post.edits.append(
                        {"op": "set_action", "pick": pick.id, "field": "variant", "value": variant}
                    )

    # -- the action ---------------------------------------------------------------------

    def action(self):
        action = str(self.data.get("action") or "update")
        verb, _sep, arg = action.partition(":")
        self.post.action, self.post.arg = verb, arg
        if verb == "add_custom":
            form = CustomUnitForm(
                self.data, prefix="custom", unit_types=self.presenter.unit_types(self.catalogue)
            )
            if form.is_valid():
                self.post.custom = form.custom()
            else:
                for name, errors in form.errors.items():
                    for message in errors:
                        self.post.errors.append(
                            FieldError(f"custom-{name}", message, None, _("Custom unit"))
                        )


def read_builder_post(
    data, *, document: ListDocument, catalogue: Catalogue, presenter: Presenter
) -> BuilderPost:
    """The edits and the action a builder post names (see the module docstring)."""
    reader = _Reader(data, document, catalogue, presenter)
    reader.header()
    reader.entries()
    reader.picks()
    reader.action()
    return reader.post
