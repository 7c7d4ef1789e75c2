"""What Trupp's validators take in a pack (rules/engine/params.py)."""

from rules.engine.params import number, shape, words

PARAMS = {
    "battle_size": shape(default=number(1)),
    # The alignments that may not serve together (docs/rules/trupp.md).
    "alignment": shape(opposed=words(least=2, most=8)),
}
