"""Events: an organiser collects, checks, locks and reveals the lists of a tournament, a
league or a campaign (docs/events.md).

A feature package and a Django app of its own (label ``events``): its models, reads
(``selectors``), writes (``services``), pages (``views``, ``submission_pages``), API
(``api``, ``serializers``), forms, URLs and templates. What it uses of other features
(saved lists, list documents, snapshots, packs, the read-only list pages) it imports in
two modules only, ``borrowed`` and ``borrowed_pages``: their paths change when those
features move, and nothing else here needs to.
"""
