"""The builder: a list being made or edited, one post at a time.

- pages: ``views`` (the draft and a saved list; a GET reads and draws), ``start`` (a new
  list's first step), ``opening`` (a list file opened as a draft);
- a post: ``post`` reads it (``forms``; the buttons as edits: ``buttons``) and answers
  with a redirect or the page to show again, ``saving`` saves; ``undo_labels`` names
  each step;
- the page's context: ``context``, with each entry's choices (``choices``) and tools
  (``tools``);
- the list on the page: ``workspaces`` (a draft or a saved list's unsaved edits, on the
  server, with undo and redo) and ``edits`` (each edit by entry id beside its undo).
"""
