"""What Godslayer's validators take in a pack (rules/engine/params.py)."""

from rules.engine.params import number, shape

PARAMS = {
    # The battle size a new list starts with (points).
    "battle_size": shape(default=number(1)),
}
