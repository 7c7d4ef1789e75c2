"""Events over the API as the OpenAPI schema shows them: the request bodies (each field
bounded; fields a request does not know are refused by name) and the answers.

``reveal`` is one field of three shapes: an ISO 8601 date and time (players see each
other's lists from then on), null (at ``lists_close``) or the string ``"never"`` (only
the organiser and staff ever see them).
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.validators import RegexValidator
from drf_spectacular.utils import OpenApiExample, extend_schema_field
from rest_framework import serializers

from armylists.api.fields import Text
from armylists.api.strict import NoUnknownFields
from armylists.events.borrowed_web import (
    PointsSerializer,
    TrueFalseField,
    ViolationSerializer,
    WholeNumberField,
)
from armylists.events.models import Event, Participant
from armylists.events.services import (
    MAX_HOUSE_RULES,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_STAFF,
    NEVER,
)
from rules.engine.document import MAX_POINTS

VISIBILITIES = [Event.LINK, Event.PUBLIC]
RIGHTS = [Participant.READ, Participant.EDIT]
STAFF_CHOICES = ["", *RIGHTS]
REVEAL_SCHEMA = {
    # anyOf, not oneOf: a validator that does not check "format" reads "never" as a
    # date-time string too.
    "anyOf": [
        {"type": "string", "format": "date-time"},
        {"type": "string", "enum": [NEVER]},
        {"type": "null"},
    ],
    "description": 'When players see each other\'s lists: a date and time (not before '
    'lists_close), null for "at lists_close", or "never" (only the organiser and staff '
    "see them).",
}


@extend_schema_field(REVEAL_SCHEMA)
class RevealField(serializers.Field):
    default_error_messages = {
        "invalid": 'must be a date and time (ISO 8601), null or "never"',
    }

    def __init__(self, **kwargs):
        super().__init__(allow_null=True, **kwargs)
        self._moment = serializers.DateTimeField()

    def to_internal_value(self, data):
        if data == NEVER:
            return NEVER
        if not isinstance(data, str):
            self.fail("invalid")
        return self._moment.run_validation(data)

    def to_representation(self, value):
        return value


# Request fields are strict JSON types (a number where text belongs is refused, not read
# as text; 2.0 is no whole number): the schema says so, and schemathesis holds us to it.
KEY = RegexValidator(r"^[-a-zA-Z0-9_]+$", "letters, digits, hyphens and underscores only")


class EventPackRefSerializer(NoUnknownFields):
    id = Text(max_length=64, help_text="The pack's id (official: the game's key).")
    version = WholeNumberField(min_value=1, max_value=2**31 - 1)


class EventStaffSerializer(NoUnknownFields):
    username = Text(max_length=150)
    rights = serializers.ChoiceField(
        RIGHTS, help_text="read: sees every list and the exports; edit: also changes the event."
    )


class _EventFields(NoUnknownFields):
    name = Text(max_length=MAX_NAME)
    battle_size = WholeNumberField(
        min_value=1, max_value=MAX_POINTS, allow_null=True, required=False,
        help_text="Every list is judged at this size (null: the game's default).",
    )  # fmt: skip
    pack = EventPackRefSerializer(
        allow_null=True, required=False,
        help_text="The pack version the event is played on, one the organiser may use "
        "(null: the game's official data as loaded).",
    )  # fmt: skip
    house_rules = Text(
        max_length=MAX_HOUSE_RULES, allow_blank=True, required=False, trim_whitespace=False
    )
    lists_close = serializers.DateTimeField(help_text="The deadline: no submission after it.")
    reveal = RevealField(required=False)
    visibility = serializers.ChoiceField(
        VISIBILITIES, required=False,
        help_text="link: only who has the join link; public: also listed on the events page.",
    )  # fmt: skip
    player_limit = WholeNumberField(
        min_value=1, max_value=MAX_PLAYERS, allow_null=True, required=False
    )


class EventCreateSerializer(_EventFields):
    system = Text(max_length=64, validators=[KEY], help_text="The game's key.")


class EventUpdateSerializer(_EventFields):
    renew_join_token = TrueFalseField(
        required=False, help_text="true: a new join link; the old one stops working."
    )
    staff = EventStaffSerializer(
        many=True, required=False, max_length=MAX_STAFF,
        help_text="The whole staff (the organiser's to set), by user name.",
    )  # fmt: skip

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.required = False


class JoinSerializer(NoUnknownFields):
    join_token = Text(max_length=64, help_text="The token of the join link.")


class SubmitSerializer(NoUnknownFields):
    list = WholeNumberField(
        min_value=1, max_value=2**63 - 1, help_text="The id of one of your saved lists."
    )


# -- answers ------------------------------------------------------------------------------


class EventPackSerializer(serializers.Serializer):
    id = serializers.CharField()
    version = serializers.IntegerField()
    content_hash = serializers.CharField(help_text="SHA-256 of the version, when chosen.")
    name = serializers.CharField(allow_null=True, help_text="The pack's name now.")
    official = serializers.BooleanField(allow_null=True)


class EventRoleSerializer(serializers.Serializer):
    organiser = serializers.BooleanField()
    staff = serializers.ChoiceField(STAFF_CHOICES)
    player = serializers.BooleanField()


class EventStaffAnswerSerializer(serializers.Serializer):
    username = serializers.CharField()
    rights = serializers.ChoiceField(RIGHTS)


class EventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    system = serializers.CharField()
    battle_size = serializers.IntegerField(allow_null=True)
    pack = EventPackSerializer(allow_null=True)
    house_rules = serializers.CharField(allow_blank=True)
    lists_close = serializers.DateTimeField()
    reveal = RevealField()
    reveals_at = serializers.DateTimeField(
        allow_null=True, help_text="When the lists are revealed (null: never)."
    )
    closed = serializers.BooleanField()
    revealed = serializers.BooleanField()
    visibility = serializers.ChoiceField(VISIBILITIES)
    player_limit = serializers.IntegerField(allow_null=True)
    players = serializers.IntegerField(help_text="How many players joined.")
    organiser = serializers.CharField()
    role = EventRoleSerializer(help_text="Your part in the event.")
    join_token = serializers.CharField(
        allow_null=True, help_text="The organiser's and staff's (null for players)."
    )
    join_url = serializers.URLField(allow_null=True)
    staff = EventStaffAnswerSerializer(many=True, allow_null=True)
    url = serializers.URLField()
    page_url = serializers.URLField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class EventPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = EventSerializer(many=True)


class SubmissionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    hash = serializers.CharField(help_text="SHA-256 of the frozen copy (docs/api.md).")
    submitted_at = serializers.DateTimeField()
    valid = serializers.BooleanField(help_text="Legal on the event's data, when submitted.")
    points = PointsSerializer()
    violations = ViolationSerializer(many=True)
    code = serializers.CharField(help_text="The snapshot's code: /t/<code>/.")
    player = serializers.CharField()
    name = serializers.CharField(allow_blank=True)
    faction = serializers.CharField(allow_blank=True)
    faction_name = serializers.CharField(allow_blank=True)
    withdrawn_at = serializers.DateTimeField(allow_null=True)
    current = serializers.BooleanField(help_text="The player's submission that counts.")
    rejudged = serializers.BooleanField(
        help_text="The list was on another pack version; it was judged on the event's."
    )
    list_pack = EventPackRefSerializer(allow_null=True, help_text="What the list itself names.")
    list_battle_size = serializers.IntegerField(allow_null=True)
    list = serializers.IntegerField(allow_null=True, help_text="Your list's id (yours only).")
    list_version = serializers.IntegerField(allow_null=True)
    url = serializers.URLField()
    page_url = serializers.URLField()


class SubmissionDetailSerializer(SubmissionSerializer):
    document = serializers.JSONField(help_text="The frozen list document with its data "
                                     "version: the file that verifies on /t/verify/.")


class SubmissionPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = SubmissionSerializer(many=True)


# Examples are files, as the other endpoints' (armylists/api/examples/): a game's key is
# data, not code.
EXAMPLES = Path(__file__).parent / "examples"
CREATE_EXAMPLE = OpenApiExample(
    "A tournament on a club's pack",
    value=json.loads((EXAMPLES / "event-create.json").read_text(encoding="utf-8")),
    request_only=True,
)
SUBMIT_EXAMPLE = OpenApiExample("One of your saved lists", value={"list": 42}, request_only=True)
