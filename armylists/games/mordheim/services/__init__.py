"""Mordheim's campaign: the log of a saved warband's battles and events (records, replay,
payloads). Called by the game's own pages and API endpoints, like any service."""
