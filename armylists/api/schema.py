"""The list document's JSON Schema, published as OpenAPI components.

The schema file in rules/schemas/ is the one source: the engine checks documents
against it and the OpenAPI schema shows it, so the two cannot drift apart.
"""

import copy

from drf_spectacular.extensions import OpenApiSerializerExtension

from rules.engine.document import list_schema

COMPONENT_NAMES = {
    "entry": "ListDocumentEntry",
    "custom": "CustomUnit",
    "special_action": "SpecialActionPurchase",
}


def _rewrite_refs(node):
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = COMPONENT_NAMES[ref.removeprefix("#/$defs/")]
            return {"$ref": f"#/components/schemas/{name}"}
        return {k: _rewrite_refs(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_rewrite_refs(v) for v in node]
    return node


def document_components() -> dict:
    schema = copy.deepcopy(list_schema())
    defs = schema.pop("$defs")
    for key in ("$schema", "$id", "$comment", "version"):
        schema.pop(key, None)
    components = {"ListDocument": _rewrite_refs(schema)}
    # PATCH sends some top-level fields of the document: the same fields, none required.
    partial = {k: v for k, v in components["ListDocument"].items() if k != "required"}
    partial["title"] = "Top-level fields of a list document"
    components["PartialListDocument"] = partial
    for key, name in COMPONENT_NAMES.items():
        components[name] = _rewrite_refs(defs[key])
    return components


DOCUMENT_REF = {"$ref": "#/components/schemas/ListDocument"}
# Components written as JSON Schema by the modules that answer with them (by name).
EXTRA_COMPONENTS: dict[str, dict] = {}
PARTIAL_DOCUMENT_REF = {"$ref": "#/components/schemas/PartialListDocument"}


def add_document_components(result, generator, request, public):
    """drf-spectacular postprocessing hook: the document's components, and request bodies
    as JSON only (the server reads any Content-Type as JSON, for ``curl -d``, but JSON is
    what it takes: a body in another format is a 400)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(document_components())
    schemas.update(EXTRA_COMPONENTS)
    for name, schema in schemas.items():
        _one_side_needs_a_card(name, schema)
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if "requestBody" not in operation:
                continue
            content = operation["requestBody"].get("content", {})
            if "application/json" in content:
                content.pop("*/*", None)
            # A list document is the whole request (validate, render, create, import):
            # without one the answer is a 400, so the body is required.
            if content.get("application/json", {}).get("schema") == DOCUMENT_REF:
                operation["requestBody"]["required"] = True
            # What any endpoint with a body may answer (armylists/web/middleware.py, parsers.py).
            for status, description in BODY_ERRORS.items():
                operation["responses"].setdefault(status, _errors_response(description))
    return result


def _one_side_needs_a_card(name: str, schema: dict) -> None:
    """A matchup side names a card or types its values: say so in the schema (the view
    answers 400 ``required`` when neither is given)."""
    properties = schema.get("properties") or {}
    if not name.endswith("Request") or not {"card", "card_values"} <= set(properties):
        return
    schema["anyOf"] = [{"required": ["card"]}, {"required": ["card_values"]}]
    note = "Give card or card_values (at least one)."
    if note not in schema.get("description", ""):
        schema["description"] = f"{schema.get('description', '')} {note}".strip()


BODY_ERRORS = {
    "400": "The body is not JSON, or breaks the request's schema; every problem by path.",
    "413": 'The body is larger than 2,621,440 bytes (code "too_large"); it was not read.',
}


def _errors_response(description: str) -> dict:
    return {
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}},
        "description": description,
    }


class ClosedSerializerExtension(OpenApiSerializerExtension):
    """A request serializer that refuses fields it does not know (``NoUnknownFields``)
    says so in the schema: ``additionalProperties: false``."""

    target_class = "armylists.api.strict.NoUnknownFields"
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        if direction == "request":
            schema["additionalProperties"] = False
        return schema
