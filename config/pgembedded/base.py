"""Django's PostgreSQL backend, plus one thing: a new connection that fails while the
embedded server is down starts the server and tries once more.

Together with persistent connections and health checks (``CONN_MAX_AGE``,
``CONN_HEALTH_CHECKS``) this is the whole reconnect path: a request that finds its
connection dead drops it and opens a new one, and if the server process itself died
(``kill -9``, a reboot, ``make stop``), that new connection restarts it first. A query
already running when the server dies still fails; the next request succeeds.
"""

from pathlib import Path

from django.db.backends.postgresql import base

from config.pgembedded import server


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        try:
            return super().get_new_connection(conn_params)
        except base.Database.OperationalError as failure:
            # Anything else (a missing test database, too many clients) fails again
            # below, unchanged; ensure_running costs a few milliseconds when it runs.
            try:
                socket_dir = server.ensure_running(
                    Path(self.settings_dict["EMBEDDED_PGDATA"]),
                    database=self.settings_dict.get("EMBEDDED_DATABASE"),
                )
            except server.EmbeddedServerError as cannot_start:
                raise failure from cannot_start
        # A server started by an older version of this code may use another folder.
        conn_params["host"] = self.settings_dict["HOST"] = str(socket_dir)
        return super().get_new_connection(conn_params)
