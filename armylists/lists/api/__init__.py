"""Saved lists over the API: the owner's lists and share links (``lists``), exports and
render (``exports``), the game data and validate (``views``, answered from bytes kept
per system in ``conditional``), the owner's list or 404 (``owned``), and the shapes
(``serializers``)."""
