"""Mordheim's web side: a Django app (label ``mordheim``, ``apps.py``) holding the
campaign's models (events, battles, the battle being recorded: ``models.py``), its
presenter (``presenter.py``), pages, services and API endpoints.

Nothing is imported here: Django imports this package while it loads its apps, before
any model may be; the presenter is imported at ``ready()``."""
