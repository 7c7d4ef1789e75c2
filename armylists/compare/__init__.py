"""Comparing and freezing lists: what changed between two versions, two lists or two
documents (``diff``), and tournament snapshots (``snapshots``, hashed as ``canonical``
says); their pages (``views``), endpoints (``api``), form and URLs."""
