"""The event pages: ``events`` (your events, a new one, an event's page, its settings,
the join page) and ``submissions`` (submit, withdraw, a submission's read-only pages,
the exports)."""
