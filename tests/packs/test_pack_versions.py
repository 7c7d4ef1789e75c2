"""The official packs as versions: ``loadpack`` records a new version of the system's
official pack only when the content changed; versions never change afterwards."""

import io

import pytest
import yaml
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction

from armylists.packs.models import Pack, PackVersion
from armylists.packs.tables import dump_pack
from armylists.packs.versions import canonical_json, content_hash
from rules.models import Card
from tests.support.paths import FIXTURES, read_yaml

pytestmark = pytest.mark.django_db


def loadpack(path) -> str:
    out = io.StringIO()
    call_command("loadpack", str(path), stdout=out)
    return out.getvalue()


def edited_copy(tmp_path, change, name="godslayer.yaml"):
    pack = read_yaml(FIXTURES / "godslayer.yaml")
    change(pack)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(pack, allow_unicode=True, sort_keys=False))
    return path


def test_the_first_load_records_version_1_of_the_official_pack():
    said = loadpack(FIXTURES / "godslayer.yaml")
    pack = Pack.objects.get(system="godslayer", official=True)
    assert (pack.id, pack.owner, pack.visibility) == ("godslayer", None, "public")
    [version] = pack.versions.all()
    assert version.number == 1 and version.note == "loaded from godslayer.yaml"
    # The version is the pack as loaded, every default written out: what dumppack writes.
    assert version.document == dump_pack("godslayer")
    assert version.content_hash == content_hash(version.document)
    assert "official pack version 1" in said


def test_loading_the_same_content_again_records_nothing(tmp_path):
    loadpack(FIXTURES / "godslayer.yaml")
    # Same data, other formatting: JSON instead of YAML, keys in another order.
    same = read_yaml(FIXTURES / "godslayer.yaml")
    path = tmp_path / "godslayer.json"
    path.write_text(canonical_json(dict(reversed(list(same.items())))).decode())
    said = loadpack(path)
    assert PackVersion.objects.filter(pack_id="godslayer").count() == 1
    assert "unchanged, official pack version 1" in said


def test_changed_content_records_the_next_version(tmp_path):
    loadpack(FIXTURES / "godslayer.yaml")
    first = PackVersion.objects.get(pack_id="godslayer", number=1)
    key = first.document["cards"][0]["key"]

    def reprice(pack):
        pack["cards"][0]["points"] = pack["cards"][0].get("points", 0) + 5

    said = loadpack(edited_copy(tmp_path, reprice))
    second = PackVersion.objects.get(pack_id="godslayer", number=2)
    assert "official pack version 2" in said
    assert second.content_hash != first.content_hash
    assert second.document["cards"][0]["points"] == first.document["cards"][0]["points"] + 5
    # The tables are loaded as they always were.
    assert Card.objects.get(system__key="godslayer", key=key).points == (
        second.document["cards"][0]["points"]
    )
    # And the file of version 1 loaded again is a change back: version 3.
    loadpack(FIXTURES / "godslayer.yaml")
    assert list(
        PackVersion.objects.filter(pack_id="godslayer").values_list("number", "content_hash")
    ) == [(1, first.content_hash), (2, second.content_hash), (3, first.content_hash)]


def test_a_refused_pack_records_no_version_and_loads_nothing(tmp_path):
    loadpack(FIXTURES / "godslayer.yaml")

    def break_it(pack):
        pack["cards"][0]["items"] = [{"key": "no-such-item"}]
        pack["cards"][1]["points"] = 999

    with pytest.raises(CommandError, match="unknown item 'no-such-item'"):
        loadpack(edited_copy(tmp_path, break_it))
    assert PackVersion.objects.filter(pack_id="godslayer").count() == 1
    assert not Card.objects.filter(points=999).exists()


def test_a_version_never_changes(tmp_path):
    loadpack(FIXTURES / "godslayer.yaml")
    version = PackVersion.objects.get(pack_id="godslayer", number=1)
    version.note = "rewritten"
    with pytest.raises(IntegrityError, match="never changes"), transaction.atomic():
        version.save()
    with pytest.raises(IntegrityError, match="never changes"), transaction.atomic():
        PackVersion.objects.filter(pk=version.pk).update(document={})
    version.refresh_from_db()
    assert version.note == "loaded from godslayer.yaml"


def test_each_system_has_one_official_pack():
    loadpack(FIXTURES / "godslayer.yaml")
    with pytest.raises(IntegrityError), transaction.atomic():
        Pack.objects.create(id="another", system="godslayer", name="x", official=True)


def test_the_hash_is_over_canonical_json():
    assert canonical_json({"b": 1, "a": "ä"}) == '{"a":"ä","b":1}'.encode()
    assert content_hash({"b": 1, "a": 2}) == content_hash({"a": 2, "b": 1})
    assert len(content_hash({})) == 64


def test_the_admin_lists_packs_and_shows_versions_read_only(client):
    from django.contrib.auth import get_user_model

    loadpack(FIXTURES / "godslayer.yaml")
    admin = get_user_model().objects.create_superuser("root", password="x-" * 8)
    client.force_login(admin)
    listing = client.get("/admin/packs/pack/")
    assert listing.status_code == 200 and "godslayer" in listing.content.decode()
    page = client.get("/admin/packs/pack/godslayer/change/")
    assert page.status_code == 200
    html = page.content.decode()
    version = PackVersion.objects.get(pack_id="godslayer", number=1)
    assert version.content_hash in html
    # No form field for a version's note or document: shown, never edited.
    assert 'name="versions-0-note"' not in html and 'name="versions-0-document"' not in html
