"""The embedded PostgreSQL: its lifecycle (``server``) and the Django database backend
(``base``, ENGINE ``config.pgembedded``) that restarts it when a connection finds it
gone. ``config.db`` chooses it when ``DATABASE_URL`` is not set."""
