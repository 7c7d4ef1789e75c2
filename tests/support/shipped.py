"""The shipped packs (fixtures/<key>.yaml) loaded into a test's database.

Loading the Mordheim pack as ``loadpack`` does takes seconds (YAML, the schema and the
game's validators, then some 5,000 rows), and hundreds of tests need it, each on a
database emptied or rolled back since the last. So each file is read, checked and written
the real way once per test process; its rows are then copied out of PostgreSQL (COPY, in
binary) and copied back in for every later test that asks, with the system's
``updated_at`` set anew as a load sets it. The rows are the same bytes the loader wrote.
"""

from __future__ import annotations

import copy

from tests.support.paths import FIXTURES

# table, and which of its rows belong to the system %(id)s, in an order that keeps every
# foreign key satisfied on the way back in
_ROWS = (
    ("rules_gamesystem", "id = %(id)s"),
    ("rules_validatorconfig", "system_id = %(id)s"),
    ("rules_faction", "system_id = %(id)s"),
    ("rules_item", "system_id = %(id)s"),
    ("rules_card", "system_id = %(id)s"),
    ("rules_carditem", "card_id IN (SELECT id FROM rules_card WHERE system_id = %(id)s)"),
    ("rules_specialaction", "system_id = %(id)s"),
)
_COPIES: dict[str, list[tuple[str, bytes]]] = {}


def load_shipped(key: str):
    """The game system of fixtures/<key>.yaml, in the current database."""
    from rules.models import GameSystem

    if key in _COPIES and not GameSystem.objects.filter(key=key).exists():
        return _copy_in(key)
    system = _load(key)
    _COPIES.setdefault(key, _copy_out(system.id))
    return system


def _load(key: str):
    from armylists.packs.checks import check_pack
    from armylists.packs.tables import read_pack_file, write_pack

    pack = read_pack_file(FIXTURES / f"{key}.yaml")
    problems = check_pack(pack)
    assert not problems, problems  # a shipped pack is whole (tests/packs prove it too)
    return write_pack(copy.deepcopy(pack))


def _copy_out(system_id: int) -> list[tuple[str, bytes]]:
    from django.db import connection

    copies = []
    with connection.cursor() as cursor:
        for table, rows in _ROWS:
            query = f"COPY (SELECT * FROM {table} WHERE {rows % {'id': int(system_id)}}) "
            with cursor.cursor.copy(query + "TO STDOUT (FORMAT BINARY)") as out:
                copies.append((table, b"".join(bytes(block) for block in out)))
    return copies


def _copy_in(key: str):
    from django.db import connection, transaction
    from django.utils import timezone

    from rules.models import GameSystem
    from rules.selectors import game_data

    with transaction.atomic(), connection.cursor() as cursor:
        for table, data in _COPIES[key]:
            with cursor.cursor.copy(f"COPY {table} FROM STDIN (FORMAT BINARY)") as into:
                into.write(data)
        GameSystem.objects.filter(key=key).update(updated_at=timezone.now())
        # No row signal fires for COPY or update(): announce the change as a save would,
        # so this process (and a live server's threads) read the systems again.
        game_data.changed()
    return GameSystem.objects.get(key=key)
