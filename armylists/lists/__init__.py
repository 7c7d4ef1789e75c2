"""Saved lists, the core of the site (their models: ``armylists.models``).

- list documents in and the validate contract out (``documents``); saving, versions,
  share links, import and export (``services``); reads through the owner or the share
  token, and a list's workspace in this browser (``selectors``); tags, what changed in
  the game data since a save (``changes``), a list on an older version of its pack
  (``pack_updates``), the text exports (``text_export``), scoring after a game;
- what the pages of a list share: its rows (``rows``), the read-only context
  (``readonly``), print sheets, a list file's problems in a player's words
  (``import_words``), lookups that answer 404 (``lookups``);
- the pages in ``views``, the endpoints in ``api``.
"""
