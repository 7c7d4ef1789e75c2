"""The base of every request body: fields this request does not know are refused by name."""

from collections.abc import Mapping

from rest_framework import serializers


class NoUnknownFields(serializers.Serializer):
    # Refuse body fields this request does not know, naming each: typos must not vanish.

    def to_internal_value(self, data):
        writable = [name for name, field in self.fields.items() if not field.read_only]
        unknown = sorted(set(data) - set(writable)) if isinstance(data, Mapping) else []
        errors = {}
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as exc:
            if not unknown or not isinstance(exc.detail, Mapping):
                raise
            errors = dict(exc.detail)
        for key in unknown:
            known = ", ".join(writable)
            errors[str(key)] = [
                serializers.ErrorDetail(
                    f"is not a field of this request (known: {known})", code="unknown_field"
                )
            ]
        if errors:
            raise serializers.ValidationError(errors)
        return value


# The old private name, for code written before the class was public.
_NoUnknownFields = NoUnknownFields
