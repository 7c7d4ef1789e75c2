"""One module per game system: its pricing, validators and play aids (pure Python).

Importing this package registers every system with the engine.
"""

from . import godslayer  # noqa: F401
