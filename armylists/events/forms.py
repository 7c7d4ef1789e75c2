"""The forms of the event pages: open or change an event, submit a list. They check
types and bounds; what only the data can say (a pack one may use, the close in the
future) is the service's, whose refusals the views put beside the fields they name."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from armylists.events.models import Event, Participant
from armylists.events.services import MAX_HOUSE_RULES, MAX_NAME, MAX_PLAYERS, MAX_STAFF, NEVER
from rules.engine.document import MAX_POINTS

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")
MOMENT_FORMATS = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]
OFFICIAL = ""
REVEAL_CHOICES = [
    ("close", _("when lists close")),
    ("at", _("at a time of my choosing")),
    (NEVER, _("never: only the organiser and staff see the lists")),
]


def _clean_text(value: str) -> str:
    if _CONTROL.search(value or ""):
        raise forms.ValidationError(_("This text contains a character that cannot be stored."))
    return value


def _moment(label, required=True):
    return forms.DateTimeField(
        label=label,
        required=required,
        input_formats=MOMENT_FORMATS,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=MOMENT_FORMATS[0]),
    )


class EventForm(forms.Form):
    """Open an event (``packs``: the pack versions the organiser may choose), or change
    one (``judged``: lists were submitted, so its data and size stay)."""

    name = forms.CharField(label=_("Name"), max_length=MAX_NAME, validators=[_clean_text])
    pack = forms.ChoiceField(label=_("Game data"), required=False, widget=forms.RadioSelect)
    battle_size = forms.IntegerField(
        label=_("Battle size"), min_value=1, max_value=MAX_POINTS, required=False,
        help_text=_("Every list is judged at this size. Empty: the game's default."),
    )  # fmt: skip
    house_rules = forms.CharField(
        label=_("House rules"), max_length=MAX_HOUSE_RULES, required=False,
        widget=forms.Textarea(attrs={"rows": 4}), validators=[_clean_text],
    )  # fmt: skip
    lists_close = _moment(_("Lists close"))
    reveal = forms.ChoiceField(
        label=_("Players see each other's lists"), choices=REVEAL_CHOICES,
        widget=forms.RadioSelect, initial="close",
    )  # fmt: skip
    reveal_at = _moment(_("Reveal at"), required=False)
    visibility = forms.ChoiceField(
        label=_("Who finds it"), choices=Event.VISIBILITY_CHOICES, widget=forms.RadioSelect,
        initial=Event.LINK,
    )  # fmt: skip
    player_limit = forms.IntegerField(
        label=_("Player limit"), min_value=1, max_value=MAX_PLAYERS, required=False,
        help_text=_("Empty: no limit."),
    )  # fmt: skip

    def __init__(self, *args, packs=(), judged=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pack"].choices = [(OFFICIAL, _("official data (as loaded)"))] + [
            (f"{pack_id}:{version}", label) for pack_id, version, label in packs
        ]
        if judged:
            del self.fields["pack"], self.fields["battle_size"]

    def clean(self):
        data = super().clean()
        if data.get("reveal") == "at" and data.get("reveal_at") is None:
            self.add_error("reveal_at", _("Give the time of the reveal."))
        return data

    def fields_for_service(self) -> dict:
        data = dict(self.cleaned_data)
        mode, moment = data.pop("reveal"), data.pop("reveal_at", None)
        data["reveal"] = NEVER if mode == NEVER else (moment if mode == "at" else None)
        if "pack" in data:
            pack_id, _sep, version = data.pop("pack").rpartition(":")
            data["pack"] = {"id": pack_id, "version": int(version)} if pack_id else None
        return data

    @staticmethod
    def initial_of(event: Event) -> dict:
        return {
            "name": event.name,
            "battle_size": event.battle_size,
            "house_rules": event.house_rules,
            "lists_close": event.lists_close,
            "reveal": NEVER if event.reveal_never else ("at" if event.reveal_at else "close"),
            "reveal_at": event.reveal_at,
            "visibility": event.visibility,
            "player_limit": event.player_limit,
            "pack": f"{event.pack_key}:{event.pack_version}" if event.pack_key else OFFICIAL,
        }


class StaffForm(forms.Form):
    """The organiser's staff: user names, comma-separated, by their rights."""

    read = forms.CharField(
        label=_("Staff who see every list and the exports"), max_length=2000, required=False,
        help_text=_("User names, comma-separated."),
    )  # fmt: skip
    edit = forms.CharField(
        label=_("Staff who also change the event"), max_length=2000, required=False,
        help_text=_("User names, comma-separated."),
    )  # fmt: skip

    def _names(self, field: str) -> list[str]:
        names = [n.strip() for n in self.cleaned_data[field].split(",") if n.strip()]
        if any(len(n) > 150 or _CONTROL.search(n) for n in names):
            raise forms.ValidationError(_("That is not a user name."))
        return names

    def clean_read(self):
        return self._names("read")

    def clean_edit(self):
        return self._names("edit")

    def clean(self):
        data = super().clean()
        if len(data.get("read", [])) + len(data.get("edit", [])) > MAX_STAFF:
            raise forms.ValidationError(_("At most %(n)s staff.") % {"n": MAX_STAFF})
        return data

    def staff(self) -> list[dict]:
        return [{"username": n, "rights": Participant.READ} for n in self.cleaned_data["read"]] + [
            {"username": n, "rights": Participant.EDIT} for n in self.cleaned_data["edit"]
        ]


class SubmitForm(forms.Form):
    """One of the player's saved lists of the event's game."""

    list = forms.TypedChoiceField(label=_("Your list"), coerce=int)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, lists=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["list"].choices = [(a.pk, a.name or f"#{a.pk}") for a in lists]
