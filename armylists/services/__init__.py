"""The one service layer: pages and API views both call these modules.

- ``documents``: reading list documents (bounded, ids given), validating them, the
  validate contract's answer.
- ``lists``: saved lists: create, update, copy, restore, share, export, import.
- ``changes``: what changed in the game data since a list was saved.
- ``edits``: the builder's edits of a document, each addressed by entry id, with its undo.
- ``workspaces``: the list on a builder page (a draft, or a saved list's unsaved edits),
  its undo and redo, and saving it.
- ``campaign``: a game's campaign log of a saved list.
- ``scoring``: points scored after a game.
- ``diff``: what changed between two versions of a list, two lists or two documents.
- ``snapshots`` (with ``canonical``, the hash): lists frozen for a tournament, verified.

Services take keyword-only arguments; they load what they need from the database (through
``rules.selectors``), then compute on plain objects with the rules engine (the pretix way).
"""
