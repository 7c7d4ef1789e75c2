"""BattleScribe roster files of the import tests (tests/fixtures/battlescribe/), a hostile
XML file and a zip maker."""

import io
import zipfile

from tests.support.paths import ROOT

ROSTERS = ROOT / "tests" / "fixtures" / "battlescribe"

BA_ROS = (ROSTERS / "boarding-action.ros").read_bytes()
MH_ROS = (ROSTERS / "mordheim.ros").read_bytes()


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE roster [
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
<roster name="&lol9;" gameSystemName="Mordheim"><forces/></roster>"""


def zipped(members: dict[str, bytes], method=zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=method) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()
