"""The diff's request and answer as the OpenAPI schema shows them, with examples.

The answer is the diff service's dict (armylists/compare/diff.py) as it is; these
serializers document it and read the query and the body.
"""

from __future__ import annotations

import json
from pathlib import Path

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers

from armylists.api.strict import NoUnknownFields
from armylists.lists.api.serializers import ListDocumentField, ViolationSerializer
from armylists.lists.api.views import EXAMPLE_DOCUMENT

EXAMPLES = Path(__file__).parent / "examples"


def _example(name: str):
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


# --- input -------------------------------------------------------------------------------


class DiffQuerySerializer(serializers.Serializer):
    """GET /lists/{id}/diff/: what to compare the list with (exactly one of three)."""

    version = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=2**31 - 1,
        help_text="A version of this list (its history): compared with `to`.",
    )
    to = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=2**31 - 1,
        help_text="With `version`: the version it is compared with (default: the current one).",
    )
    against = serializers.RegexField(
        r"^[0-9]{1,18}$",
        required=False,
        help_text="The id of another list of yours: the before side; this list is after.",
    )
    shared = serializers.RegexField(
        r"^[A-Za-z0-9_-]{1,64}$",
        required=False,
        help_text="The share token of a list shared with you (the end of its /s/<token>/ "
        "link): the before side; this list is after.",
    )

    def validate(self, data):
        given = [name for name in ("version", "against", "shared") if name in data]
        if len(given) != 1:
            raise serializers.ValidationError(
                "give exactly one of version, against, shared"
                + (f" (got {', '.join(given)})" if given else ""),
                code="one_of",
            )
        if "to" in data and "version" not in data:
            raise serializers.ValidationError({"to": "goes with version"}, code="invalid")
        return data


class DiffBodySerializer(NoUnknownFields):
    """POST /diff/: two list documents."""

    before = ListDocumentField(help_text="The list before (muster-list/1).")
    after = ListDocumentField(help_text="The list after (muster-list/1).")


# --- output ------------------------------------------------------------------------------


def _pair(child, help_text: str):
    return serializers.ListField(child=child, min_length=2, max_length=2, help_text=help_text)


class DiffEntrySerializer(serializers.Serializer):
    """An entry (or special-action purchase) only one side has: the document's own entry
    plus its points and a label."""

    id = serializers.CharField()
    card = serializers.CharField(required=False, allow_null=True)
    action = serializers.CharField(required=False, help_text="Special actions: the action.")
    count = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Its points on its side, with today's data.")
    label = serializers.CharField(help_text="The card's (or custom unit's, action's) name.")


class DeltaSerializer(serializers.Serializer):
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    delta = serializers.IntegerField(help_text="after - before")


class KeysChangeSerializer(serializers.Serializer):
    added = serializers.ListField(child=serializers.CharField())
    removed = serializers.ListField(child=serializers.CharField())


class DiffChangeSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The entry's id after.")
    before_id = serializers.CharField(
        required=False, help_text="Its id before, when matched by card (ids differ)."
    )
    card = serializers.CharField(required=False, allow_null=True)
    action = serializers.CharField(required=False)
    label = serializers.CharField()
    fields = serializers.DictField(
        child=_pair(serializers.JSONField(), "[before, after]"),  # any value, null included
        help_text='Each field that changed: {"count": [3, 2], "items": [[...], [...]]}. '
        "Entries: card, custom, count, size, name, items, options, notes; special actions: "
        "action, count, variant.",
    )
    points = DeltaSerializer()
    items = KeysChangeSerializer(required=False, help_text="Items that came and went.")
    options = KeysChangeSerializer(required=False, help_text="Options that came and went.")


class DiffPartSerializer(serializers.Serializer):
    added = DiffEntrySerializer(many=True)
    removed = DiffEntrySerializer(many=True)
    changed = DiffChangeSerializer(many=True)


class DiffPointsSerializer(DeltaSerializer):
    limit = serializers.DictField(
        child=serializers.IntegerField(allow_null=True),
        help_text="The points limit of each side.",
    )


class BeforeAfterSerializer(serializers.Serializer):
    before = serializers.JSONField()
    after = serializers.JSONField()


class DiffViolationsSerializer(serializers.Serializer):
    gained = ViolationSerializer(many=True, help_text="Broken after, not before ('entry' after).")
    lost = ViolationSerializer(many=True, help_text="Broken before, not after ('entry' before).")


class DiffSerializer(serializers.Serializer):
    entries = DiffPartSerializer()
    special_actions = DiffPartSerializer()
    header = serializers.DictField(
        child=_pair(serializers.JSONField(), "[before, after]"),  # any value, null included
        help_text="List fields that changed: system, name, faction, battle_size, role, notes.",
    )
    points = DiffPointsSerializer()
    valid = BeforeAfterSerializer(help_text="Whether each side is legal with today's data.")
    violations = DiffViolationsSerializer()
    matched_by = serializers.ChoiceField(
        choices=["id", "card"],
        help_text="id: entries matched by id; card: the sides share no id, so the n-th entry "
        "of a card before is matched with the n-th of that card after.",
    )
    data_version = BeforeAfterSerializer(help_text="Today's data version of each side's game.")
    pack = BeforeAfterSerializer(
        help_text='The pack version each side was judged by ({"id", "version", "official", '
        '"content_hash"}), null for the official data as loaded.'
    )
    changed = serializers.BooleanField(help_text="Whether anything differs.")


# --- examples ----------------------------------------------------------------------------
# Data, like the document they start from (examples/): the example list with one entry's
# count lowered and one entry more, and what the API answers (a test checks that it does).

BODY_EXAMPLE = OpenApiExample(
    "A count lowered, an entry added",
    value={"before": EXAMPLE_DOCUMENT, "after": _example("diff-after.json")},
    request_only=True,
)
ANSWER_EXAMPLE = OpenApiExample(
    "What changed", value=_example("diff-answer.json"), response_only=True
)
