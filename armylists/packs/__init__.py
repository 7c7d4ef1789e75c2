"""Game-data packs, one Django app (label ``packs``): a game's data as a versioned
``muster-pack/1`` document that players fork, import, edit and publish, and that lists
are pinned to.

- the document: ``checks`` and ``validators`` (is it whole), ``tables`` (a pack file <->
  the game tables, ``loadpack``/``dumppack``), ``versions`` (official packs as versions),
  ``files`` (uploads), ``catalogues`` (a version's catalogue, kept);
- reads: ``selectors`` (who sees which), ``listings`` (the pages' listings);
- writes: ``services``, ``drafts`` and ``draft_history`` (the editor), ``pinning`` (the
  pack a list document names), ``catalogue_import`` (a pack from a BattleScribe
  catalogue), ``impact`` (what publishing a draft would change for the author's lists);
- pages in ``views``, endpoints in ``api``, with their ``urls``; ``forms``, templates
  and template tags; ``models``, ``signals``, ``admin``.

Packs sit below the lists: they read lists only through ``PackVersion.pinned_lists``.
"""
