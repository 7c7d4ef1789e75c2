"""Mordheim's campaign endpoints (``/api/v1/lists/<id>/campaign/…``), wired by the game's
presenter (``api_urls``)."""
