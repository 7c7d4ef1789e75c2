"""Where the project and its shipped packs are."""

import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"


def read_yaml(path: Path):
    """A YAML file parsed with libyaml, as the pack loader parses it (the pure-Python
    parser takes seconds for the Mordheim pack, and test modules read it at import).
    A fresh object each call: tests may change what they get."""
    import copy

    return copy.deepcopy(_parsed(Path(path)))


@functools.cache
def _parsed(path: Path):
    import yaml

    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
