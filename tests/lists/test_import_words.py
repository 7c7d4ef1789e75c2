"""The import and open pages: a file that is not a list is refused in a player's words (the
API keeps its exact reader messages), and the import page takes pasted text too."""

import json

import pytest

from tests.support.pages import Page
from tests.support.text_export import TYPICAL_GODSLAYER

pytestmark = pytest.mark.django_db

IMPORT_URL = "/lists/import/"
OPEN_URL = "/lists/open/"


def problems(response) -> list[str]:
    page = Page(response)
    found = page.testid("import-problems") or page.testid("open-problems")
    return [li.text.strip() for node in found for li in node.find_all("li")]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("hello", "This text is not a list file Muster can read: its first mistake is at "
                  "line 1, character 1."),
        ('{"name": "Raid",\n "entries": [', "its first mistake is at line 2, character"),
        ("[1, 2]", "This text is not a list file: it holds no list (name, game and entries)."),
        ("42", "This text is not a list file: it holds no list (name, game and entries)."),
    ],
)
@pytest.mark.parametrize("url", [IMPORT_URL, OPEN_URL])
def test_a_text_that_is_not_a_list_is_refused_in_words(alice_client, godslayer, url, text, said):
    field = "text" if url == IMPORT_URL else "document"
    response = alice_client.post(url, {field: text})
    assert response.status_code == 400
    [problem] = problems(response)
    assert said in problem
    assert "exported from Muster" in problem
    assert "Expecting" not in problem and "char " not in problem


def test_the_api_keeps_its_exact_message(client, godslayer):
    response = client.post("/api/v1/validate/", "hello", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


def test_an_empty_file_is_said_to_be_empty(alice_client, godslayer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("list.json", b"   ", content_type="application/json")
    response = alice_client.post(IMPORT_URL, {"file": upload})
    assert response.status_code == 400
    [problem] = problems(response)
    assert problem.startswith("The file is empty.")


def test_nothing_chosen_nothing_pasted(alice_client, godslayer):
    response = alice_client.post(IMPORT_URL, {"text": "  "})
    assert response.status_code == 400
    assert "Choose a list file, or paste the list&#x27;s text." in response.content.decode() or (
        "Choose a list file, or paste the list's text." in Page(response).text
    )


def test_pasted_text_imports_the_list(alice_client, godslayer):
    response = alice_client.post(IMPORT_URL, {"text": json.dumps(TYPICAL_GODSLAYER)})
    assert response.status_code == 302
    page = Page(alice_client.get(response["Location"]))
    assert page.status == 200
    assert "The Jarl" in page.text


def test_the_import_page_offers_the_text_field(alice_client, godslayer):
    page = Page(alice_client.get(IMPORT_URL))
    assert page.root.find("textarea", name="text") is not None
    assert "Or paste the list" in page.text


def test_in_german(alice_client, godslayer):
    response = alice_client.post(IMPORT_URL, {"text": "hello"}, HTTP_ACCEPT_LANGUAGE="de")
    [problem] = problems(response)
    assert "Zeile 1, Zeichen 1" in problem
