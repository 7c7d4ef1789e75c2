"""Fields a game adds to the API's generic serializers (a catalogue card, a faction, a
validation breakdown row), so the generic serializers hold no game's concepts.

A game's presenter names, by the generic serializer's ``contributed_as``, a serializer
class of its own whose declared fields (and their ``get_<field>`` methods) it adds
(``Presenter.api_fields``). Every game's fields are on every object, null or empty
where the object's game says nothing of them, so each shape stays one schema component
whatever the game.
"""

from __future__ import annotations

import copy

from armylists.presenters import all_presenters


def contributions(kind: str) -> list[type]:
    """The games' field sets for one generic serializer, in the registry's order."""
    found = (presenter.api_fields().get(kind) for presenter in all_presenters())
    return [fields for fields in found if fields is not None]


# A comment, not a docstring: the OpenAPI schema takes a serializer's (inherited)
# docstring as its component's description.
# A generic serializer mixes this in before ``serializers.Serializer`` to take the fields
# the games contribute as its ``contributed_as``.
class Contributed:

    contributed_as = ""

    def get_fields(self):
        fields = super().get_fields()
        for part in contributions(self.contributed_as):
            fields.update(copy.deepcopy(part._declared_fields))
        return fields

    def _contributed_methods(self) -> dict:
        # Looked up once per serializer: a list of cards asks for each card and field.
        found = self.__dict__.get("_contributed")
        if found is None:
            found = {}
            for part in contributions(type(self).contributed_as):
                for name, value in vars(part).items():
                    if name.startswith("get_") and callable(value):
                        found.setdefault(name, value)
            self.__dict__["_contributed"] = found
        return found

    def __getattr__(self, name):
        # A contributed SerializerMethodField asks its parent for get_<field>: the
        # game's own method, bound to this serializer.
        if name.startswith("get_"):
            method = self._contributed_methods().get(name)
            if method is not None:
                return method.__get__(self)
        raise AttributeError(name)
