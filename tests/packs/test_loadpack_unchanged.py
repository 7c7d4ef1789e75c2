"""``loadpack`` of a file unchanged since the system's last load skips the reload (make run
loads every pack at each start), and still reloads whenever the tables might differ from
the file: a changed file, an admin edit since, another file loaded for the system, a new
loader, ``--force``."""

import io
import shutil

import pytest
import yaml
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from armylists.packs import versions as pack_versions
from armylists.packs.models import PackVersion
from rules.models import Card, GameSystem
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.django_db

SKIPPED = "unchanged since the last load, skipped; official pack version 1"
WRITES = ("INSERT", "UPDATE", "DELETE")


def loadpack(*paths, force=False) -> str:
    out = io.StringIO()
    call_command("loadpack", *map(str, paths), *(["--force"] if force else []), stdout=out)
    return out.getvalue()


@pytest.fixture
def pack_file(tmp_path):
    """A copy of the Godslayer pack that a test may change in place."""
    path = tmp_path / "godslayer.yaml"
    shutil.copy(FIXTURES / "godslayer.yaml", path)
    return path


def rewrite(path, change):
    pack = yaml.safe_load(path.read_text())
    change(pack)
    path.write_text(yaml.safe_dump(pack, allow_unicode=True, sort_keys=False))


def first_card(pack):
    return pack["cards"][0]


def stamp():
    return GameSystem.objects.values_list("updated_at", flat=True).get(key="godslayer")


def test_the_same_file_again_is_skipped_without_a_write(pack_file):
    first = loadpack(pack_file)
    assert "loaded godslayer" in first and "official pack version 1" in first
    before = stamp()
    with CaptureQueriesContext(connection) as queries:
        said = loadpack(pack_file)
    assert said.startswith("kept godslayer 2026.11-sample.2 from")
    assert f"(38 cards, 30 items; {SKIPPED})" in said
    # The system found by the file's digest, its latest version, the two counts it shows.
    assert len(queries) == 4
    assert not [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]
    assert stamp() == before
    assert PackVersion.objects.filter(pack_id="godslayer").count() == 1


def test_every_file_of_make_run_is_kept_on_the_second_start():
    paths = sorted(FIXTURES.glob("*.yaml"))
    loadpack(*paths)
    said = loadpack(*paths).splitlines()
    assert len(said) == len(paths)
    assert all(line.startswith("kept ") and line.endswith(f"{SKIPPED})") for line in said)
    assert any(line.startswith("kept mordheim ") for line in said)


def test_a_changed_file_reloads_everything(pack_file):
    loadpack(pack_file)
    key = yaml.safe_load(pack_file.read_text())["cards"][0]["key"]
    points = Card.objects.get(system__key="godslayer", key=key).points
    rewrite(pack_file, lambda pack: first_card(pack).update(points=points + 5))
    said = loadpack(pack_file)
    assert said.startswith("loaded godslayer") and "official pack version 2" in said
    assert Card.objects.get(system__key="godslayer", key=key).points == points + 5
    # Then the changed file again is skipped in turn.
    assert "skipped; official pack version 2" in loadpack(pack_file)


def test_a_change_of_formatting_only_reloads_and_records_nothing(pack_file):
    loadpack(pack_file)
    pack_file.write_text(pack_file.read_text() + "\n# a comment\n")
    said = loadpack(pack_file)
    assert said.startswith("loaded godslayer") and "unchanged, official pack version 1" in said


def test_an_admin_edit_since_the_load_is_replaced_by_the_file(pack_file):
    loadpack(pack_file)
    card = Card.objects.filter(system__key="godslayer").order_by("position").first()
    points = card.points
    card.points = points + 50
    card.save()  # as the admin saves it: the row's signal touches the system's stamp
    said = loadpack(pack_file)
    # Reloaded: the file's numbers again, which are version 1's content.
    assert said.startswith("loaded godslayer") and "unchanged, official pack version 1" in said
    # The rows are written anew (lists name cards by key, never by row id).
    assert Card.objects.get(system__key="godslayer", key=card.key).points == points
    assert SKIPPED in loadpack(pack_file)


def test_an_admin_edit_of_the_system_row_is_replaced_by_the_file(pack_file):
    loadpack(pack_file)
    system = GameSystem.objects.get(key="godslayer")
    name = system.name
    system.name = "Edited in the admin"
    system.save()
    assert loadpack(pack_file).startswith("loaded godslayer")
    system.refresh_from_db()
    assert system.name == name


def test_another_file_loaded_for_the_system_since_means_a_reload(pack_file, tmp_path):
    loadpack(pack_file)
    other = tmp_path / "godslayer-repriced.yaml"
    shutil.copy(pack_file, other)
    rewrite(other, lambda pack: first_card(pack).update(points=first_card(pack)["points"] + 1))
    assert "official pack version 2" in loadpack(other)
    said = loadpack(pack_file)
    assert said.startswith("loaded godslayer") and "official pack version 3" in said


def test_force_reloads_an_unchanged_file(pack_file):
    loadpack(pack_file)
    before = stamp()
    said = loadpack(pack_file, force=True)
    assert said.startswith("loaded godslayer") and "unchanged, official pack version 1" in said
    assert stamp() > before


def test_a_new_loader_revision_reloads_every_file(pack_file, monkeypatch):
    loadpack(pack_file)
    monkeypatch.setattr(pack_versions, "LOADER_REVISION", pack_versions.LOADER_REVISION + 1)
    assert loadpack(pack_file).startswith("loaded godslayer")
    assert SKIPPED in loadpack(pack_file)


def test_the_system_stamps_record_the_file_and_the_load(pack_file):
    loadpack(pack_file)
    system = GameSystem.objects.get(key="godslayer")
    assert system.pack_file_digest == pack_versions.file_digest(pack_file)
    assert system.pack_loaded_at == system.updated_at


def test_a_missing_file_is_refused_by_name(tmp_path):
    missing = tmp_path / "nowhere.yaml"
    with pytest.raises(
        CommandError, match=r"(?s)nowhere\.yaml refused.*cannot read .*nowhere\.yaml"
    ):
        loadpack(missing)
