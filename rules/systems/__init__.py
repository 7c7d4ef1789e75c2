"""One package per game system: its pricing, validators and play aids (pure Python).

Importing this package imports every module in it and in each game's package, and each
registers its system (or what it adds to one, e.g. a campaign) with the engine; adding a
game needs a package here and a pack in fixtures/.
"""

import importlib
import pkgutil

# walk_packages, not iter_modules: a game's modules that extend its system at import
# (e.g. its campaign log) sit inside the game's package.
for _module in pkgutil.walk_packages(__path__, prefix=f"{__name__}."):
    importlib.import_module(_module.name)
