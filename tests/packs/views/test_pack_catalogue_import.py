"""The page "Import a BattleScribe catalogue": the hand-written test codex as a new
Boarding Action pack and as the next version of one's own, the import report on the
result page, refusals shown with their reasons and nothing stored, the links on the pack
pages, and who may reach it (owner, editor, strangers, anonymous)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from armylists.packs.models import Pack
from tests.support.battlescribe import ROSTERS
from tests.support.battlescribe_catalogues import CAT, ENTITIES, GST, MALFORMED, catz
from tests.support.pack_pages import client_of
from tests.support.pages import Page
from tests.support.paths import FIXTURES
from tests.support.users import make_user

URL = "/packs/import/battlescribe/"


@pytest.fixture
def official(db):
    from armylists.packs.versions import load_official_pack_file

    return load_official_pack_file(FIXTURES / "boarding-action.yaml")[1]


@pytest.fixture
def clients(official, alice, bob):
    return {"alice": client_of(alice), "bob": client_of(bob), "anonymous": client_of(None)}


def send(client, url=URL, catalogue=CAT, game_system=GST, **data):
    files = {"catalogue": SimpleUploadedFile("codex.cat", catalogue)}
    if game_system is not None:
        files["game_system"] = SimpleUploadedFile("system.gst", game_system)
    return client.post(url, {**files, **data})


def alices_import(clients):
    send(clients["alice"], name="Club Marines")
    return Pack.objects.get(official=False, name="Club Marines")


def texts(page, testid) -> list[str]:
    return [el.text for el in page.testid(testid)]


def test_the_form_asks_for_the_files_and_the_name(clients):
    r = clients["alice"].get(URL)
    assert r.status_code == 200
    form = Page(r).testid("catalogue-form")[0]
    assert form.attrs["enctype"] == "multipart/form-data"
    assert form.find("input", name="csrfmiddlewaretoken")
    names = {i.attrs["name"] for i in form.find_all("input") if i.attrs.get("type") != "hidden"}
    # One game makes packs from catalogues: no game to choose.
    assert names == {"catalogue", "game_system", "name"}


def test_a_catalogue_becomes_a_private_pack_and_the_report_shows(clients, alice):
    r = send(clients["alice"], name="Club Marines")
    assert r.status_code == 201, r.content[:500]
    pack = Pack.objects.get(official=False)
    assert (pack.owner, pack.system, pack.name, pack.visibility) == (
        alice, "boarding-action", "Club Marines", "private")
    page = Page(r)
    entries = texts(page, "report-entry")
    assert len(entries) == 5
    dread = next(e for e in entries if e.startswith("Brother Dreadnought (se-dread)"))
    assert "Walker" in dread and "base not from the catalogue" in dread
    # Every card but the Land Speeder (a vehicle, no base) has a default base.
    assert len(page.testid("base-unconfirmed")) == 4
    skipped = page.testid("report-skipped")[0].text
    assert "Legacy Squad" in skipped and "Chapter Tactics" in skipped
    assert "not a unit or model" in skipped
    [modifier] = texts(page, "report-rules")
    assert modifier == ("Chapter Champion: set pts 70 (when roster has at least 1 selections "
                        "of Assault Marines) — became a rule")
    assert texts(page, "modifier-counts") == [
        "1 modifiers: 0 applied at import, 1 became rules of the pack (checked against each "
        "list), 0 not evaluated."]
    assert page.testid("report-applied") == page.testid("report-not-evaluated") == []
    assert page.testid("to-pack")[0].attrs["href"] == f"/packs/{pack.id}/"
    assert page.testid("edit-pack")[0].attrs["href"] == f"/packs/{pack.id}/edit/"


def items(page, testid) -> list[str]:
    return [li.text for li in page.testid(testid)[0].find_all("li")]


def test_every_outcome_of_the_modifiers_shows(clients):
    r = send(clients["alice"], catalogue=(ROSTERS / "evaluator-test.cat").read_bytes(),
             name="Wolves")
    assert r.status_code == 201
    page = Page(r)
    assert texts(page, "modifier-counts") == [
        "11 modifiers: 5 applied at import, 3 became rules of the pack (checked against each "
        "list), 3 not evaluated."]
    applied = items(page, "report-applied")
    assert "Vanguard Captain > Vanguard Captain > Void Shield: set pts 15 — applied" in applied
    assert len(items(page, "report-rules")) == 3
    [page_modifier] = [t for t in items(page, "report-not-evaluated") if "page 12" in t]
    assert page_modifier.startswith("Strike Squad: set page 12 — not evaluated")
    assert page_modifier.endswith("changes a field, which the pack does not keep")


def test_zipped_catalogue_without_its_game_system(clients):
    r = send(clients["alice"], catalogue=catz(), game_system=None, name="Zipped")
    assert r.status_code == 201
    entries = texts(Page(r), "report-entry")
    assert any("no entry with id gs-bolt-pistol" in e for e in entries)


@pytest.mark.parametrize(
    ("catalogue", "data", "shown"),
    [
        (MALFORMED, {"name": "Broken"}, "catalogue"),
        (ENTITIES, {"name": "Hostile"}, "catalogue"),
        (CAT, {"name": ""}, "This field is required."),
    ],
    ids=["malformed", "entity-expansion", "no-name"],
)
def test_refusals_show_why_and_store_nothing(clients, catalogue, data, shown):
    r = send(clients["alice"], catalogue=catalogue, **data)
    assert r.status_code == 400
    assert shown in Page(r).text
    assert not Pack.objects.filter(official=False).exists()


def test_a_refused_file_names_its_field_and_reason(clients):
    r = send(clients["alice"], catalogue=MALFORMED, name="Broken")
    [problem] = [li.text for li in Page(r).testid("problems")[0].find_all("li")]
    assert problem.startswith("catalogue :") and len(problem) > len("catalogue : ")


def test_the_next_version_of_ones_own_pack(clients):
    pack = alices_import(clients)
    url = f"/packs/{pack.id}/import/battlescribe/"
    form = Page(clients["alice"].get(url)).testid("catalogue-form")[0]
    assert {i.attrs["name"] for i in form.find_all("input") if i.attrs.get("type") == "file"} == {
        "catalogue", "game_system"}
    assert form.find("input", name="name") is None
    r = send(clients["alice"], url, catalogue=CAT.replace(b'value="17.0"', b'value="16.0"'))
    assert r.status_code == 201
    latest = pack.versions.order_by("-number").first()
    assert latest.number == 2 and latest.note.startswith("imported from BattleScribe")
    cards = {c["key"]: c for c in latest.document["cards"]}
    assert cards["assault-marines"]["points"] == 86 - 4


def test_strangers_get_404_and_anonymous_logs_in(clients):
    pack = alices_import(clients)
    url = f"/packs/{pack.id}/import/battlescribe/"
    assert clients["bob"].get(url).status_code == 404
    assert send(clients["bob"], url).status_code == 404
    assert pack.versions.count() == 1
    for target in (URL, url):
        r = clients["anonymous"].get(target)
        assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert send(clients["anonymous"]).status_code == 302
    assert Pack.objects.filter(official=False).count() == 1


def test_an_editor_imports_the_next_version(clients, official):
    from armylists.packs import services as packs

    erik = client_of(make_user("erik"))
    pack = alices_import(clients)
    packs.pack_update(pack=pack, editors=["erik"])
    changed = CAT.replace(b'value="17.0"', b'value="16.0"')
    r = send(erik, f"/packs/{pack.id}/import/battlescribe/", catalogue=changed)
    assert r.status_code == 201, [li.text for li in Page(r).testid("problems")[0].find_all("li")]
    assert pack.versions.order_by("-number").first().author.username == "erik"


def test_a_game_that_does_not_import_is_a_404(clients, official):
    from armylists.packs.versions import load_official_pack_file

    godslayer = load_official_pack_file(FIXTURES / "godslayer.yaml")[0]
    assert clients["alice"].get(f"{URL}?system=godslayer").status_code == 404
    assert clients["alice"].get(f"/packs/{godslayer.id}/import/battlescribe/").status_code == 404


def test_the_pack_pages_link_to_it(clients):
    mine = Page(clients["alice"].get("/packs/"))
    assert mine.testid("import-catalogue")[0].attrs["href"] == URL
    directory = Page(clients["alice"].get("/packs/g/boarding-action/"))
    assert directory.testid("import-catalogue")[0].attrs["href"] == f"{URL}?system=boarding-action"
    assert Page(clients["alice"].get("/packs/g/godslayer/")).testid("import-catalogue") == []
    pack = alices_import(clients)
    detail = Page(clients["alice"].get(f"/packs/{pack.id}/"))
    assert detail.testid("import-catalogue")[0].attrs["href"] == f"/packs/{pack.id}/import/battlescribe/"


def test_in_german(clients):
    german = clients["alice"]
    german.cookies["django_language"] = "de"
    form_page = Page(german.get(URL))
    assert "BattleScribe-Katalog importieren" in form_page.text
    assert "Katalog (.cat oder .catz)" in form_page.text
    report = Page(send(german, name="Club Marines"))
    assert "Einträge und was aus ihnen wurde" in report.text
    assert "zur Regel geworden" in report.testid("report-rules")[0].text
    assert report.testid("modifier-counts")[0].text.startswith(
        "1 Modifikatoren: 0 beim Import angewandt, 1 zu Regeln des Pakets geworden")
    evaluated = Page(send(german, catalogue=(ROSTERS / "evaluator-test.cat").read_bytes(),
                          name="Wolves"))
    assert "nicht ausgewertet" in evaluated.testid("report-not-evaluated")[0].text
    assert "angewandt" in evaluated.testid("report-applied")[0].text
    assert "Modifikatoren werden ausgewertet" in form_page.text
    assert report.testid("base-unconfirmed")[0].text == "Base nicht aus dem Katalog"


def test_a_post_without_the_csrf_token_is_refused(official, alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert send(client, name="Club Marines").status_code == 403
    assert not Pack.objects.filter(official=False).exists()


def became_of(page, entry_id) -> str:
    row = next(r for r in page.testid("report-entry") if f"({entry_id})" in r.text)
    return " ".join(row.find_all("td")[1].text.split())


def test_the_game_is_named_and_the_report_worded_in_german(clients):
    """Issue 32: the page and the report name the game (its German name, not its key);
    what each entry became and why one was skipped are German under German."""
    german = clients["alice"]
    german.cookies["django_language"] = "de"
    form_page = Page(german.get(URL))
    assert " ".join(form_page.testid("catalogue-game")[0].text.split()) == "Spiel: Enterkommando"
    report = Page(send(german, name="Club Marines"))
    assert " ".join(report.testid("catalogue-game")[0].text.split()) == "Spiel: Enterkommando"
    assert became_of(report, "se-champion") == (
        "Karte chapter-champion: Chapter Champion (Infanterie, 32-mm-Base (Vorgabe, nicht "
        "aus dem Katalog)), 60 Punkte für 1 Modell, 0 Optionen, höchstens 1 je Liste, "
        "1 Regel, gegen die Liste ausgewertet Base nicht aus dem Katalog")
    assert "Läufer" in became_of(report, "se-dread")
    skipped = " ".join(report.testid("report-skipped")[0].text.split())
    assert "Legacy Squad (se-legacy) : im Katalog verborgen" in skipped
    assert "ein Eintrag vom Typ „upgrade“ auf oberster Ebene" in skipped
    assert "boarding-action" not in report.text.replace("/g/boarding-action/", "")


def test_the_report_in_english_says_what_the_api_says(clients):
    english = Page(send(clients["alice"], name="Club Marines"))
    assert became_of(english, "se-champion").startswith(
        "card chapter-champion: Chapter Champion (Infantry, 32 mm base (default, not from the "
        "catalogue)), 60 points for 1 model, 0 options, at most 1 per list, 1 rule evaluated "
        "against the list")
    assert " ".join(english.testid("catalogue-game")[0].text.split()) == "Game: Boarding Action"


def test_my_packs_name_the_game_not_its_key(clients):
    alices_import(clients)
    german = clients["alice"]
    german.cookies["django_language"] = "de"
    mine = Page(german.get("/packs/"))
    assert [g.text for g in mine.testid("pack-game")] == ["Enterkommando"]
