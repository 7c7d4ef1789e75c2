"""One module per game system: its pricing, validators and play aids (pure Python).

Importing this package imports every module in it, and each registers its system
with the engine; adding a game needs a module here and a pack in fixtures/.
"""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
