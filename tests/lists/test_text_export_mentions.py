"""Markdown and compact exports (what players paste into Discord) ping nobody: "@everyone",
"@here", "@name" and "<@id>" mentions in names and notes reach the chat as text."""

import pytest

from armylists.lists.text_export import no_mentions
from tests.support.text_export import TYPICAL_GODSLAYER

pytestmark = pytest.mark.django_db

ZWSP = "\u200b"


@pytest.mark.parametrize(
    ("typed", "pasted"),
    [
        ("@everyone", f"@{ZWSP}everyone"),
        ("@here now", f"@{ZWSP}here now"),
        ("ask @Bjorn", f"ask @{ZWSP}Bjorn"),
        ("<@123456789>", f"<@{ZWSP}123456789>"),
        ("<@&42> role", f"<@{ZWSP}&42> role"),
        ("a lone @ sign", "a lone @ sign"),
        (f"@{ZWSP}everyone", f"@{ZWSP}everyone"),  # never twice
    ],
)
def test_it_neutralises_mentions(typed, pasted):
    assert no_mentions(typed) == pasted


@pytest.mark.parametrize("fmt", ["markdown", "compact"])
def test_an_export_pings_nobody(client, godslayer, fmt):
    document = TYPICAL_GODSLAYER | {
        "name": "@everyone raid",
        "entries": [
            {**TYPICAL_GODSLAYER["entries"][2], "name": "@here Bjorn <@123456789>"},
        ],
    }
    response = client.post(
        f"/api/v1/render/?format={fmt}", document, content_type="application/json"
    )
    assert response.status_code == 200
    text = response.json()["text"]
    assert "everyone raid" in text and "Bjorn" in text
    for mention in ("@everyone", "@here", "<@123456789>"):
        assert mention not in text, f"{mention} in {text!r}"
    assert f"@{ZWSP}everyone" in text


def test_the_plain_text_export_stays_as_typed(client, godslayer):
    document = TYPICAL_GODSLAYER | {"name": "Raid @ dawn, mail raid@example.org"}
    response = client.post("/api/v1/render/?format=text", document, content_type="application/json")
    assert response.json()["text"].startswith("Raid @ dawn, mail raid@example.org")
