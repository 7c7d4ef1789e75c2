"""Diffs (``diff``) and snapshots (``snapshots``) over the API, with their shapes
(``diff_schema``, ``snapshot_schema``)."""
