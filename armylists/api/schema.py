"""The list document's JSON Schema, published as OpenAPI components.

The schema file in rules/schemas/ is the one source: the engine checks documents
against it and the OpenAPI schema shows it, so the two cannot drift apart.
"""

import copy

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
    for key in ("$schema", "$id"):
        schema.pop(key, None)
    components = {"ListDocument": _rewrite_refs(schema)}
    for key, name in COMPONENT_NAMES.items():
        components[name] = _rewrite_refs(defs[key])
    return components


DOCUMENT_REF = {"$ref": "#/components/schemas/ListDocument"}


def add_document_components(result, generator, request, public):
    """drf-spectacular postprocessing hook."""
    result.setdefault("components", {}).setdefault("schemas", {}).update(document_components())
    return result
