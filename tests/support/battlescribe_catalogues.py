"""BattleScribe catalogues of the tests (issue 20): the hand-written ones in
tests/fixtures/battlescribe/, and the large and hostile ones made here when the tests run
(no megabytes committed). Plus the engine's view of a pack document without a database."""

from rules.engine import Card, Catalogue, Item, SpecialAction, ValidatorSpec, Variant
from tests.support.battlescribe import ROSTERS, zipped

CAT = (ROSTERS / "boarding-test.cat").read_bytes()
GST = (ROSTERS / "boarding-test.gst").read_bytes()
MALFORMED = (ROSTERS / "malformed.cat").read_bytes()

CAT_NS = "http://www.battlescribe.net/schema/catalogueSchema"
HEAD = (f'<?xml version="1.0" encoding="UTF-8"?>\n<catalogue id="cat-big" name="Big Codex" '
        f'revision="1" gameSystemId="gs-muster-test" xmlns="{CAT_NS}">')


def _unit(n: int) -> str:
    """One generated unit: a sergeant and a group of 4-9 troopers with per-model costs,
    a default weapon, two options, a link to a shared entry and a modifier."""
    return f"""
    <selectionEntry id="u{n}" name="Generated Squad {n}" hidden="false" type="unit">
      <categoryLinks><categoryLink id="u{n}-c" name="Troops" targetId="cat-troops" primary="true"/>
        <categoryLink id="u{n}-i" name="Infantry" targetId="cat-infantry" primary="false"/></categoryLinks>
      <modifiers><modifier type="increment" field="cost-pts" value="1">
        <conditions><condition field="selections" scope="roster" value="1" childId="u{n}" type="atLeast"/></conditions>
      </modifier></modifiers>
      <selectionEntries>
        <selectionEntry id="u{n}-sgt" name="Sergeant {n}" hidden="false" type="model">
          <constraints><constraint field="selections" scope="parent" value="1" id="u{n}-s1" type="min"/></constraints>
          <profiles><profile id="u{n}-p" name="Sergeant {n}" typeId="pt-unit" typeName="Unit"><characteristics>
            <characteristic name="WS">4</characteristic><characteristic name="BS">4</characteristic>
            <characteristic name="S">4</characteristic><characteristic name="T">4</characteristic>
            <characteristic name="W">1</characteristic><characteristic name="I">4</characteristic>
            <characteristic name="A">2</characteristic><characteristic name="Ld">9</characteristic>
            <characteristic name="Save">3+</characteristic></characteristics></profile></profiles>
          <selectionEntries>
            <selectionEntry id="u{n}-w" name="Sword {n}" hidden="false" type="upgrade">
              <constraints><constraint field="selections" scope="parent" value="1" id="u{n}-w1" type="min"/></constraints>
              <costs><cost name="pts" typeId="cost-pts" value="1"/></costs></selectionEntry>
            <selectionEntry id="u{n}-o" name="Plasma Pistol {n}" hidden="false" type="upgrade">
              <costs><cost name="pts" typeId="cost-pts" value="15"/></costs></selectionEntry>
          </selectionEntries>
          <entryLinks><entryLink id="u{n}-l" name="" hidden="false" targetId="gs-melta-bombs" type="selectionEntry"/></entryLinks>
          <costs><cost name="pts" typeId="cost-pts" value="20"/></costs>
        </selectionEntry>
      </selectionEntries>
      <selectionEntryGroups>
        <selectionEntryGroup id="u{n}-g" name="Troopers" hidden="false" defaultSelectionEntryId="u{n}-t">
          <constraints><constraint field="selections" scope="parent" value="4" id="u{n}-g1" type="min"/>
            <constraint field="selections" scope="parent" value="9" id="u{n}-g2" type="max"/></constraints>
          <selectionEntries>
            <selectionEntry id="u{n}-t" name="Trooper {n}" hidden="false" type="model">
              <costs><cost name="pts" typeId="cost-pts" value="{10 + n % 7}"/></costs></selectionEntry>
          </selectionEntries>
        </selectionEntryGroup>
      </selectionEntryGroups>
      <costs><cost name="pts" typeId="cost-pts" value="0"/></costs>
    </selectionEntry>"""


def large_catalogue(units: int) -> bytes:
    """A codex of ``units`` generated units (2,000 of them make about 5 MB of XML)."""
    body = "".join(_unit(n) for n in range(units))
    return f"{HEAD}<selectionEntries>{body}</selectionEntries></catalogue>".encode()


def large_unit_points(n: int) -> int:
    """What generated unit ``n`` costs at its minimum: sergeant 20 + sword 1 + 4 troopers."""
    return 21 + 4 * (10 + n % 7)


def flat_catalogue(elements: int) -> bytes:
    """A catalogue of ``elements`` elements in all, most of them empty."""
    return (HEAD + "<rules>" + "<rule/>" * (elements - 2) + "</rules></catalogue>").encode()


def deep_catalogue(depth: int) -> bytes:
    return (HEAD + "<x>" * (depth - 1) + "</x>" * (depth - 1) + "</catalogue>").encode()


ENTITIES = b"""<?xml version="1.0"?>
<!DOCTYPE catalogue [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<catalogue id="x" name="&lol9;" gameSystemId="gs-muster-test"/>"""

EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE catalogue [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<catalogue id="x" name="&secret;" gameSystemId="gs-muster-test"/>"""


def zip_bomb() -> bytes:
    """A .catz whose one member unpacks to 13 MB (past the 12 MB bound) from a few KB."""
    member = HEAD.encode() + b" " * 13_000_000 + b"</catalogue>"
    return zipped({"bomb.cat": member})


def catz(data: bytes = CAT, name: str = "boarding-test.cat") -> bytes:
    return zipped({name: data})


def catalogue_of(pack: dict) -> Catalogue:
    """A pack document as the engine sees it, without a database (cards with their base,
    options and attributes; items; special actions; validators)."""
    items = {
        i["key"]: Item(key=i["key"], name=i["name"], kind=i["kind"], points=i.get("points", 0),
                       attributes=i.get("attributes", {}))
        for i in pack.get("items", [])
    }

    def priced(refs):
        return {r["key"]: items[r["key"]].points if r.get("points") is None else r["points"]
                for r in refs}

    cards = {
        c["key"]: Card(key=c["key"], name=c["name"], points=c.get("points", 0),
                       base_mm=c.get("base_mm"), allowed_options=priced(c.get("options", [])),
                       attributes=c.get("attributes", {}))
        for c in pack.get("cards", [])
    }
    actions = {
        a["key"]: SpecialAction(a["key"], a["name"], a.get("role"), a.get("points", 0),
                                variants=tuple(Variant(v["key"], v["name"], v["points"])
                                               for v in a.get("variants", [])))
        for a in pack.get("special_actions", [])
    }
    return Catalogue(
        system=pack["system"]["key"], name=pack["system"]["name"],
        data_version=pack["system"]["data_version"],
        attributes=pack["system"].get("attributes", {}),
        cards=cards, items=items, special_actions=actions,
        validators=tuple(ValidatorSpec(v["code"], v.get("params", {}))
                         for v in pack.get("validators", [])),
    )
