"""The compare page (``diff``, its rows in ``diff_rows``) and the snapshot pages
(``snapshots``, their rows in ``snapshot_rows``)."""
