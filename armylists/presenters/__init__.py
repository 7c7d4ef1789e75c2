"""One presenter per game: the only place the pages learn a game's layout (card groups,
columns, labels, meters, wording, which play aids and tools it offers). Generic views and
templates ask ``presenter_for(key)``; a game without a presenter of its own gets the
neutral one (``base.Presenter``), which renders its lists sensibly.

Each game's package under ``armylists/games/`` defines one ``Presenter`` subclass with
the game's ``key``; the first question here imports them all and registers each.
"""

from __future__ import annotations

import importlib
import pkgutil

from django.conf import settings

from armylists.presenters.base import Presenter

_PRESENTERS: dict[str, Presenter] = {}


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _load() -> dict[str, Presenter]:
    if not _PRESENTERS:
        # The games are found by the package's name, in the settings, not imported here:
        # the generic layers only ever see the ``Presenter`` protocol (a plug-in registry,
        # as Django finds its apps).
        games = importlib.import_module(settings.MUSTER_GAMES_PACKAGE)
        packages = [f"{games.__name__}.{m.name}" for m in pkgutil.iter_modules(games.__path__)]
        for package in packages:
            importlib.import_module(package)
        # In the order of the games' packages, however early each presenter was defined
        # (a game that is an app defines it at ready()): pages, URLs and the schema list
        # the games the same way every time.
        for cls in sorted(_subclasses(Presenter), key=lambda cls: _place(cls, packages)):
            if cls.key:
                _PRESENTERS[cls.key] = cls()
    return _PRESENTERS


def _place(cls, packages: list[str]) -> int:
    """The index of the game's package that defines ``cls`` (after them all: elsewhere)."""
    for index, package in enumerate(packages):
        if cls.__module__ == package or cls.__module__.startswith(f"{package}."):
            return index
    return len(packages)


def presenter_for(key: str) -> Presenter:
    """The game's presenter, or the neutral one for a game that has none."""
    found = _load().get(key)
    return found if found is not None else Presenter(key)


def presenter_of(catalogue) -> Presenter:
    """The presenter of the game whose data ``catalogue`` is."""
    return presenter_for(catalogue.system)


def all_presenters() -> list[Presenter]:
    return list(_load().values())
