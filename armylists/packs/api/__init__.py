"""The packs' endpoints under /api/v1/packs/: packs (``packs``), their versions and
diffs (``versions``), a pack kept from its link (``links``), a pack from a BattleScribe
catalogue (``imports``); their shapes (``schema``) and what they share (``common``)."""
