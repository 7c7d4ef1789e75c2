"""Request fields stricter than DRF's.

DRF's CharField turns a number into a string (``0`` -> ``"0"``); the OpenAPI schema says
"string", and schemathesis rightly calls accepting a number there a contract breach. Request
serializers use ``Text`` instead: a number where a string belongs is a 400 naming it.
"""

from rest_framework import serializers


class Text(serializers.CharField):
    default_error_messages = {"invalid": "Not a valid string."}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)
