"""The parsed-file and checked-document memos of armylists.packs.tables never give a stale or
shared answer: a changed file is parsed again, a caller's edits stay its own, and a
document changed after a check is checked again."""

import os

from armylists.packs.checks import check_pack
from armylists.packs.tables import read_pack_file
from tests.support.paths import FIXTURES

GODSLAYER = FIXTURES / "godslayer.yaml"


def test_a_caller_edits_its_own_copy_of_a_read_pack():
    first = read_pack_file(GODSLAYER)
    first["cards"][0]["name"] = "edited by the caller"
    again = read_pack_file(GODSLAYER)
    assert again["cards"][0]["name"] != "edited by the caller"


def test_a_changed_file_is_parsed_again(tmp_path):
    path = tmp_path / "pack.yaml"
    path.write_text(GODSLAYER.read_text(encoding="utf-8"), encoding="utf-8")
    before = read_pack_file(path)
    path.write_text(
        GODSLAYER.read_text(encoding="utf-8").replace(
            f"name: {before['system']['name']}", "name: Changed on disk", 1
        ),
        encoding="utf-8",
    )
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert read_pack_file(path)["system"]["name"] == "Changed on disk"


def test_a_document_changed_after_its_check_is_checked_again():
    pack = read_pack_file(GODSLAYER)
    assert check_pack(pack) == []
    pack["cards"][0]["name"] = ""
    problems = check_pack(pack)
    assert [p.path for p in problems] == ["cards[0].name"]
    pack["cards"][0]["name"] = "Back again"
    assert check_pack(pack) == []

