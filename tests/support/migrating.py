"""A test database migrated back and forth (the models' moves between apps are tested on
a database filled as it was before them): Django's own MigrationExecutor."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """The database migrated to ``targets``; the models of that state (the apps not named
    in ``targets`` at their latest)."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    named = {app for app, _name in targets}
    others = [node for node in executor.loader.graph.leaf_nodes() if node[0] not in named]
    return executor.loader.project_state(
        [t for t in targets if t[1] is not None] + others).apps


def latest():
    """Every app's last migration: the database of today."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()
