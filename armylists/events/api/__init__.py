"""The events API under /api/v1/events/: ``events`` (open, read, change, join),
``submissions`` (submit, read, withdraw, export), the shapes in ``serializers`` and what
they share in ``common``."""
